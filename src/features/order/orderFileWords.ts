/**
 * The door order's files (the CSV and the workbook) in the door maker's language: every heading,
 * sheet name and fixed word by its English (the constants of src/domain/orderExport.ts and
 * ./orderWorkbook.ts), the items, the order checks written from their data, the parts left off
 * with their reason, and the hinge rule and overlay lines, as the printed sheet words them. The
 * values typed by the contractor (styles, names, cabinet types) stay as typed; the JSON stays
 * English (a program reads it).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { checkText, leftOutReason } from '../../i18n/checkTexts';
import type { OrderColumn } from '../../domain/orderExport';
import { hingeRuleWords, overlayText, partWords } from './OrderSheet';
import type { WorkbookText, WorkbookWords } from './orderWorkbook';

const TEXTS: Record<OrderColumn | WorkbookText | 'Door' | 'Drawer front', MessageDescriptor> = {
  Item: msg`Item`,
  Qty: msg`Qty`,
  'Width (in)': msg`Width (in)`,
  'Width (fraction)': msg`Width (fraction)`,
  'Height (in)': msg`Height (in)`,
  'Height (fraction)': msg`Height (fraction)`,
  'Door style': msg`Door style`,
  'Drawer-front style': msg`Drawer-front style`,
  Color: msg`Color`,
  Finish: msg`Finish`,
  NRS: msg`NRS`,
  Overlay: msg`Overlay`,
  'Hinges per piece': msg`Hinges per piece`,
  Cabinets: msg`Cabinets`,
  'PO number': msg`PO number`,
  Customer: msg`Customer`,
  'Job address': msg`Job address`,
  'Contractor company': msg`Contractor company`,
  'Contractor name': msg`Contractor name`,
  'Contractor phone': msg`Contractor phone`,
  'Contractor email': msg`Contractor email`,
  'Order date': msg`Order date`,
  'Red checks': msg`Red checks`,
  'Area per piece (sq ft)': msg`Area per piece (sq ft)`,
  'Line area (sq ft)': msg`Line area (sq ft)`,
  'Price per sq ft': msg`Price per sq ft`,
  'Line price': msg`Line price`,
  'Doors and drawer fronts': msg`Doors and drawer fronts`,
  Hinges: msg`Hinges`,
  Checks: msg`Checks`,
  'Job details': msg`Job details`,
  'Size (in)': msg`Size (in)`,
  'Size (fraction)': msg`Size (fraction)`,
  'Part number': msg`Part number`,
  Rule: msg`Rule`,
  Level: msg`Level`,
  Cabinet: msg`Cabinet`,
  Message: msg`Message`,
  Field: msg`Field`,
  Value: msg`Value`,
  Currency: msg`Currency`,
  Doors: msg`Doors`,
  'Drawer fronts': msg`Drawer fronts`,
  'Hinges (with boring)': msg`Hinges (with boring)`,
  Total: msg`Total`,
  Error: msg`Error`,
  Warning: msg`Warning`,
  Job: msg`Job`,
  Price: msg`Price`,
  'Not on this order': msg`Not on this order`,
  Door: msg`Door`,
  'Drawer front': msg`Drawer front`,
};

/** The CSV's and the workbook's words in `into`'s language (the sheet's Lingui instance). */
export function orderFileWords(into: I18n): WorkbookWords {
  return {
    column: (name) => into._(TEXTS[name]),
    item: (item) => into._(TEXTS[item]),
    check: (c) => (c.words ? checkText(c.words, into) : c.message),
    text: (english) => into._(TEXTS[english]),
    leftOut: (n) => {
      const type = n.cabinetType || into._(msg`no type`);
      const reason = leftOutReason(n.reason, into);
      const part = n.part ? partWords(n.part, into) : '';
      return part ? into._(msg`${type}, ${part}: ${reason}`) : into._(msg`${type}: ${reason}`);
    },
    hingeRule: (x) => hingeRuleWords(x.hingeRule, into),
    overlay: (x) => overlayText(x.styles.overlay, into),
  };
}
