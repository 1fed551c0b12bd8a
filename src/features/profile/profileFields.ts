/**
 * The profile form's fields: their values from the profile row (or, without
 * one, from the account's metadata), the columns a save writes, and their labels.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProfileRow } from '../../data';
import { formatPhone } from '../../domain/projectRules';

/** The profile form's values. */
export interface Fields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Product rules "Error messages": without a profile row, one built from the account metadata (first name default 'User'). */
export function initialFields(
  profile: ProfileRow | null,
  meta: Record<string, unknown>,
  email: string,
): Fields {
  return {
    first_name: str(profile?.first_name) || str(meta.first_name) || 'User',
    last_name: str(profile?.last_name) || str(meta.last_name),
    email: str(profile?.email) || email,
    phone: formatPhone(str(profile?.phone)),
    address: str(profile?.address),
  };
}

/** The profile columns a save writes from the form's fields. */
export function toColumns(f: Fields) {
  return {
    first_name: f.first_name.trim() || null,
    last_name: f.last_name.trim() || null,
    email: f.email.trim() || null,
    phone: f.phone || null,
    address: f.address.trim() || null,
  };
}

export const FIELD_LABELS: Record<keyof Fields, MessageDescriptor> = {
  first_name: msg`First name`,
  last_name: msg`Last name`,
  email: msg`Email`,
  phone: msg`Phone`,
  address: msg`Address`,
};
