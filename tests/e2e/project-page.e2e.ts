/**
 * The project page as a contractor uses it on site (seeded demo kitchen):
 * tap-to-call, email and map links, status/type/scopes, cabinet summary with
 * the way to the builder and the order, photos as device-made thumbnails that
 * open full size, file sizes in B/KB, the raw JSON folded away, and the
 * favicon. Screenshots at 1024×768 and 390×844 go to artifacts/project/.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { LoginPage } from './pages/AuthPages';
import { ProjectPage } from './pages/ProjectPage';

const e2e = appSuite({ seed: true });
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';

describe('project page for the field', () => {
  it('contact links, summary, photos grid with thumbnails made on the device, technical details folded', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    // A "photo": a 1024×768 PNG (a screenshot of a coloured page).
    const shooter = await ctx.newPage();
    await shooter.setContent(
      '<body style="margin:0;background:linear-gradient(45deg,#b8733a,#1f4e5f)"></body>',
    );
    const photo = await shooter.screenshot({ type: 'png' });
    await shooter.close();

    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard('contractor@example.com', 'demo-contractor');
    await page.goto(`/project/${DEMO_KITCHEN}`);
    await page.getByRole('heading', { name: 'Maria Alvarez' }).waitFor({ timeout: 30_000 });

    const contact = page.getByRole('region', { name: 'Contact' });
    expect(
      await contact.getByRole('link', { name: 'Call (555) 201-4478' }).getAttribute('href'),
    ).toBe('tel:5552014478');
    expect(
      await contact
        .getByRole('link', { name: 'Email maria.alvarez@example.com' })
        .getAttribute('href'),
    ).toBe('mailto:maria.alvarez@example.com');
    const map = contact.getByRole('link', {
      name: 'Map 418 Birchwood Ln, Springfield, IL 62704',
    });
    expect(await map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=418%20Birchwood%20Ln%2C%20Springfield%2C%20IL%2062704',
    );

    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('Active', { exact: true }).waitFor();
    await details.getByText('Kitchen', { exact: true }).first().waitFor();
    const cabinets = page.getByRole('region', { name: 'Cabinets' });
    await cabinets.getByText(/^\d+ cabinets · \d+ doors · \d+ drawer fronts$/).waitFor();
    expect(
      await cabinets.getByRole('link', { name: 'Open Cabinet Builder' }).getAttribute('href'),
    ).toBe(`/cabinet-builder/${DEMO_KITCHEN}`);
    expect(await cabinets.getByRole('link', { name: 'Door Order' }).getAttribute('href')).toBe(
      `/order/${DEMO_KITCHEN}`,
    );

    // The raw JSON is there but folded, closed by default.
    const tech = page.locator('details.prj-tech');
    expect(await tech.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByLabel('Project as JSON').isVisible()).toBe(false);
    await page.getByText('Technical details').click();
    await page.getByLabel('Project as JSON').waitFor();
    await page.getByText('Technical details').click();

    const project = new ProjectPage(page);
    await project.upload([
      {
        name: 'note.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Sink base: check 2 hinges. \n'),
      },
      { name: 'sink-wall.png', mimeType: 'image/png', buffer: photo },
    ]);
    expect(Buffer.from('Sink base: check 2 hinges. \n').length).toBe(28);
    await project.file('note.txt').getByText(/^28 B/).waitFor();
    const thumb = project
      .file('sink-wall.png')
      .getByRole('img', { name: 'Preview of sink-wall.png' });
    await thumb.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Preview of sink-wall.png"]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    // Made on the device: 1024×768 scaled to at most 320 px.
    expect(
      await thumb.evaluate((img) => [
        (img as HTMLImageElement).naturalWidth,
        (img as HTMLImageElement).naturalHeight,
      ]),
    ).toEqual([320, 240]);
    await page.getByText('Pending upload').first().waitFor({ state: 'detached', timeout: 30_000 });
    await page.screenshot({ path: artifactPath('project', 'project-tablet.png'), fullPage: true });

    // Full size on tap.
    await page.getByRole('button', { name: 'Open sink-wall.png full size' }).click();
    const viewer = page.getByRole('dialog', { name: 'sink-wall.png' });
    const full = viewer.getByRole('img', { name: 'sink-wall.png' });
    await full.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('dialog img.photo-full');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await full.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1024);
    await page.screenshot({ path: artifactPath('project', 'photo-viewer-tablet.png') });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // After a reload the tile is the stored thumbnail, not the photo.
    await page.reload();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Preview of sink-wall.png"]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(
      await project
        .file('sink-wall.png')
        .getByRole('img')
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(320);

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: artifactPath('project', 'project-phone.png'), fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // Deleting names the file, in the app's dialog.
    await page.getByRole('button', { name: 'Delete sink-wall.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “sink-wall.png”?' });
    await confirm.waitFor();
    await page.screenshot({ path: artifactPath('project', 'confirm-delete-phone.png') });
    await confirm.getByRole('button', { name: 'Delete file' }).click();
    await project.file('sink-wall.png').waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('serves /favicon.ico', async () => {
    const res = await fetch(`${e2e.server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
