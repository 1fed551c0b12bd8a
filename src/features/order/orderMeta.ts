/** What the door order sheet says of its sender and how its files are named. */
import type { ProfileRow } from '../../data';

/** The contractor on the sheet: name, phone, email and address (any may be ''). */
export interface OrderContractor {
  name: string;
  phone: string;
  email: string;
  address: string;
}

/** A file name of letters, digits, dots, dashes and underscores ('order' when nothing is left). */
export function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'order';
}

/** A text value trimmed; '' for anything else. */
export function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** The contractor's name and contact for the sheet: the profile, else the account. */
export function contractorOf(
  profile: ProfileRow | null | undefined,
  meta: Record<string, unknown>,
  email: string,
): OrderContractor {
  const name = [
    str(profile?.first_name) || str(meta.first_name),
    str(profile?.last_name) || str(meta.last_name),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    name,
    phone: str(profile?.phone) || str(meta.phone),
    email: str(profile?.email) || email,
    address: str(profile?.address),
  };
}
