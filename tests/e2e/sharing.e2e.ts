/**
 * One project, two sides, in two browser contexts: the contractor invites the
 * homeowner from the project page; the homeowner opens the mailed link,
 * creates an account, and finds the project under "Shared with you"; the
 * homeowner adds a photo with the network gone and the contractor sees it
 * after sync; the contractor removes the homeowner and the homeowner's
 * device drops the project. Screenshot of the homeowner's shared view at
 * 390×844.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, newContext } from './support/browser';
import { SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { ProjectPage } from './pages/ProjectPage';

const e2e = appSuite({ seed: false });
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-sharing';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('sharing a project with the homeowner', () => {
  it('invite by mail, shared view, offline photo, revoke', async () => {
    const joeCtx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const joe = await joeCtx.newPage();
    const contractor = newUser('contractor', 'Joe');
    const maria = newUser('homeowner', 'Maria');
    await new SignupPage(joe).signUpAndConfirm(e2e.server, contractor);
    const dash = new DashboardPage(joe);
    await joe.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: 'Alvarez kitchen',
      address: '12 Elm St',
      phone: '5551234567',
      email: maria.email,
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await dash
      .card('Alvarez kitchen')
      .getByRole('link', { name: 'Alvarez kitchen', exact: true })
      .click();
    await joe.getByRole('heading', { name: 'People on this project' }).waitFor();
    const projectPath = new URL(joe.url()).pathname;

    // The email on the project is offered; the invitation goes out once the project is on the server.
    expect(await joe.getByLabel('Invite by email').inputValue()).toBe(maria.email);
    const send = joe.getByRole('button', { name: 'Send invitation' });
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
    await send.click();
    await joe.getByText(`Invitation sent to ${maria.email}`).waitFor();
    await joe.getByRole('list', { name: 'Pending invitations' }).getByText(maria.email).waitFor();

    // Maria opens the mailed link on her phone, creates her account, and joins.
    const link = await e2e.server.waitForMailLink(maria.email, /invited you to Alvarez kitchen/);
    const mariaCtx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: PHONE });
    const home = await mariaCtx.newPage();
    await home.goto(link);
    await home.getByRole('heading', { name: "You're invited to a project" }).waitFor();
    expect(new URL(home.url()).hash).toBe('');
    await home.getByRole('link', { name: 'Create an account' }).click();
    await new SignupPage(home).fill(maria);
    await new SignupPage(home).submit();
    await home.getByRole('heading', { name: 'Check your email!' }).waitFor();
    await home.goto(await e2e.server.waitForMailLink(maria.email, /confirm/i));
    await home.getByRole('heading', { name: 'Welcome, Maria' }).waitFor();
    const shared = home.getByRole('region', { name: 'Shared with you' });
    const card = shared.getByRole('article', { name: 'Alvarez kitchen' });
    await card.waitFor({ timeout: 60_000 });
    await card.getByText('Contractor: Joe contractor-user').waitFor();
    // Her own list is empty, and says so without contradicting the shared one below.
    await home.getByText('You have no projects of your own yet.').waitFor();
    expect(await home.getByText('No projects found.').count()).toBe(0);
    await home.screenshot({ path: `${SHOTS}/homeowner-dashboard-390x844.png`, fullPage: true });
    // The invitation was used: the link is single-use.
    const reuse = await mariaCtx.newPage();
    await reuse.goto(link);
    await reuse.getByText('This invitation has already been used').waitFor({ timeout: 30_000 });
    await reuse.close();

    // Her shared view: status, contact, files, read-only cabinets; no builder, no raw data.
    await card.getByRole('link', { name: 'Alvarez kitchen', exact: true }).click();
    await home.getByRole('heading', { name: 'Your contractor' }).waitFor();
    await home.getByRole('link', { name: contractor.email }).waitFor();
    await home.getByText('Shared with you · Homeowner').waitFor();
    expect(await home.getByRole('link', { name: 'Cabinets' }).count()).toBe(0);
    expect(await home.getByRole('heading', { name: 'Raw data' }).count()).toBe(0);
    await home.getByRole('heading', { name: 'Cabinets and door order' }).waitFor();
    await home.screenshot({ path: `${SHOTS}/homeowner-shared-390x844.png`, fullPage: false });
    await home.screenshot({ path: `${SHOTS}/homeowner-shared-390x844-full.png`, fullPage: true });

    // The door order reads the same for her, with no way into the builder.
    await home.goto(projectPath.replace('/project/', '/order/'));
    await home.getByRole('button', { name: 'Download CSV' }).waitFor();
    expect(await home.getByRole('link', { name: 'Back to Builder' }).count()).toBe(0);
    // The sheet is from her contractor, not from her.
    await home.locator('.ord-from').getByText('Joe contractor-user').waitFor();
    await home.screenshot({ path: `${SHOTS}/homeowner-order-390x844.png`, fullPage: false });
    await home.goto(projectPath);
    await home.getByRole('heading', { name: 'Cabinets and door order' }).waitFor();

    // She adds a photo with the network gone: it is kept and queued.
    await home.route(/\/(rest|storage|functions)\/v1\//, (r) => r.abort('internetdisconnected'));
    await mariaCtx.setOffline(true);
    await new ProjectPage(home).upload([
      { name: 'cabinets-before.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const photo = new ProjectPage(home).file('cabinets-before.png');
    await photo.getByText('Pending upload').waitFor();
    await mariaCtx.setOffline(false);
    await home.unroute(/\/(rest|storage|functions)\/v1\//);
    await photo.getByText('Pending upload').waitFor({ state: 'detached', timeout: 60_000 });

    // The contractor sees it after sync.
    await joe.reload();
    await new ProjectPage(joe).file('cabinets-before.png').waitFor({ timeout: 60_000 });
    // People are named by the server's answer: her name, not her email.
    const mariaName = `${maria.firstName} ${maria.lastName}`;
    await joe.getByRole('list', { name: 'Members' }).getByText(mariaName).waitFor();
    expect(await joe.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
    await joe.screenshot({ path: `${SHOTS}/contractor-people.png`, fullPage: true });

    // The contractor removes her; her device drops the project at its next sync.
    joe.once('dialog', (d) => void d.accept());
    await joe.getByRole('button', { name: `Remove ${mariaName}` }).click();
    await joe.getByText(`${mariaName} was removed`).waitFor();
    await home.goto('/dashboard');
    await home.getByRole('heading', { name: 'Welcome, Maria' }).waitFor();
    await shared
      .getByRole('article', { name: 'Alvarez kitchen' })
      .waitFor({ state: 'detached', timeout: 60_000 });
    await home.goto(projectPath);
    await home.getByRole('heading', { name: 'Project not found' }).waitFor();
    // The user's database is `refacing-<user id>`; `refacing-auth` (the shared
    // session store) has no project stores, so it must not be the one read.
    const countLeft = (id: string) =>
      home.evaluate(async (id) => {
        const dbs = await indexedDB.databases();
        const name = dbs.map((d) => d.name ?? '').find((n) => /^refacing-[0-9a-f-]{36}$/.test(n));
        if (!name) throw new Error('no local database');
        return new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onblocked = () => reject(new Error('IndexedDB open blocked'));
          open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(['projects', 'project_files', 'outbox'], 'readonly');
            tx.onerror = () => reject(tx.error ?? new Error('IndexedDB read failed'));
            let n = 0;
            const p = tx.objectStore('projects').get(id);
            p.onsuccess = () => (n += p.result ? 1 : 0);
            const f = tx.objectStore('project_files').index('project_id').count(id);
            f.onsuccess = () => (n += f.result);
            const o = tx.objectStore('outbox').count();
            o.onsuccess = () => (n += o.result);
            tx.oncomplete = () => {
              db.close();
              resolve(n);
            };
          };
        });
      }, id);
    await expect.poll(() => countLeft(projectPath.split('/').pop()!), { timeout: 30_000 }).toBe(0);

    await mariaCtx.close();
    await joeCtx.close();
  });
});
