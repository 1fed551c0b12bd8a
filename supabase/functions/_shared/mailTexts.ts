/**
 * The texts of every mail the backend sends, in the recipient's language: the
 * local server's auth mails (server/auth/shared.ts) and the invitation mails of
 * the Edge Functions (invite.ts, the same code on Deno and on the local server).
 *
 * One Lingui catalog, `mails` (`./locales/<locale>/mails.po`, extracted with the
 * app's catalogs by `npm run extract`; compiled to `./locales/<locale>/mails.ts` by
 * scripts/compile-mails.ts, since Deno runs no Lingui build step). Each mail is
 * whole sentences with placeholders and ICU plurals, never sentence parts glued
 * together. Messages carry explicit ids (no macro here: Deno runs this file as is).
 */
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { messages as en } from './locales/en/mails.ts';
import { messages as es } from './locales/es/mails.ts';
import type { CsvWords, DOOR_ORDER_CSV_COLUMNS } from '../../../shared/doorOrderCsv.ts';

/** The languages mails are written in (the app's, src/i18n/locales.ts). */
export const MAIL_LOCALES = ['en', 'es'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/** Days an invitation link works (the database's `create_*_invite` sets 7 days). */
export const INVITE_DAYS = 7;

/**
 * The mail language for a stored BCP 47 tag (`profiles.locale`, sign-up
 * metadata, a request's choice): `es-MX` → `es`; null, unknown or malformed → English.
 */
export function mailLocale(tag: unknown): MailLocale {
  if (typeof tag !== 'string') return 'en';
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (MAIL_LOCALES as readonly string[]).includes(base) ? (base as MailLocale) : 'en';
}

const catalogs = { en, es };
const instances = new Map<MailLocale, I18n>();

/** One Lingui instance per language, made on first use (mails in two languages may go out at once). */
function i18nFor(locale: MailLocale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

function text(
  locale: MailLocale,
  d: MessageDescriptor,
  values?: Record<string, string | number>,
): string {
  return i18nFor(locale)._({ ...d, values });
}

/** A mail's subject and plain-text body. */
export interface MailText {
  subject: string;
  text: string;
}

/** The kinds of auth link mail (GoTrue's names). */
export type AuthLinkType = 'signup' | 'recovery' | 'email_change';

const AUTH_SUBJECTS: Record<AuthLinkType, MessageDescriptor> = {
  signup: /*i18n*/ { id: 'mail.signup.subject', message: 'Confirm your signup' },
  recovery: /*i18n*/ { id: 'mail.recovery.subject', message: 'Reset your password' },
  email_change: /*i18n*/ { id: 'mail.emailChange.subject', message: 'Confirm email change' },
};
const AUTH_BODIES: Record<AuthLinkType, MessageDescriptor> = {
  signup: /*i18n*/ {
    id: 'mail.signup.text',
    message: 'Follow this link to confirm your email address:\n\n{link}\n',
  },
  recovery: /*i18n*/ {
    id: 'mail.recovery.text',
    message: 'Follow this link to reset the password for your account:\n\n{link}\n',
  },
  email_change: /*i18n*/ {
    id: 'mail.emailChange.text',
    message:
      'Follow this link to confirm the update of your email address to this one:\n\n{link}\n',
  },
};

/** An auth mail with its verify `link` (confirm a sign-up, reset a password, confirm a new address). */
export function authLinkMail(type: AuthLinkType, link: string, locale: MailLocale): MailText {
  return {
    subject: text(locale, AUTH_SUBJECTS[type]),
    text: text(locale, AUTH_BODIES[type], { link }),
  };
}

/** The mail to the owner of an address someone tried to sign up with again. */
export function alreadyRegisteredMail(signInUrl: string, locale: MailLocale): MailText {
  return {
    subject: text(
      locale,
      /*i18n*/ { id: 'mail.alreadyRegistered.subject', message: 'You already have an account' },
    ),
    text: text(
      locale,
      /*i18n*/ {
        id: 'mail.alreadyRegistered.text',
        message:
          'Someone tried to create an account with this email address, which already has one.\n\nIf it was you, sign in or reset your password:\n\n{signInUrl}\n\nIf not, you can ignore this message.\n',
      },
      { signInUrl },
    ),
  };
}

/** Names a mail shows when the inviter or project has none. */
export function mailFallbackName(
  which: 'someone' | 'aProject' | 'yourOrganization',
  locale: MailLocale,
): string {
  const names: Record<typeof which, MessageDescriptor> = {
    someone: /*i18n*/ { id: 'mail.fallback.someone', message: 'Someone' },
    aProject: /*i18n*/ { id: 'mail.fallback.aProject', message: 'a project' },
    yourOrganization: /*i18n*/ {
      id: 'mail.fallback.yourOrganization',
      message: 'Your organization',
    },
  };
  return text(locale, names[which]);
}

/**
 * What a project invitation lets the person do, in the words of the role it
 * grants (product rules "Who is who on a job"): the homeowner follows her job
 * and adds photos, a contractor invited to edit measures and prepares the
 * order, a viewer follows it read-only. Each a whole sentence.
 */
const PROJECT_INVITE_BODIES: Record<'owner' | 'contractor' | 'viewer', MessageDescriptor> = {
  contractor: /*i18n*/ {
    id: 'mail.projectInvite.contractor',
    message:
      '{who} invited you to work on the project "{project}" on Refacing as a contractor: measure the cabinets, edit the door order and message the homeowner.',
  },
  viewer: /*i18n*/ {
    id: 'mail.projectInvite.viewer',
    message:
      '{who} invited you to follow the project "{project}" on Refacing, read-only: its status, photos and the cabinet order.',
  },
  owner: /*i18n*/ {
    id: 'mail.projectInvite.owner',
    message:
      '{who} invited you to follow your project "{project}" on Refacing as its homeowner: its status, photos and the cabinet order.',
  },
};

/**
 * A project invitation: `who` invited the recipient to `project` with `role`
 * (owner = homeowner, contractor, viewer; anything else reads as owner); the
 * `link` works once and for `days` ({@link INVITE_DAYS} by default). Names are already one safe line.
 */
export function projectInviteMail(
  m: { who: string; project: string; role: string; link: string; days?: number },
  locale: MailLocale,
): MailText {
  const role = m.role === 'contractor' || m.role === 'viewer' ? m.role : 'owner';
  const values = { who: m.who, project: m.project, link: m.link, days: m.days ?? INVITE_DAYS };
  return {
    subject: text(
      locale,
      /*i18n*/ { id: 'mail.projectInvite.subject', message: '{who} invited you to {project}' },
      values,
    ),
    text: `${text(locale, PROJECT_INVITE_BODIES[role], values)}\n\n${text(
      locale,
      /*i18n*/ {
        id: 'mail.projectInvite.open',
        message:
          'Open this link to sign up or sign in and join (it works once and expires in {days, plural, one {# day} other {# days}}):\n\n{link}\n',
      },
      values,
    )}`,
  };
}

/** A team invitation from `who` (an organization's admin); the `link` works once and for {@link INVITE_DAYS} days. */
export function teamInviteMail(
  m: { who: string; link: string; days?: number },
  locale: MailLocale,
): MailText {
  const values = { who: m.who, link: m.link, days: m.days ?? INVITE_DAYS };
  return {
    subject: text(
      locale,
      /*i18n*/ {
        id: 'mail.teamInvite.subject',
        message: 'Team invitation: {who} invited you to join their team',
      },
      values,
    ),
    text: text(
      locale,
      /*i18n*/ {
        id: 'mail.teamInvite.text',
        message:
          'This is a team invitation. {who} invited you to join their organization on Refacing as a contractor: they can then assign you projects.\n\nOpen this link to create your contractor account with this email address, or sign in to your contractor account, and join (it works once and expires in {days, plural, one {# day} other {# days}}):\n\n{link}\n',
      },
      values,
    ),
  };
}

/** The words of a person's calendar feed (the server's `.ics` at their secret URL), in their language. */
export function calendarFeedWords(locale: MailLocale): {
  calendarName: string;
  summary: (visit: { kind: 'measure' | 'install'; title: string }) => string;
} {
  const kinds: Record<'measure' | 'install', MessageDescriptor> = {
    measure: /*i18n*/ { id: 'feed.measure', message: 'Measure visit: {title}' },
    install: /*i18n*/ { id: 'feed.install', message: 'Install: {title}' },
  };
  return {
    calendarName: text(locale, /*i18n*/ { id: 'feed.name', message: 'Refacing visits' }),
    summary: (visit) => text(locale, kinds[visit.kind], { title: visit.title }),
  };
}

/**
 * The door order mailed to its maker: `who` (the contractor, one safe line)
 * orders `parts` pieces for `project` under PO `po` (empty: no PO line), a
 * remake when `remake`; the contractor's `note` as written; the CSV of the
 * pieces attached; a reply goes to `replyTo` (the contractor's address).
 */
export function doorOrderMail(
  m: {
    who: string;
    project: string;
    po: string;
    parts: number;
    remake: boolean;
    note: string;
    orderedOn: string;
    replyTo: string;
  },
  locale: MailLocale,
): MailText {
  const values = { who: m.who, project: m.project, po: m.po, parts: m.parts, date: m.orderedOn };
  const subject = m.po
    ? text(
        locale,
        m.remake
          ? /*i18n*/ {
              id: 'mail.doorOrder.subjectRemakePo',
              message: 'Remake order, PO {po}, from {who}',
            }
          : /*i18n*/ { id: 'mail.doorOrder.subjectPo', message: 'Door order, PO {po}, from {who}' },
        values,
      )
    : text(
        locale,
        m.remake
          ? /*i18n*/ { id: 'mail.doorOrder.subjectRemake', message: 'Remake order from {who}' }
          : /*i18n*/ { id: 'mail.doorOrder.subject', message: 'Door order from {who}' },
        values,
      );
  const intro = text(
    locale,
    m.remake
      ? /*i18n*/ {
          id: 'mail.doorOrder.introRemake',
          message:
            '{who} orders {parts, plural, one {# piece} other {# pieces}} again for the job "{project}" (ordered {date}): they came damaged, in the wrong size or not at all.',
        }
      : /*i18n*/ {
          id: 'mail.doorOrder.intro',
          message:
            '{who} orders {parts, plural, one {# piece} other {# pieces}} for the job "{project}" (ordered {date}).',
        },
    values,
  );
  const po = m.po
    ? `\n\n${text(locale, /*i18n*/ { id: 'mail.doorOrder.po', message: 'PO number: {po}' }, values)}`
    : '';
  const note = m.note.trim()
    ? `\n\n${text(locale, /*i18n*/ { id: 'mail.doorOrder.note', message: 'Note from {who}:' }, values)}\n${m.note.trim()}`
    : '';
  const end = text(
    locale,
    /*i18n*/ {
      id: 'mail.doorOrder.end',
      message:
        'The pieces with their finished sizes are in the attached CSV (one table). Reply to this mail to reach {who} at {replyTo}.',
    },
    { ...values, replyTo: m.replyTo },
  );
  return { subject, text: `${intro}${po}${note}\n\n${end}\n` };
}

const CSV_COLUMNS: Record<(typeof DOOR_ORDER_CSV_COLUMNS)[number], MessageDescriptor> = {
  'PO number': /*i18n*/ { id: 'mail.doorOrder.csv.poNumber', message: 'PO number' },
  Cabinet: /*i18n*/ { id: 'mail.doorOrder.csv.cabinet', message: 'Cabinet' },
  'Cabinet type': /*i18n*/ { id: 'mail.doorOrder.csv.cabinetType', message: 'Cabinet type' },
  Part: /*i18n*/ { id: 'mail.doorOrder.csv.part', message: 'Part' },
  Item: /*i18n*/ { id: 'mail.doorOrder.csv.item', message: 'Item' },
  Qty: /*i18n*/ { id: 'mail.doorOrder.csv.qty', message: 'Qty' },
  'Width (in)': /*i18n*/ { id: 'mail.doorOrder.csv.widthIn', message: 'Width (in)' },
  'Width (fraction)': /*i18n*/ {
    id: 'mail.doorOrder.csv.widthFraction',
    message: 'Width (fraction)',
  },
  'Height (in)': /*i18n*/ { id: 'mail.doorOrder.csv.heightIn', message: 'Height (in)' },
  'Height (fraction)': /*i18n*/ {
    id: 'mail.doorOrder.csv.heightFraction',
    message: 'Height (fraction)',
  },
};

/**
 * The mailed door order CSV's headings and item words in the maker's language
 * (shared/doorOrderCsv.ts writes them); the parts' own names (cabinet type,
 * part) stay as the snapshot has them.
 */
export function doorOrderCsvWords(locale: MailLocale): CsvWords {
  return {
    column: (name) => text(locale, CSV_COLUMNS[name]),
    door: text(locale, /*i18n*/ { id: 'mail.doorOrder.csv.door', message: 'Door' }),
    drawerFront: text(
      locale,
      /*i18n*/ { id: 'mail.doorOrder.csv.drawerFront', message: 'Drawer front' },
    ),
  };
}
