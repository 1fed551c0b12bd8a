/**
 * The words of the quote lines the door order writes (src/domain/quoteStart.ts), in a Lingui
 * instance's language: the homeowner's documents' language (src/hooks/documentLanguage.ts) for a
 * quote and a change order alike. In the shared catalog, which every feature screen and the
 * documents' instance load.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { QuoteLineWords } from '../domain/quoteTotals';

const M = {
  door: msg({ message: 'Door {size}' }),
  doorStyled: msg({ message: 'Door {size}, {style}' }),
  drawerFront: msg({ message: 'Drawer front {size}' }),
  drawerFrontStyled: msg({ message: 'Drawer front {size}, {style}' }),
  hinge: msg({ message: 'Hinge for {overlay} overlay, with boring' }),
  finish: msg({ message: 'Finish, per sq ft of doors and drawer fronts' }),
  finishNamed: msg({ message: 'Finish: {finish}, per sq ft of doors and drawer fronts' }),
  laborPerDoor: msg({ message: 'Labor, per door' }),
  laborPerDrawerFront: msg({ message: 'Labor, per drawer front' }),
  removal: msg({ message: 'Remove and haul away the old doors and drawer fronts' }),
  delivery: msg({ message: 'Delivery' }),
};

/** `m` with `values` in `i18n`'s language. */
function say(i18n: I18n, m: MessageDescriptor, values: Record<string, string>): string {
  return i18n._(m.id, values, { message: m.message });
}

/** The generated lines' words in `i18n`'s language. */
export function lineWords(i18n: I18n): QuoteLineWords {
  return {
    door: (size, style) =>
      style === '' ? say(i18n, M.door, { size }) : say(i18n, M.doorStyled, { size, style }),
    drawerFront: (size, style) =>
      style === ''
        ? say(i18n, M.drawerFront, { size })
        : say(i18n, M.drawerFrontStyled, { size, style }),
    hinge: (overlay) => say(i18n, M.hinge, { overlay }),
    finish: (finish) => (finish === '' ? i18n._(M.finish) : say(i18n, M.finishNamed, { finish })),
    laborPerDoor: () => i18n._(M.laborPerDoor),
    laborPerDrawerFront: () => i18n._(M.laborPerDrawerFront),
    removal: () => i18n._(M.removal),
    delivery: () => i18n._(M.delivery),
  };
}
