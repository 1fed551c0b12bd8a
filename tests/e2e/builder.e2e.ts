/**
 * The cabinet builder end to end (issue 3 §4): a contractor builds a small
 * full-overlay job through the UI, sees the live finished sizes and the hinge
 * table, waits for the autosave, reloads and finds it all again; then opens
 * the door order, downloads the CSV and prints it. Screenshots of the builder
 * (tablet and phone) and of the printed order go to artifacts/builder/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, artifactPath, newContext } from './support/browser';
import { SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: false });


async function rowsText(rows: ReturnType<BuilderScreen['hingeRows']>) {
  return (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

describe('cabinet builder', () => {
  it('builds a job, shows live sizes and hinges, autosaves, survives a reload, orders and prints', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const u = newUser('contractor', 'Carla');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);

    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({ name: 'Ada Byron', address: '12 Oak Street, Springfield', phone: '5551234567', email: 'ada@example.test', scopes: ['Kitchen'] });
    await dash.submitDialog();
    await page.getByRole('link', { name: 'Cabinets for Ada Byron' }).click();
    await page.waitForURL(/\/cabinet-builder\//);
    await page.getByRole('heading', { name: '12 Oak Street, Springfield' }).waitFor();
    const b = new BuilderScreen(page);

    // Overlay: full, STD 1 1/2", side reveal 1/16 → 1.5 − 0.0625 = 1.4375 → 1.438
    await page.getByLabel('Overlay', { exact: true }).selectOption('fol');
    await page.getByLabel('Side Reveal').selectOption({ label: '1/16"' });
    await page.getByText('Overlay size:').getByText('1 7/16"').waitFor();

    // Adding requires a type
    await page.getByRole('button', { name: 'Add Cabinet' }).click();
    await page.getByRole('alert').getByText('Select a cabinet type first.').waitFor();
    await b.addCabinet('Base 2/1');
    await b.addCabinet('Wall');

    // An empty part shows "—" and is listed as left out
    await b.finished('Cabinet 1 Door 1').getByText('—').first().waitFor();

    // Only digits and one point reach the field
    await b.field('Cabinet 1 Door 1 Width').pressSequentially('12a.5.');
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('12.5');
    await b.field('Cabinet 1 Door 1 Height').fill('22');
    await b.field('Cabinet 1 Door 1 Next to wall').check();
    // A fraction typed off the tape is stored as its decimal (it used to run together into 1212)
    await b.field('Cabinet 1 Door 2 Height').fill('22');
    await b.field('Cabinet 1 Door 2 Width').pressSequentially('12 1/2');
    expect(await b.field('Cabinet 1 Door 2 Width').inputValue()).toBe('12 1/2');
    await expect(b.finished('Cabinet 1 Door 2').innerText()).resolves.toMatch(/15 3\/8"\s*15\.376/);
    await b.field('Cabinet 1 Door 2 Height').focus();
    expect(await b.field('Cabinet 1 Door 2 Width').inputValue()).toBe('12.5');
    await b.measure('Cabinet 1 Front 3', '27', '5');
    await b.measure('Cabinet 2 Door 1', '30', '28');
    await b.field('Cabinet 2 Door 1 Split door').check();

    // Live sizes (vertical reveal 1/16: height = 1.5 − 0.0625 + (0.75 − 0.03125) + h = h + 2.15625)
    // Door 1, next to wall: 12.5 + 2.876 − 0.938 = 14.438 → 14 7/16; 22 + 2.15625 = 24.15625 → 24 3/16 (tie up)
    await expect(b.finished('Cabinet 1 Door 1').innerText()).resolves.toMatch(/14 7\/16"\s*14\.438[\s\S]*24 3\/16"\s*24\.156/);
    // Door 2: 12.5 + 2.876 = 15.376 → 15 3/8
    await expect(b.finished('Cabinet 1 Door 2').innerText()).resolves.toMatch(/15 3\/8"\s*15\.376/);
    // Front: 27 + 2.876 = 29.876 → 29 7/8; 5 + 2.15625 = 7.15625 → 7 3/16
    await expect(b.finished('Cabinet 1 Front 3').innerText()).resolves.toMatch(/29 7\/8"\s*29\.876[\s\S]*7 3\/16"\s*7\.156/);
    // Wall split: (2.876 + 30)/2 − 0.0625 = 16.3755 → 16 3/8, two leaves; 28 + 2.15625 = 30.15625 → 30 3/16
    await expect(b.finished('Cabinet 2 Door 1').innerText()).resolves.toMatch(/16 3\/8"\s*16\.376[\s\S]*30 3\/16"[\s\S]*× 2 leaves/);

    // Hinges: 2 @ 1/2" (wall door), 2 + 4 (split) = 6 @ 1.438
    const expectedHinges = ['Size Quantity', '1/2" 0.500 2', '1 7/16" 1.438 6', 'Total 8'];
    await page.getByRole('region', { name: 'Framed Cabinet Hinges' }).getByText('1.438').waitFor();
    expect(await rowsText(b.hingeRows())).toEqual(expectedHinges);

    await b.waitSaved();
    await page.screenshot({ path: artifactPath('builder', 'builder-tablet.png'), fullPage: true });

    // Reload: everything is back from the local database
    await page.reload();
    await page.getByRole('heading', { name: '12 Oak Street, Springfield' }).waitFor();
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('12.5');
    expect(await b.field('Cabinet 1 Door 1 Next to wall').isChecked()).toBe(true);
    expect(await b.field('Cabinet 2 Door 1 Split door').isChecked()).toBe(true);
    expect(await page.getByLabel('Overlay', { exact: true }).inputValue()).toBe('fol');
    await expect(b.finished('Cabinet 2 Door 1').innerText()).resolves.toMatch(/16 3\/8"/);
    expect(await rowsText(b.hingeRows())).toEqual(expectedHinges);

    // Manual save shows the saved state
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('✓ Saved').waitFor();

    // Phone-width look
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: artifactPath('builder', 'builder-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });

    // The order
    await page.getByRole('link', { name: 'Order' }).click();
    await page.getByRole('heading', { name: 'Door Order' }).waitFor();
    const doors = page.getByRole('region', { name: /^Doors/ }).getByRole('row');
    const doorRows = (await doors.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(doorRows.slice(1)).toEqual([
      '1 14 7/16" 14.438 × 24 3/16" 24.156 2 #1 Base 2/1 Door 1',
      '1 15 3/8" 15.376 × 24 3/16" 24.156 2 #1 Base 2/1 Door 2',
      '2 16 3/8" 16.376 × 30 3/16" 30.156 2 #2 Wall Door 1 (split ×2)',
    ]);
    const fronts = (await page.getByRole('region', { name: /^Drawer Fronts/ }).getByRole('row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(fronts.slice(1)).toEqual(['1 29 7/8" 29.876 × 7 3/16" 7.156 #1 Base 2/1 Front 3']);
    await page.getByText('Ada Byron').first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csvPath = artifactPath('builder', 'order.csv');
    await download.saveAs(csvPath);
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv.split(/\r\n/)[0]).toBe(
      'Item,Qty,Width (in),Width (fraction),Height (in),Height (fraction),Door style,Drawer-front style,Color,NRS,Overlay,Hinges per piece,Cabinets,Customer,Job address,Order date',
    );
    expect(csv).toMatch(/\r\nDoor,2,16\.376,"16 3\/8""",30\.156,"30 3\/16""",,,,,"Full Overlay STD 1 1\/2"": 1 7\/16"" \(1\.438\)",2,#2 Wall Door 1 \(split ×2\),Ada Byron,"12 Oak Street, Springfield",\d{4}-\d{2}-\d{2}\r\n/);

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: artifactPath('builder', 'order-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print / PDF' }).isVisible()).toBe(false);
    await page.screenshot({ path: artifactPath('builder', 'order-print.png'), fullPage: true });
    await page.pdf({ path: artifactPath('builder', 'order.pdf'), format: 'Letter', printBackground: true });
    await page.emulateMedia({ media: 'screen' });

    // Spec §8 error state: an unknown project id
    await page.goto('/cabinet-builder/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').getByText('Project not found').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await ctx.close();
  });
});
