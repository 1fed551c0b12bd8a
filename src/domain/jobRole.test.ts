/** Who is who on a job, read from the server's people rows: the page, the other side, thread authors, the measurements lock. */
import { describe, expect, it } from 'vitest';
import {
  counterpart,
  creatorAnswer,
  isSharedWith,
  jobAnswer,
  jobMayOf,
  personName,
  type PersonRow,
} from './jobRole';
import { authorLabel, jobPage, measurementsLockedText } from './jobRoleTexts';

const ALL = {
  read: true,
  edit: true,
  edit_measurements: true,
  edit_status: true,
  files: true,
  delete: true,
  invite: true,
  quote: false,
};

/** Maria owns the job; Joe is its contractor of record after her acceptance; Vic follows it; Olive is Joe's admin. */
const ACCEPTED: PersonRow[] = [
  {
    user_id: 'maria',
    role: 'owner',
    display_name: 'Maria Alvarez',
    may: { ...ALL, edit_measurements: false },
  },
  {
    user_id: 'joe',
    role: 'contractor',
    display_name: 'Joe Builder',
    may: { ...ALL, delete: false },
  },
  {
    user_id: 'vic',
    role: 'viewer',
    display_name: 'vic@example.com',
    may: { read: true },
    invited_as: 'viewer',
  },
  { user_id: 'olive', role: 'org_admin', display_name: 'Olive Admin', may: { read: true } },
  {
    user_id: 'gone',
    role: 'editor',
    display_name: 'Removed Person',
    may: {},
    deleted_at: '2026-11-20T00:00:00Z',
  },
];

describe('jobAnswer', () => {
  it('reads everyone live on the job, homeowner first, and ignores tombstones', () => {
    const a = jobAnswer(ACCEPTED, 'joe');
    expect(a.people.map((p) => [p.userId, p.role])).toEqual([
      ['maria', 'owner'],
      ['joe', 'contractor'],
      ['olive', 'org_admin'],
      ['vic', 'viewer'],
    ]);
    expect(a.me?.role).toBe('contractor');
    expect(a.homeowner?.name).toBe('Maria Alvarez');
    expect(a.contractor?.name).toBe('Joe Builder');
    expect(jobAnswer(ACCEPTED, 'gone').me).toBeNull();
  });

  it.each([
    ['maria', 'full', 'Contractor', 'Joe Builder'],
    ['joe', 'full', 'Homeowner', 'Maria Alvarez'],
    ['vic', 'shared', 'Contractor', 'Joe Builder'],
    ['olive', 'shared', 'Homeowner', 'Maria Alvarez'],
    ['gone', 'none', 'Contractor', 'Joe Builder'],
  ] as const)('%s gets the %s page and sees the other side as %s: %s', (me, page, label, name) => {
    const a = jobAnswer(ACCEPTED, me);
    expect(jobPage(a)).toBe(page);
    expect(counterpart(a)).toMatchObject({ label, person: { name } });
  });

  it('a contractor invited to edit sees the homeowner, never himself as "Contractor"', () => {
    const rows: PersonRow[] = [
      { user_id: 'maria', role: 'owner', display_name: 'Maria Alvarez', may: ALL },
      {
        user_id: 'joe',
        role: 'editor',
        display_name: 'Joe Builder',
        may: { edit: true, edit_measurements: true, quote: true },
        invited_as: 'contractor',
      },
    ];
    const a = jobAnswer(rows, 'joe');
    expect(jobPage(a)).toBe('shared');
    expect(isSharedWith(a.me)).toBe(true);
    expect(counterpart(a)).toMatchObject({ label: 'Homeowner', person: { name: 'Maria Alvarez' } });
    expect(a.me?.may.quote).toBe(true);
  });
});

describe('names', () => {
  it('the server name, then the email, never "Homeowner"', () => {
    expect(personName({ display_name: 'Maria Alvarez', email: 'm@example.com' })).toBe(
      'Maria Alvarez',
    );
    expect(personName({ display_name: '  ', email: 'm@example.com' })).toBe('m@example.com');
    expect(personName({ display_name: null, email: null })).toBe('Someone');
  });

  it('thread authors by name; "You" for oneself; someone gone as a former member', () => {
    const a = jobAnswer(ACCEPTED, 'joe');
    expect(authorLabel(a, 'maria', 'joe')).toBe('Maria Alvarez');
    expect(authorLabel(a, 'joe', 'joe')).toBe('You');
    expect(authorLabel(a, 'gone', 'joe')).toBe('Former member');
  });
});

describe('what the person may do', () => {
  it('a may object read defensively: only true is true', () => {
    expect(jobMayOf({ delete: 'yes', edit: true, quote: 1 })).toMatchObject({
      delete: false,
      edit: true,
      quote: false,
    });
    expect(jobMayOf(null).read).toBe(false);
  });

  it('after acceptance the homeowner is told the measurements go through her contractor', () => {
    expect(measurementsLockedText(jobAnswer(ACCEPTED, 'maria'))).toBe(
      'A quote was accepted: Joe Builder measures and orders the doors now. Ask for a change in the messages.',
    );
    expect(measurementsLockedText(jobAnswer(ACCEPTED, 'joe'))).toBeNull();
    expect(measurementsLockedText(jobAnswer(ACCEPTED, 'vic'))).toBe(
      'Read-only: Joe Builder measures and orders the doors.',
    );
  });

  it("a job created on this device and not synced yet is its creator's", () => {
    expect(jobPage(creatorAnswer('me', 'Maria Alvarez', 'homeowner'))).toBe('full');
    expect(creatorAnswer('me', 'Joe', 'org_admin').me?.role).toBe('contractor');
    expect(creatorAnswer('me', 'Joe', 'contractor').me?.may.quote).toBe(false);
  });
});
