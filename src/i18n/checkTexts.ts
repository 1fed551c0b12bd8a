/**
 * The order checks (src/domain/orderChecks.ts) and the parts left off the order
 * (src/domain/doorOrder.ts) worded in a language: the domain gives each check as data
 * (`CheckWords`) beside its English line, and this writes the line from the data, so Spanish
 * never pieces a sentence together from English parts. Sizes stay tape-measure text (inches and
 * fractions are not translated). `into` is the Lingui instance of the language wanted: the app's,
 * or the door order's document language.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CheckWords, PartCheckWords } from '../domain/orderChecks';
import type { OrderWarning } from '../domain/doorOrder';
import { ITEM_SIZE_ERROR_TEXT } from '../domain/itemSize';
import { domainText } from './domainTexts';
import { i18n } from './i18n';

const FIELD = {
  width: msg`width`,
  height: msg`height`,
  'door style': msg`door style`,
  'drawer-front style': msg`drawer-front style`,
  color: msg`color`,
  'side reveal': msg`side reveal`,
  'vertical reveal': msg`vertical reveal`,
} as const;

/** What a part's check says, without where (`door 26 1/2" wide — …`). */
export function partCheckText(says: PartCheckWords, into: I18n = i18n): string {
  switch (says.id) {
    case 'not-measured': {
      const field = into._(FIELD[says.field]);
      return into._(msg`${field} not measured`);
    }
    case 'not-a-size': {
      const field = into._(FIELD[says.field]);
      const typed = says.typed;
      return into._(msg`${field} “${typed}” is not a size`);
    }
    case 'over-max': {
      const field = into._(FIELD[says.field]);
      const typed = says.typed;
      return into._(msg`${field} “${typed}” is over 120"`);
    }
    case 'wide-opening': {
      const size = says.size;
      return into._(msg`opening ${size} wide — over 60", check the measurement`);
    }
    case 'invalid-size':
      return into._(msg`finished size would be zero or negative — not on the order`);
    case 'wide-door': {
      const size = says.size;
      return into._(
        msg`door ${size} wide — a single door over 24" sags and swings far into the room; consider a split pair`,
      );
    }
    case 'tall-door': {
      const size = says.size;
      return into._(
        msg`door ${size} tall — over 60" needs 3 or more hinges per leaf (the hinge count has 2)`,
      );
    }
    case 'low-drawer-front': {
      const size = says.size;
      return into._(
        msg`drawer front ${size} high — under 4" is too short for most five-piece fronts; expect a slab`,
      );
    }
  }
}

/**
 * One check as a line. `withCabinet` false leaves out "Cabinet 3 " (a cabinet's card says
 * which cabinet it is): "Door 1: …".
 */
export function checkText(words: CheckWords, into: I18n = i18n, withCabinet = true): string {
  switch (words.id) {
    case 'missing-style': {
      const field = into._(FIELD[words.field]);
      return into._(
        msg`Job: ${field} not entered — a door maker cannot make the pieces without it; enter it under Cabinet Details`,
      );
    }
    case 'wide-reveal': {
      const reveal = into._(FIELD[words.reveal]);
      const size = words.size;
      return into._(
        msg`Job: ${reveal} ${size} — at 1/2" or more the doors barely cover the face frame; check the reveal`,
      );
    }
    case 'unknown-type': {
      const cabinet = words.cabinet;
      const type = words.type || into._(msg`no type`);
      return withCabinet
        ? into._(msg`Cabinet ${cabinet}: unknown cabinet type “${type}” — not on the order`)
        : into._(msg`unknown cabinet type “${type}” — not on the order`);
    }
    case 'part': {
      const part = `${domainText(words.part, into)} ${words.index + 1}`;
      const says = partCheckText(words.says, into);
      const cabinet = words.cabinet;
      return withCabinet
        ? into._(msg`Cabinet ${cabinet} ${part}: ${says}`)
        : into._(msg`${part}: ${says}`);
    }
    case 'pair-differs': {
      const { cabinet, a, b, sizeA, sizeB } = words;
      const part = domainText(words.part, into);
      return withCabinet
        ? into._(
            msg`Cabinet ${cabinet} ${part} ${a} and ${b}: the pair differs (${sizeA} vs ${sizeB}) — a pair should match; re-measure both openings`,
          )
        : into._(
            msg`${part} ${a} and ${b}: the pair differs (${sizeA} vs ${sizeB}) — a pair should match; re-measure both openings`,
          );
    }
  }
}

/** Why a part is left off the order (itemSize's reason, or an unknown type), in `into`'s language. */
export function leftOutReason(reason: string, into: I18n = i18n): string {
  return reason === 'unknown cabinet type'
    ? into._(msg`unknown cabinet type`)
    : domainText(reason, into);
}

/** A part or cabinet left off the order (`computeDoorOrder`'s warning) as one line. */
export function orderWarningText(w: OrderWarning, into: I18n = i18n): string {
  const cabinet = w.row + 1;
  const type = w.cabinetType || into._(msg`no type`);
  if (w.code === 'unknown-cabinet-type')
    return into._(msg`Cabinet ${cabinet} (${type}): unknown cabinet type — left out of the order`);
  const part = `${domainText(w.part, into)} ${w.index + 1}`;
  const reason = domainText(ITEM_SIZE_ERROR_TEXT[w.code], into);
  return into._(msg`Cabinet ${cabinet} (${type}), ${part}: ${reason} — left out of the order`);
}
