/**
 * The fixed English texts src/domain returns (the spec's words, which are the English catalog's
 * ids' source) in the language shown. src/domain stays free of Lingui (the CLI and the benches run
 * it under plain tsx, where macros are not compiled), so the screens pass what it returns through
 * `domainText`. A text not listed here shows as it is.
 */
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  PASSWORD_HINT_TEXT,
  PASSWORD_TOO_SHORT_TEXT,
  PASSWORDS_DIFFER_TEXT,
  REQUIRED_FIELDS_TEXT,
} from '../domain/passwordRules';
import { readTooLongText } from '../domain/userText';

import { i18n } from './i18n';
import { formatNumber } from './format';
import { BUILDER_DOMAIN_TEXTS } from './builderDomainTexts';

/** English text → its message. The test holds each message's English to its key. */
export const DOMAIN_TEXTS: Readonly<Record<string, MessageDescriptor>> = {
  ...BUILDER_DOMAIN_TEXTS,
  [REQUIRED_FIELDS_TEXT]: msg`Please fill in all required fields`,
  [PASSWORD_TOO_SHORT_TEXT]: msg`Password must be at least 6 characters long`,
  [PASSWORDS_DIFFER_TEXT]: msg`Passwords do not match`,
  [PASSWORD_HINT_TEXT]: msg`At least 6 characters.`,
  'Project name is required': msg`Project name is required`,
  'Please select a project type': msg`Please select a project type`,
  'Customer name is required': msg`Customer name is required`,
  'Address is required': msg`Address is required`,
  'Phone number is required': msg`Phone number is required`,
  'Please enter a valid 10-digit US phone number': msg`Please enter a valid 10-digit US phone number`,
  'Email is required': msg`Email is required`,
  'Please enter a valid email address': msg`Please enter a valid email address`,
  'Please select at least one project scope': msg`Please select at least one project scope`,
  'File not found': msg`File not found`,
  'Enter a hinge size like 1 7/16': msg`Enter a hinge size like 1 7/16`,
  'Enter the part number': msg`Enter the part number`,
  'Keep the company name under 120 characters': msg`Keep the company name under 120 characters`,
  'Keep the part number under 60 characters': msg`Keep the part number under 60 characters`,
  'Use a 3-letter currency code, e.g. USD': msg`Use a 3-letter currency code, e.g. USD`,
  'Enter a percent more than 0 and at most 100, like 10': msg`Enter a percent more than 0 and at most 100, like 10`,
  'Enter an amount more than $0, like 1,000': msg`Enter an amount more than $0, like 1,000`,
  'Keep the deposit cap at $1,000,000 or less': msg`Keep the deposit cap at $1,000,000 or less`,
  'Enter a 5-digit ZIP code': msg`Enter a 5-digit ZIP code`,
  'Keep the description under 2,000 characters': msg`Keep the description under 2,000 characters`,
  'Share at most 20 photos': msg`Share at most 20 photos`,
  'Enter a date': msg`Enter a date`,
  'The needed-by date is in the past': msg`The needed-by date is in the past`,
  Homeowner: msg`Homeowner`,
  Contractor: msg`Contractor`,
  Organization: msg`Organization`,
};

/**
 * "Keep this to 200 characters (it has 201)" in the language shown (ICU plural on the limit);
 * without `length`, "Keep this to 200 characters". Every form's too-long message reads through
 * here, by way of `domainText`.
 */
export function tooLongMessage(limit: number, length?: number, into: I18n = i18n): string {
  if (length === undefined)
    return into._(
      msg`${plural(limit, { one: 'Keep this to # character', other: 'Keep this to # characters' })}`,
    );
  const has = formatNumber(length);
  return into._(
    msg`${plural(limit, {
      one: `Keep this to # character (it has ${has})`,
      other: `Keep this to # characters (it has ${has})`,
    })}`,
  );
}

/**
 * `text` in the language shown (or `into`'s, e.g. the door order's document language) when it is
 * one of the domain's fixed texts; else `text` itself.
 */
export function domainText(text: string, into?: I18n): string;
export function domainText(text: string | null | undefined, into?: I18n): string | null;
export function domainText(text: string | null | undefined, into: I18n = i18n): string | null {
  if (text === null || text === undefined) return null;
  const tooLong = readTooLongText(text);
  if (tooLong) return tooLongMessage(tooLong.limit, tooLong.length, into);
  const message = DOMAIN_TEXTS[text];
  return message ? into._(message) : text;
}
