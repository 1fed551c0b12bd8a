/**
 * The question every way a door order leaves the device asks while it has
 * a red check (a missing door style or color, a part not measured): what
 * is missing, then "Go back" or "Send anyway". A door maker builds what the
 * file says, so an order that is not ready leaves only when the contractor
 * says so: downloads (CSV, Excel, JSON), Share, and placing the order with
 * the maker.
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { OrderCheck } from '../../domain/orderExport';
import { checkText } from '../../i18n/checkTexts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** What leaves the device for the door maker, and so asks first while a red check stands. */
export type OrderSendKind = 'csv' | 'excel' | 'json' | 'share' | 'place';

const SEND_WORDS: Record<OrderSendKind, MessageDescriptor> = {
  csv: msg`Download the CSV anyway? The door maker builds what the file says, and this is missing:`,
  excel: msg`Download the Excel workbook anyway? The door maker builds what the file says, and this is missing:`,
  json: msg`Download the JSON anyway? The door maker builds what the file says, and this is missing:`,
  share: msg`Share the CSV anyway? The door maker builds what the file says, and this is missing:`,
  place: msg`Place the order anyway? The door maker builds what the order says, and this is missing:`,
};

/** The red checks among an order's `checks` (level "error"). */
export function redChecks(checks: readonly OrderCheck[]): OrderCheck[] {
  return checks.filter((c) => c.level === 'error');
}

/**
 * "The order is not ready: N red checks", the `red` checks listed in the
 * app's language, "Go back" (`onClose`) or "Send anyway" (`onSend`, then
 * closed).
 */
export function RedChecksDialog({
  kind,
  red,
  onSend,
  onClose,
}: {
  kind: OrderSendKind;
  red: readonly OrderCheck[];
  onSend: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <ConfirmDialog
      title={plural(red.length, {
        one: 'The order is not ready: # red check',
        other: 'The order is not ready: # red checks',
      })}
      message={i18n._(SEND_WORDS[kind])}
      confirmLabel={t`Send anyway`}
      cancelLabel={t`Go back`}
      onClose={onClose}
      onConfirm={() => {
        onSend();
        return Promise.resolve(null);
      }}
    >
      <ul className="ord-red-checks">
        {red.map((c, i) => (
          <li key={i}>{c.words ? checkText(c.words, i18n) : c.message}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
