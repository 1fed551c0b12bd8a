/**
 * The cabinet builder end to end: a contractor builds a small
 * full-overlay job through the UI, sees the live finished sizes and the hinge
 * table, waits for the autosave, reloads and finds it all again; then opens
 * the door order, downloads the CSV and prints it. Screenshots of the builder
 * (tablet and phone) and of the printed order go to artifacts/builder/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import type { Page } from 'playwright-core';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { sendAnyway } from './support/orderSend';
import { BuilderScreen } from './pages/BuilderScreen';
import { horizontalOverflow, smallTouchTargets } from './pages/screenChecks';

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
    await dash.fill({
      name: 'Ada Byron',
      address: '12 Oak Street, Springfield',
      phone: '5551234567',
      email: 'ada@example.test',
      scopes: ['Kitchen'],
    });
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

    // Text that is not a size is kept as typed, with the message on the field, and stays off the order
    await b.field('Cabinet 1 Door 1 Width').pressSequentially('12a.5.');
    await b.field('Cabinet 1 Door 1 Height').focus();
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('12a.5.');
    await page.getByText('Not saved: enter a size like 14 3/8').waitFor();
    // The finished size names the field to fix
    await b.finished('Cabinet 1 Door 1').getByText('Fix the width (not saved)').waitFor();
    await b.field('Cabinet 1 Door 1 Width').fill('12.5');
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('12.5');
    await b.field('Cabinet 1 Door 1 Height').fill('22');
    await b.field('Cabinet 1 Door 1 Next to wall').check();
    // A fraction typed off the tape is stored as its decimal (it used to run together into 1212)
    await b.field('Cabinet 1 Door 2 Height').fill('22');
    await b.field('Cabinet 1 Door 2 Width').pressSequentially('12 1/2');
    expect(await b.field('Cabinet 1 Door 2 Width').inputValue()).toBe('12 1/2');
    await expect(b.finished('Cabinet 1 Door 2').innerText()).resolves.toMatch(/15 3\/8"\s*15\.376/);
    await b.field('Cabinet 1 Door 2 Height').focus();
    // A size keeps the form it was typed in when the field is left
    expect(await b.field('Cabinet 1 Door 2 Width').inputValue()).toBe('12 1/2');
    await b.measure('Cabinet 1 Front 3', '27', '5');
    await b.measure('Cabinet 2 Door 1', '30', '28');
    await b.field('Cabinet 2 Door 1 Split door').check();

    // Live sizes (vertical reveal 1/16: height = 1.5 − 0.0625 + (0.75 − 0.03125) + h = h + 2.15625)
    // Door 1, next to wall: 12.5 + 2.876 − 0.938 = 14.438 → 14 7/16; 22 + 2.15625 = 24.15625 → 24 3/16 (tie up)
    await expect(b.finished('Cabinet 1 Door 1').innerText()).resolves.toMatch(
      /14 7\/16"\s*14\.438[\s\S]*24 3\/16"\s*24\.156/,
    );
    // Door 2: 12.5 + 2.876 = 15.376 → 15 3/8
    await expect(b.finished('Cabinet 1 Door 2').innerText()).resolves.toMatch(/15 3\/8"\s*15\.376/);
    // Front: 27 + 2.876 = 29.876 → 29 7/8; 5 + 2.15625 = 7.15625 → 7 3/16
    await expect(b.finished('Cabinet 1 Front 3').innerText()).resolves.toMatch(
      /29 7\/8"\s*29\.876[\s\S]*7 3\/16"\s*7\.156/,
    );
    // Wall split: (2.876 + 30)/2 − 0.0625 = 16.3755 → 16 3/8, two leaves; 28 + 2.15625 = 30.15625 → 30 3/16
    await expect(b.finished('Cabinet 2 Door 1').innerText()).resolves.toMatch(
      /16 3\/8"\s*16\.376[\s\S]*30 3\/16"[\s\S]*× 2 leaves/,
    );

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
    const fronts = (
      await page
        .getByRole('region', { name: /^Drawer Fronts/ })
        .getByRole('row')
        .allInnerTexts()
    ).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(fronts.slice(1)).toEqual(['1 29 7/8" 29.876 × 7 3/16" 7.156 #1 Base 2/1 Front 3']);
    await page.getByText('Ada Byron').first().waitFor();
    // The checks and a drawing per cabinet are on the order (and so on the print)
    // No door or drawer-front style or color entered: red checks before the door maker calls back.
    await page
      .getByRole('region', { name: 'Order checks' })
      .getByText('Job: door style not entered', { exact: false })
      .waitFor();
    await page
      .getByRole('region', { name: 'Cabinet drawings' })
      .getByRole('group', { name: 'Cabinet 2 drawing: Wall' })
      .waitFor();

    const download = await sendAnyway(page, 'Download CSV');
    const csvPath = artifactPath('builder', 'order.csv');
    await download.saveAs(csvPath);
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split(/\r\n/)[0]).toBe(
      'Item,Qty,Width (in),Width (fraction),Height (in),Height (fraction),Door style,Drawer-front style,Color,Finish,NRS,Overlay,Hinges per piece,Cabinets,PO number,Customer,Job address,Contractor company,Contractor name,Contractor phone,Contractor email,Order date,Red checks',
    );
    expect(csv).toMatch(
      /\r\nDoor,2,16\.3755,"16 3\/8""",30\.1563,"30 3\/16""",,,,,,"Full Overlay STD 1 1\/2"": 1 7\/16"" \(1\.438\)",2,#2 Wall Door 1 \(split ×2\),,Ada Byron,"12 Oak Street, Springfield",[^\r]*,\d{4}-\d{2}-\d{2},[^\r]*\r\n/,
    );

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: artifactPath('builder', 'order-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print / PDF' }).isVisible()).toBe(false);
    await page.screenshot({ path: artifactPath('builder', 'order-print.png'), fullPage: true });
    await page.pdf({
      path: artifactPath('builder', 'order.pdf'),
      format: 'Letter',
      printBackground: true,
    });
    await page.emulateMedia({ media: 'screen' });

    // Product rules "Error messages" error state: an unknown project id
    await page.goto('/cabinet-builder/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').getByText('Project not found').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await ctx.close();
  });
});

/** Signs up a contractor, creates a client project and opens its builder. */
async function openNewJob(page: Page, name: string, address: string) {
  await new SignupPage(page).signUpAndConfirm(e2e.server, newUser('contractor', name));
  await page.getByRole('button', { name: 'Add Client Project' }).click();
  await new DashboardPage(page).fill({
    name,
    address,
    phone: '5551234567',
    email: `${name.toLowerCase()}@example.test`,
    scopes: ['Kitchen'],
  });
  await new DashboardPage(page).submitDialog();
  await page.getByRole('link', { name: `Cabinets for ${name}` }).click();
  await page.getByRole('heading', { name: address }).waitFor();
}

const flat = (t: string) => t.replace(/\s+/g, ' ').trim();

describe.each([
  { device: 'tablet', viewport: TABLET, isMobile: false },
  { device: 'phone', viewport: PHONE, isMobile: true },
])('builder on the job site, $device (touch)', ({ device, viewport, isMobile }) => {
  it('three cabinets entered with the tape keypad only; drawings; remove and undo; reload keeps everything', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport,
      hasTouch: true,
      isMobile,
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    const address = '4410 North Lakeshore Drive Extension, Building C, Unit 1207, Springfield';
    await openNewJob(page, device === 'tablet' ? 'Tara' : 'Pia', address);
    const b = new BuilderScreen(page);

    // Add Cabinet focuses the new cabinet's first measurement; the keypad opens (no system keyboard)
    await b.addCabinet('Wall');
    await b.keypad().waitFor();
    expect(await b.isFocused('Cabinet 1 Door 1 Width')).toBe(true);
    expect(await b.field('Cabinet 1 Door 1 Width').getAttribute('inputmode')).toBe('none');
    await b.tapKeys('1', '4', '3/8');
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('14 3/8');
    await page.getByText('= 14.375').waitFor();
    await b.tapKeys('Next');
    expect(await b.isFocused('Cabinet 1 Door 1 Height')).toBe(true);
    await b.tapKeys('3', '0', 'Next');
    // sol: 14.375 + 1 = 15 3/8; 1.5 + 0.75 + 30 = 32 1/4
    expect(flat(await b.finished('Cabinet 1 Door 1').innerText())).toMatch(
      /15 3\/8" 15\.375 × H 32 1\/4" 32\.250/,
    );

    await b.addCabinet('Base 1/1');
    await b.keypad().waitFor();
    expect(await b.isFocused('Cabinet 2 Door 1 Width')).toBe(true);
    // Enter moves width → height → next part
    await b.tapKeys('1', '2', '1/2', 'Next', '2', '2', 'Next');
    expect(await b.isFocused('Cabinet 2 Front 2 Width')).toBe(true);
    await b.tapKeys('1', '2', '1/2', 'Next', '5', 'Sixteenths', '1/16', 'Next');
    // The keypad's Next leaves the fraction as typed (stored as 5.0625)
    expect(await b.field('Cabinet 2 Front 2 Height').inputValue()).toBe('5 1/16');
    expect(flat(await b.finished('Cabinet 2 Front 2').innerText())).toMatch(
      /13 1\/2" 13\.500 × H 7 5\/16" 7\.313/,
    );

    await b.addCabinet('Base Full Ht 2/0');
    await b.keypad().waitFor();
    // A zero is refused on the field, kept as typed, and Next stays put
    await b.tapKeys('0', 'Next');
    expect(await b.isFocused('Cabinet 3 Door 1 Width')).toBe(true);
    await b
      .cabinet(3)
      .getByText('Not saved: an opening cannot be 0; enter its size, like 14 3/8')
      .waitFor();
    await b.tapKeys(
      'Backspace',
      '1',
      '4',
      'Next',
      '3',
      '0',
      'Next',
      '1',
      '4',
      'Sixteenths',
      '1/16',
      'Next',
      '3',
      '0',
      'Next',
    );
    await b.keypad().waitFor({ state: 'detached' });
    // The pair differs by 1/16: a yellow warning on cabinet 3 in the navigator
    await b
      .navigator()
      .getByRole('button', { name: 'Cabinet 3, Base Full Ht 2/0: warnings' })
      .waitFor();
    await b.navigator().getByRole('button', { name: 'Cabinet 1, Wall: complete' }).waitFor();

    // The drawing: every part labelled with its finished size; tapping a part focuses its width
    const drawing2 = b.drawing(2);
    await drawing2.getByRole('button', { name: 'Door 1: 13 1/2" × 24 1/4", edit width' }).waitFor();
    await drawing2.getByRole('button', { name: 'Front 2: 13 1/2" × 7 5/16", edit width' }).tap();
    expect(await b.isFocused('Cabinet 2 Front 2 Width')).toBe(true);
    await b.tapKeys('Done');
    await b.field('Cabinet 3 Door 1 Next to wall').check();
    await b.field('Cabinet 3 Door 2 Split door').check();
    await b.drawing(3).getByRole('img', { name: 'Next to wall on the left' }).waitFor();
    await b
      .drawing(3)
      .getByRole('button', { name: /^Door 2: .*, split, 2 leaves, edit width$/ })
      .waitFor();
    await b.drawing(2).screenshot({ path: artifactPath('builder', `drawing-base-${device}.png`) });
    await b.drawing(3).screenshot({ path: artifactPath('builder', `drawing-pair-${device}.png`) });

    // The action bar stays in view at the bottom of the page
    await page.getByRole('heading', { name: 'Notes' }).scrollIntoViewIfNeeded();
    const save = await b
      .actionBar()
      .getByRole('button', { name: 'Save', exact: true })
      .boundingBox();
    expect(save && save.y >= 0 && save.y + save.height <= viewport.height).toBe(true);
    await page.screenshot({ path: artifactPath('builder', `site-bottom-${device}.png`) });
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await smallTouchTargets(page)).toEqual([]);

    // Remove comes after the cabinet's fields; a removal can be undone with everything in it
    const order = await b
      .cabinet(2)
      .evaluate((card) =>
        Array.from(card.querySelectorAll('input, button')).map(
          (el) => el.getAttribute('aria-label') ?? (el as HTMLInputElement).id,
        ),
      );
    expect(order[order.length - 1]).toBe('Remove Cabinet 2');
    await b.cabinet(2).getByRole('button', { name: 'Remove Cabinet 2' }).click();
    await page.getByRole('status').filter({ hasText: 'Cabinet 2 removed' }).waitFor();
    expect(await page.getByRole('article', { name: /^Cabinet \d+$/ }).count()).toBe(2);
    await page.screenshot({ path: artifactPath('builder', `removed-${device}.png`) });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await b.cabinet(3).waitFor();
    // The restored card shows the sizes as they were typed ("5 1/16" on the keypad: 5.0625 stored)
    expect(await b.field('Cabinet 2 Front 2 Height').inputValue()).toBe('5 1/16');
    expect(await b.field('Cabinet 2 Door 1 Width').inputValue()).toBe('12 1/2');

    if (device === 'tablet') {
      // Ctrl+Z takes back a removal too
      await b.cabinet(1).getByRole('button', { name: 'Remove Cabinet 1' }).click();
      await b.cabinet(3).waitFor({ state: 'detached' });
      await page.keyboard.press('Control+z');
      await b.cabinet(3).waitFor();
      expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('14 3/8');
    }

    // Reload: nothing lost
    await b.waitSaved();
    await page.reload();
    await page.getByRole('heading', { name: address }).waitFor();
    const values = async () =>
      Promise.all(
        [
          'Cabinet 1 Door 1 Width',
          'Cabinet 1 Door 1 Height',
          'Cabinet 2 Door 1 Width',
          'Cabinet 2 Front 2 Height',
          'Cabinet 3 Door 1 Width',
          'Cabinet 3 Door 2 Width',
        ].map((l) => b.field(l).inputValue()),
      );
    // As typed on the keypad, kept with the numbers (14.375, 12.5, 5.0625, 14.0625 stored)
    expect(await values()).toEqual(['14 3/8', '30', '12 1/2', '5 1/16', '14', '14 1/16']);
    expect(await b.field('Cabinet 3 Door 2 Split door').isChecked()).toBe(true);
    // Door 1 next to the wall and door 2 split: no longer a pair to compare
    await b
      .navigator()
      .getByRole('button', { name: 'Cabinet 3, Base Full Ht 2/0: complete' })
      .click();
    await b.drawing(3).waitFor();
    await page.screenshot({ path: artifactPath('builder', `site-cabinet3-${device}.png`) });
    await ctx.close();
  });
});
