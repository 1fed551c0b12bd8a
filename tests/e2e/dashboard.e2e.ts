/**
 * Dashboard flows as a new user walks them (product rules "Screens and routes", "States and changes", "Input checks"): homeowner
 * create/edit/delete with every validation text; contractor create with
 * every validation text, phone auto-format, errors clearing on edit, status
 * chips with counts, search, inline status change, the builder link.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { newContext } from './support/browser';
import { signedInClient } from './support/serverClient';
import { SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';

const e2e = appSuite({ seed: false });

async function errorsIn(page: Page): Promise<string[]> {
  return (await page.getByRole('dialog').locator('.field-error').allTextContents()).map((t) =>
    t.trim(),
  );
}

describe('homeowner dashboard', () => {
  it('creates, edits and deletes a project with every validation error shown', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    await new SignupPage(page).signUpAndConfirm(e2e.server, newUser('homeowner', 'Hana'));
    const dash = new DashboardPage(page);

    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    await dash.dialog().getByRole('heading', { name: 'Create New Project' }).waitFor();
    await dash.submitDialog();
    expect(await errorsIn(page)).toEqual([
      'Project name is required',
      'Please select a project type',
    ]);
    // An error clears when its field is edited.
    await dash.fill({ name: 'Kitchen refresh' });
    expect(await errorsIn(page)).toEqual(['Please select a project type']);
    await dash.fill({
      projectType: 'kitchen',
      phone: '555123456789',
      description: 'Shaker doors, white',
      address: '12 Oak St',
    });
    expect(await dash.dialog().getByLabel('Phone').inputValue()).toBe('(555) 123-4567');
    await dash.submitDialog();
    await dash.dialog().waitFor({ state: 'detached' });

    const card = dash.card('Kitchen refresh');
    await card.getByText('Kitchen', { exact: true }).waitFor();
    await card.getByText('Active', { exact: true }).waitFor(); // homeowner default status
    expect(await card.getByRole('button', { name: /^Status: / }).count()).toBe(0); // no status control

    await card.getByRole('button', { name: 'Edit Kitchen refresh' }).click();
    await dash.dialog().getByRole('heading', { name: 'Edit Project Details' }).waitFor();
    expect(await dash.dialog().getByLabel('Description').inputValue()).toBe('Shaker doors, white');
    await dash.fill({ name: '' });
    await dash.submitDialog();
    expect(await errorsIn(page)).toEqual(['Project name is required']);
    await dash.fill({ name: 'Kitchen and bath', projectType: 'whole_house' });
    await dash.submitDialog();
    await dash.card('Kitchen and bath').getByText('Whole House', { exact: true }).waitFor();

    await dash
      .card('Kitchen and bath')
      .getByRole('link', { name: 'Cabinets for Kitchen and bath' })
      .click();
    await page.waitForURL(/\/cabinet-builder\/[0-9a-f-]{36}$/);
    await dash.open();

    await dash.deleteProject('Kitchen and bath');
    await page.getByText('No projects found.').waitFor();
    await ctx.close();
  });
});

describe('contractor dashboard', () => {
  it('validates the client form, filters by status with counts, searches and changes status', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    await new SignupPage(page).signUpAndConfirm(e2e.server, newUser('contractor', 'Carl'));
    const dash = new DashboardPage(page);

    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.dialog().getByRole('heading', { name: 'Add Client Project' }).waitFor();
    expect(await dash.dialog().getByLabel('Status').inputValue()).toBe('draft'); // contractor default
    await expect(
      dash.dialog().getByLabel('Status').locator('option').allTextContents(),
    ).resolves.toContain('Pending (saved as Draft)');
    await dash.submitDialog();
    expect(await errorsIn(page)).toEqual([
      'Customer name is required',
      'Address is required',
      'Phone number is required',
      'Email is required',
      'Please select at least one project scope',
    ]);
    await dash.fill({
      name: 'Ada Lovelace',
      address: '1 Analytical Way',
      phone: '555123',
      email: 'ada at example',
    });
    await dash.submitDialog();
    expect(await errorsIn(page)).toEqual([
      'Please enter a valid 10-digit US phone number',
      'Please enter a valid email address',
      'Please select at least one project scope',
    ]);
    await dash.fill({
      phone: '5551234567',
      email: 'ada@example.com',
      scopes: ['Kitchen', 'Commercial'],
      budget: 'custom',
      customBudget: 'About $30k',
    });
    expect(await errorsIn(page)).toEqual([]);
    await dash.submitDialog();
    await dash.dialog().waitFor({ state: 'detached' });

    const ada = dash.card('Ada Lovelace');
    await ada.getByText('1 Analytical Way').waitFor();
    await ada.getByText('ada@example.com').waitFor();
    await ada.getByText('Kitchen, Commercial').waitFor();
    await ada
      .getByRole('button', { name: 'Status: Draft. Change status of Ada Lovelace' })
      .waitFor();

    const more = [
      {
        name: 'Grace Hopper',
        address: '9 Navy Rd',
        phone: '(555) 222-3333',
        email: 'grace@navy.test',
        status: 'active',
      },
      {
        name: 'Alan Turing',
        address: '7 Bletchley Park',
        phone: '5554445555',
        email: 'alan@bp.test',
        status: 'completed',
      },
    ];
    for (const m of more) {
      await page.getByRole('button', { name: 'Add Client Project' }).click();
      await dash.fill({ ...m, scopes: ['Bathroom'] });
      await dash.submitDialog();
      await dash.card(m.name).waitFor();
    }

    await dash.chip('All').getByText('(3)').waitFor();
    await dash.chip('Draft').getByText('(1)').waitFor();
    await dash.chip('Active').getByText('(1)').waitFor();
    await dash.chip('Completed').getByText('(1)').waitFor();
    await dash.chip('Archived').getByText('(0)').waitFor();

    await dash.chip('Active').click();
    await dash.card('Grace Hopper').waitFor();
    await expect.poll(() => dash.cards().count()).toBe(1);
    await dash.chip('Archived').click();
    await page.getByText('No projects found.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Your First Project' }).count()).toBe(0);
    await dash.chip('All').click();

    // Search by name, address, phone and email.
    for (const [term, who] of [
      ['turing', 'Alan Turing'],
      ['Navy', 'Grace Hopper'],
      ['555123', 'Ada Lovelace'],
      ['ada@example', 'Ada Lovelace'],
    ] as const) {
      await dash.search().fill(term);
      await dash.card(who).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    }
    await dash.search().fill('');
    await page.waitForFunction(() => document.querySelectorAll('article').length === 3);

    // Inline status editor: badge → choose → confirm.
    await dash.changeStatus('Ada Lovelace', 'archived');
    await ada
      .getByRole('button', { name: 'Status: Archived. Change status of Ada Lovelace' })
      .waitFor();
    await dash.chip('Archived').getByText('(1)').waitFor();
    await dash.chip('Draft').getByText('(0)').waitFor();

    // Edit keeps the scopes optional and titles 'Edit Client Details'.
    await ada.getByRole('button', { name: 'Edit Ada Lovelace' }).click();
    await dash.dialog().getByRole('heading', { name: 'Edit Client Details' }).waitFor();
    expect(await dash.dialog().getByLabel('Phone').inputValue()).toBe('(555) 123-4567');
    expect(await dash.dialog().getByLabel('Custom budget').inputValue()).toBe('About $30k');
    await dash.dialog().getByRole('checkbox', { name: 'Kitchen' }).uncheck();
    await dash.dialog().getByRole('checkbox', { name: 'Commercial' }).uncheck();
    await dash.fill({ address: '2 Engine St' });
    await dash.submitDialog();
    await dash.dialog().waitFor({ state: 'detached' });
    await ada.getByText('2 Engine St').waitFor();

    await dash.deleteProject('Alan Turing');
    await dash.chip('All').getByText('(2)').waitFor();
    await ctx.close();
  });
});

describe('dashboard with many projects', () => {
  it('shows the newest 50 with "Show more projects", which adds the next 50; counts and search cover all', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const user = newUser('contractor', 'Mona');
    await new SignupPage(page).signUpAndConfirm(e2e.server, user);
    const dash = new DashboardPage(page);
    // Another device of the same contractor has 120 projects on the server.
    const { client: other, userId: me } = await signedInClient(e2e.server.url, user);
    // One insert each: the server stamps created_at with its transaction time (newest = Client 120).
    for (let i = 0; i < 120; i++) {
      const inserted = await other.from('projects').insert({
        name: `Client ${String(i + 1).padStart(3, '0')}`,
        status: i % 2 ? 'active' : 'draft',
        details: {
          address: `${i + 1} Elm St`,
          phone: '(555) 010-0000',
          email: `client${i + 1}@example.test`,
        },
        user_id: me,
        assigned_contractor_id: me,
      });
      if (inserted.error) throw new Error(inserted.error.message);
    }

    await page.reload();
    await dash.chip('All').getByText('(120)').waitFor();
    await dash.card('Client 120').waitFor();
    await expect.poll(() => dash.cards().count()).toBe(50);
    expect(await dash.card('Client 071').count()).toBe(1);
    expect(await dash.card('Client 070').count()).toBe(0);
    await page.getByRole('button', { name: 'Show more projects' }).click();
    await dash.card('Client 021').waitFor();
    await expect.poll(() => dash.cards().count()).toBe(100);
    await page.getByRole('button', { name: 'Show more projects' }).click();
    await dash.card('Client 001').waitFor();
    await expect.poll(() => dash.cards().count()).toBe(120);
    expect(await page.getByRole('button', { name: 'Show more projects' }).count()).toBe(0);
    // Search and the counts are not limited to the cards on screen.
    await dash.chip('Draft').getByText('(60)').waitFor();
    await dash.search().fill('client7@');
    await dash.card('Client 007').waitFor();
    await expect.poll(() => dash.cards().count()).toBe(1);
    await ctx.close();
  });
});
