/**
 * Two devices of one contractor (two browser contexts, each with its own
 * IndexedDB) on the seeded demo data: an editor left open on device A never
 * sends back what device B changed, and B's change reaches A's open screen
 * without a reload. On a cabinet (the builder), a project name (the edit
 * form) and a profile phone. A field both changed shows "Changed on another
 * device to …" with both values and Keep mine / Take theirs.
 *
 * Device A pulls through the app's own triggers: the live poke the server
 * sends on B's push, the sync that follows a local write, or the tab becoming
 * visible again (the browser's `visibilitychange`).
 * Screenshots go to artifacts/two-devices/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { signedInClient } from './support/serverClient';
import { LoginPage } from './pages/AuthPages';
import { BuilderScreen } from './pages/BuilderScreen';
import { DashboardPage } from './pages/DashboardPage';
import { ProfilePage } from './pages/ProfilePage';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';

type Details = {
  description?: string;
  phone?: string;
  cabinetData: {
    form: { color: string };
    itemState: Record<string, { width: string; height: string }>;
  };
};

async function openDevice(viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport });
  const page = await ctx.newPage();
  await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
  return page;
}

/**
 * Types `text` into `field` and keeps the draft changing, `text` and `other`
 * in turn every 200 ms, until `stopTyping` is called: the contractor is still
 * typing, so the autosave (1.5 s after the last change) never runs while the
 * other device's change is on its way, however long that takes here. The
 * first change is in the draft when this returns, so the other device's
 * change arrives at a draft that differs. `other` must be a change the field
 * keeps (a half-typed "14 3/" is not: the field keeps the last size), or the
 * autosave would send `text` mid-typing and turn the case around. The keys
 * are typed by a timer inside the page, not one round trip per key from the
 * test: on a loaded machine a round trip can outlast the autosave's 1.5 s.
 */
async function startTyping(
  field: ReturnType<Page['getByLabel']>,
  text: string,
  other: string,
): Promise<{ stopTyping: () => Promise<void> }> {
  await field.evaluate(
    (input: HTMLInputElement, [typed, alternate]: [string, string]) => {
      // React keeps its own copy of an input's value: set the element's own, as typing does.
      const valueOf = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      const put = (value: string) => {
        valueOf?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      input.focus();
      put(typed);
      let keys = 0;
      const timer = setInterval(() => {
        keys += 1;
        put(keys % 2 === 0 ? typed : alternate);
      }, 200);
      (window as unknown as { stopTyping: () => void }).stopTyping = () => {
        clearInterval(timer);
        put(typed);
      };
    },
    [text, other] as [string, string],
  );
  return {
    stopTyping: () =>
      field.page().evaluate(() => (window as unknown as { stopTyping: () => void }).stopTyping()),
  };
}

/** Waits (up to 90 s) for `until` while the typing goes on, then stops it: the draft is the typed text. */
async function typeUntil(
  typing: { stopTyping: () => Promise<void> },
  until: ReturnType<Page['getByRole']>,
): Promise<void> {
  try {
    await until.waitFor({ timeout: 90_000 });
  } finally {
    await typing.stopTyping();
  }
}

/** The contractor comes back to the tab: the browser fires `visibilitychange` and the app pulls. */
async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

async function serverProject(): Promise<{ name: string; details: Details }> {
  const { client } = await signedInClient(e2e.server.url, contractor);
  const { data, error } = await client
    .from('projects')
    .select('name, details')
    .eq('id', DEMO_KITCHEN)
    .single();
  if (error || !data) throw new Error(`read project: ${error?.message}`);
  return data;
}

async function serverPhone(): Promise<{ phone: string | null; address: string | null }> {
  const { client, userId } = await signedInClient(e2e.server.url, contractor);
  const { data, error } = await client
    .from('profiles')
    .select('phone, address')
    .eq('id', userId)
    .single();
  if (error || !data) throw new Error(`read profile: ${error?.message}`);
  return data;
}

const POLL = { timeout: 20_000, interval: 250 };

describe('two devices, one contractor', () => {
  it('cabinet: an open builder takes in the other device’s width and never sends the old one back', async () => {
    const a = await openDevice(TABLET);
    const b = await openDevice(PHONE);
    await a.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    await b.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    const builderA = new BuilderScreen(a);
    const builderB = new BuilderScreen(b);
    await builderA.field('Cabinet 6 Door 1 Width').waitFor();
    const oldWidth = await builderA.field('Cabinet 6 Door 1 Width').inputValue();
    expect(oldWidth).not.toBe('22.125');

    // B: cabinet 6's door becomes 22 1/8; autosave, then B's sync pushes it.
    await builderB.field('Cabinet 6 Door 1 Width').fill('22 1/8');
    await builderB.field('Cabinet 6 Door 1 Height').focus();
    await builderB.waitSaved();
    await expect
      .poll(async () => (await serverProject()).details.cabinetData.itemState['6_0']?.width, POLL)
      .toBe('22.125');

    // A: edits cabinet 1; autosave and the sync that follows pull B's row.
    await builderA.field('Cabinet 1 Door 1 Width').fill('15');
    await builderA.field('Cabinet 1 Door 1 Height').focus();
    await builderA.waitSaved();
    // B's width reaches A's open builder without a reload.
    await expect
      .poll(() => builderA.field('Cabinet 6 Door 1 Width').inputValue(), POLL)
      .toBe('22 1/8');

    // A: edits cabinet 3; its autosave must not carry cabinet 6's old width.
    await builderA.field('Cabinet 3 Front 1 Width').fill('30.25');
    await builderA.field('Cabinet 3 Front 1 Height').focus();
    await builderA.waitSaved();
    await expect
      .poll(async () => (await serverProject()).details.cabinetData.itemState['3_0']?.width, POLL)
      .toBe('30.25');
    const items = (await serverProject()).details.cabinetData.itemState;
    expect(items['6_0']?.width).toBe('22.125');
    expect(items['1_0']?.width).toBe('15');

    // A field both change: A is typing a color when B's (sent live) arrives.
    const color = a.getByLabel('Color', { exact: true });
    const notice = a.getByRole('group', { name: 'Color changed on another device' });
    const typingColor = await startTyping(color, 'Antique white', 'Antique whit');
    await b.getByLabel('Color', { exact: true }).fill('Espresso');
    await builderB.waitSaved();
    await expect
      .poll(async () => (await serverProject()).details.cabinetData.form.color, POLL)
      .toBe('Espresso');
    await typeUntil(typingColor, notice);
    await notice.waitFor({ timeout: 20_000 });
    await notice.getByText('Changed on another device to Espresso').waitFor();
    await notice.getByText('Yours: Antique white').waitFor();
    expect(await color.inputValue()).toBe('Antique white');
    await notice.scrollIntoViewIfNeeded();
    await a.screenshot({ path: artifactPath('two-devices', 'builder-conflict-tablet.png') });
    await a.setViewportSize(PHONE);
    await notice.scrollIntoViewIfNeeded();
    await a.screenshot({ path: artifactPath('two-devices', 'builder-conflict-phone.png') });
    await a.setViewportSize(TABLET);

    await notice.getByRole('button', { name: 'Take theirs' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await color.inputValue()).toBe('Espresso');
    // The same for a measurement: the notice sits under the part, in tape-measure words.
    const width = builderA.field('Cabinet 2 Door 1 Width');
    const partNotice = a.getByRole('group', {
      name: 'Cabinet 2 Door 1 Width changed on another device',
    });
    const typingWidth = await startTyping(width, '14 3/8', '14 1/4');
    await builderB.field('Cabinet 2 Door 1 Width').fill('20');
    await builderB.field('Cabinet 2 Door 1 Height').focus();
    await builderB.waitSaved();
    await expect
      .poll(async () => (await serverProject()).details.cabinetData.itemState['2_0']?.width, POLL)
      .toBe('20');
    await typeUntil(typingWidth, partNotice);
    await partNotice.waitFor({ timeout: 20_000 });
    await partNotice.getByText('Changed on another device to 20"').waitFor();
    await partNotice.getByText('Yours: 14 3/8"').waitFor();
    await partNotice.scrollIntoViewIfNeeded();
    await a.screenshot({ path: artifactPath('two-devices', 'builder-part-conflict-tablet.png') });
    await a.setViewportSize(PHONE);
    await partNotice.scrollIntoViewIfNeeded();
    await a.screenshot({ path: artifactPath('two-devices', 'builder-part-conflict-phone.png') });
    await a.setViewportSize(TABLET);
    await partNotice.getByRole('button', { name: 'Keep mine' }).click();
    await partNotice.waitFor({ state: 'detached' });
    await builderA.waitSaved();
    await expect
      .poll(async () => (await serverProject()).details.cabinetData.itemState['2_0']?.width, POLL)
      .toBe('14.375');

    await builderA.waitSaved();
    // Whatever A's autosave sent meanwhile, B's color is what stays; B's width is intact.
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await builderA.waitSaved();
    await expect
      .poll(async () => (await serverProject()).details.cabinetData.form.color, POLL)
      .toBe('Espresso');
    expect((await serverProject()).details.cabinetData.itemState['6_0']?.width).toBe('22.125');
    await a.context().close();
    await b.context().close();
  });

  it('project name: the open edit form takes the new name and saves only what A changed', async () => {
    const a = await openDevice(TABLET);
    const b = await openDevice(TABLET);
    const dashA = new DashboardPage(a);
    const dashB = new DashboardPage(b);
    const { name: before } = await serverProject();

    // A opens the edit form and changes the description and the phone (not saved yet).
    await a.getByRole('button', { name: `Edit ${before}` }).click();
    await dashA.fill({ description: 'Kitchen and laundry', phone: '5553334444' });

    // B renames the job and changes the phone too; B's sync pushes it.
    await b.getByRole('button', { name: `Edit ${before}` }).click();
    await dashB.fill({ name: 'Maria Alvarez-Reyes', phone: '5551112222' });
    await dashB.submitDialog();
    await expect.poll(async () => (await serverProject()).name, POLL).toBe('Maria Alvarez-Reyes');

    // A comes back to the tab: the pull brings B's row into the open form.
    await returnToTab(a);
    const nameA = dashA.dialog().getByLabel('Customer name');
    await expect.poll(() => nameA.inputValue(), POLL).toBe('Maria Alvarez-Reyes');
    expect(await dashA.dialog().getByLabel('Description').inputValue()).toBe('Kitchen and laundry');
    const notice = dashA.dialog().getByRole('group', { name: 'Phone changed on another device' });
    await notice.getByText('Changed on another device to (555) 111-2222').waitFor();
    await notice.getByText('Yours: (555) 333-4444').waitFor();
    await notice.scrollIntoViewIfNeeded();
    await a.screenshot({ path: artifactPath('two-devices', 'project-form-conflict-tablet.png') });

    await notice.getByRole('button', { name: 'Keep mine' }).click();
    await notice.waitFor({ state: 'detached' });
    await dashA.submitDialog();
    await dashA.dialog().waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await serverProject()).details.description, POLL)
      .toBe('Kitchen and laundry');
    const server = await serverProject();
    expect(server.name).toBe('Maria Alvarez-Reyes');
    expect(server.details.phone).toBe('(555) 333-4444');
    await dashA.card('Maria Alvarez-Reyes').waitFor();
    await a.context().close();
    await b.context().close();
  });

  it('profile phone: the open profile takes the new phone; a phone both changed asks', async () => {
    const a = await openDevice(PHONE);
    const b = await openDevice(TABLET);
    const profileA = new ProfilePage(a);
    const profileB = new ProfilePage(b);
    await profileA.open();
    await profileB.open();

    // A changes the address (not saved); B changes the phone and saves.
    await profileA.field('Address').fill('9 Mill Rd');
    await profileB.field('Phone').fill('5557778888');
    await profileB.save();
    await expect.poll(async () => (await serverPhone()).phone, POLL).toBe('(555) 777-8888');

    await returnToTab(a);
    await expect.poll(() => profileA.field('Phone').inputValue(), POLL).toBe('(555) 777-8888');
    expect(await profileA.field('Address').inputValue()).toBe('9 Mill Rd');
    await profileA.save();
    await a.getByText('Profile updated successfully!').waitFor();
    await expect.poll(async () => (await serverPhone()).address, POLL).toBe('9 Mill Rd');
    expect((await serverPhone()).phone).toBe('(555) 777-8888');

    // Both change the phone: A's unsaved value stays, with B's and the choice.
    await profileA.field('Phone').fill('5550001111');
    await profileB.field('Phone').fill('5552223333');
    await profileB.save();
    await expect.poll(async () => (await serverPhone()).phone, POLL).toBe('(555) 222-3333');
    await returnToTab(a);
    const notice = a.getByRole('group', { name: 'Phone changed on another device' });
    await notice
      .getByText('Changed on another device to (555) 222-3333')
      .waitFor({ timeout: 20_000 });
    await notice.getByText('Yours: (555) 000-1111').waitFor();
    expect(await profileA.field('Phone').inputValue()).toBe('(555) 000-1111');
    await notice.scrollIntoViewIfNeeded();
    await a.screenshot({ path: artifactPath('two-devices', 'profile-conflict-phone.png') });
    await a.setViewportSize(TABLET);
    await a.screenshot({ path: artifactPath('two-devices', 'profile-conflict-tablet.png') });

    await notice.getByRole('button', { name: 'Take theirs' }).click();
    expect(await profileA.field('Phone').inputValue()).toBe('(555) 222-3333');
    await profileA.field('First name').fill('Carlos');
    await profileA.save();
    await a.getByText('Profile updated successfully!').waitFor();
    expect((await serverPhone()).phone).toBe('(555) 222-3333');
    await a.context().close();
    await b.context().close();
  });
});
