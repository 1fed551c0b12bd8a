// @vitest-environment jsdom
/**
 * The labels of a job read from the server's answer of who is who (product
 * rules "Who is who on a job"): the People section, the other side of the
 * job on the shared page and the read-only line of the cabinets, for the
 * contractor and the homeowner before and after her acceptance. The
 * network is down (fetch fails), as on a job site: the invitations say so.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobAnswer, type PersonRow } from '../../domain/jobRole';
import type { ProjectRow } from '../../data';
import { ProjectMembers } from './ProjectMembers';
import { JobCounterpartCard, SharedCabinets } from './SharedProjectParts';

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
const maria = (measure: boolean): PersonRow => ({
  user_id: 'maria',
  role: 'owner',
  display_name: 'Maria Alvarez',
  email: 'maria@example.com',
  may: { ...ALL, edit_measurements: measure },
});
const joeEditor: PersonRow = {
  user_id: 'joe',
  role: 'editor',
  display_name: 'Joe Builder',
  may: { read: true, edit: true, edit_measurements: true, files: true, quote: true },
  invited_as: 'contractor',
};
const joeOfRecord: PersonRow = {
  user_id: 'joe',
  role: 'contractor',
  display_name: 'Joe Builder',
  may: { ...ALL, delete: false },
};

const project = {
  id: 'p1',
  name: 'Alvarez kitchen',
  status: 'active',
  version: 3,
  details: { email: 'maria@example.com' },
} as unknown as ProjectRow;

beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function people(): string[] {
  const list = screen.queryByRole('list', { name: 'Members' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    : [];
}

describe('People on this project', () => {
  it('the contractor after acceptance sees the homeowner by name, and is not asked to invite her', () => {
    render(
      <ProjectMembers project={project} job={jobAnswer([maria(false), joeOfRecord], 'joe')} />,
    );
    expect(people()).toEqual(['Maria AlvarezHomeowner']);
    expect(screen.queryByText(/Invite the homeowner/)).toBeNull();
    expect(screen.queryByRole('option', { name: 'Homeowner (adds photos)' })).toBeNull();
    // Her row is hers by what she is: nobody removes the homeowner.
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('the contractor alone on his client job is asked to invite the homeowner, her email filled in', () => {
    render(
      <ProjectMembers
        project={project}
        job={jobAnswer([{ ...joeOfRecord, may: { ...ALL } }], 'joe')}
      />,
    );
    expect(screen.getByText(/Only you so far. Invite the homeowner/)).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Invite by email').value).toBe(
      'maria@example.com',
    );
  });

  it('the homeowner sees her contractor by name, never his email, and is not offered to invite herself', () => {
    render(
      <ProjectMembers
        project={project}
        job={jobAnswer([maria(true), { ...joeEditor, email: 'joe@example.com' }], 'maria')}
      />,
    );
    expect(people()).toEqual(['Joe BuilderContractor (edits)Remove']);
    expect(screen.queryByText(/joe@example.com/)).toBeNull();
    expect(screen.queryByText(/Invite the homeowner/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Invite by email').value).toBe('');
    expect(screen.queryByRole('option', { name: 'Homeowner (adds photos)' })).toBeNull();
  });
});

describe('the shared page', () => {
  it('a contractor invited to edit sees "Homeowner: Maria Alvarez", not "Your contractor", and no read-only line', () => {
    const job = jobAnswer([maria(true), joeEditor], 'joe');
    render(
      <MemoryRouter>
        <JobCounterpartCard job={job} contact={{ name: 'Maria Alvarez' }} phone="(555) 201-3344" />
        <SharedCabinets project={project} job={job} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Homeowner' })).toBeDefined();
    expect(screen.getByText('Maria Alvarez')).toBeDefined();
    // The contractor invited to edit can call her: the job's phone, as a tel: link.
    expect(screen.getByRole('link', { name: '(555) 201-3344' }).getAttribute('href')).toBe(
      'tel:5552013344',
    );
    expect(screen.queryByRole('heading', { name: 'Your contractor' })).toBeNull();
    expect(screen.queryByText(/Read-only/)).toBeNull();
  });

  it('a viewer sees "Your contractor" by the contractor of record\'s name and the read-only line', () => {
    const job = jobAnswer(
      [
        maria(false),
        joeOfRecord,
        { user_id: 'vic', role: 'viewer', display_name: 'Vic', may: { read: true } },
      ],
      'vic',
    );
    render(
      <MemoryRouter>
        <JobCounterpartCard job={job} contact={{ phone: '(555) 123-4567' }} />
        <SharedCabinets project={project} job={job} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Your contractor' })).toBeDefined();
    expect(screen.getAllByText('Joe Builder').length).toBeGreaterThan(0);
    expect(screen.getByText('Read-only: Joe Builder measures and orders the doors.')).toBeDefined();
  });
});
