/**
 * Numbers as typed, and the builder, door order and sync page in Spanish.
 *
 * 1. A contractor types "15 5/8" on the tape keypad of one tablet: the server keeps the number
 *    (15.625) with the typed text, and a second tablet reads "15 5/8" (with "= 15.625" under it) in
 *    the cards and in the List view; the typing tablet reads it in the List view too.
 * 2. A crew tablet and phone set to Spanish (es-ES): the builder with the keypad, the door order
 *    page (the page in Spanish, the sheet for the door maker in English while no maker is named;
 *    on the tablet, a job ordered from an English maker prints and mails English, and from a maker
 *    set to Español, Spanish: the sheet, its CSV and the mail) and the sync page. Screenshots:
 *    artifacts/typed-sizes/, artifacts/spanish/.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath } from './support/browser';
import { signedInClient } from './support/serverClient';
import { LoginPage } from './pages/AuthPages';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';

const EN_MAKER = 'orders@acme-doors.example';
const ES_MAKER = 'pedidos@fabrica-sur.example';

/** Each mail to `to` the server sent (newest first), with its attachments. */
async function mailsTo(to: string) {
  return (await e2e.server.readMail(to)) as (Awaited<
    ReturnType<typeof e2e.server.readMail>
  >[number] & {
    attachments?: { filename: string; content: string }[];
  })[];
}

/** Downloads the order's CSV in Spanish page words ("Enviar de todos modos" if it asks first). */
async function downloadCsv(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV', exact: true }).click();
  const asked = page.getByRole('button', { name: 'Enviar de todos modos' });
  const first = await Promise.race([
    download.then(() => 'download' as const),
    asked.waitFor().then(
      () => 'asked' as const,
      () => 'download' as const,
    ),
  ]);
  if (first === 'asked') await asked.click();
  const path = artifactPath('spanish', 'order-spanish-maker.csv');
  await (await download).saveAs(path);
  return readFileSync(path, 'utf8');
}

/**
 * A Spanish-speaking contractor orders a job's doors from two makers: an English one (the sheet,
 * its print and the mail stay English) and one he sets to Español on the maker form (the sheet
 * below turns Spanish while he places and stays so once placed; its CSV and the mail are Spanish).
 * The job is a copy of the kitchen fixture of its own, so the demo kitchen's sheet stays English.
 */
async function ordersToTwoMakers(page: Page, device: string): Promise<void> {
  const { client, userId } = await signedInClient(e2e.server.url, contractor);
  const cabinetData = (
    JSON.parse(
      readFileSync(new URL('../fixtures/jobs/kitchen-full-overlay.json', import.meta.url), 'utf8'),
    ) as { cabinetData: unknown }
  ).cabinetData;
  const { data, error } = await client
    .from('projects')
    .insert({
      name: 'Ortega Kitchen',
      status: 'active',
      user_id: userId,
      assigned_contractor_id: userId,
      details: { address: '9 Pine St, Springfield, IL 62701', cabinetData },
    })
    .select('id')
    .single();
  if (error || !data) throw new Error(`insert project: ${error?.message}`);
  await page.goto(`/order/${data.id}`);
  const sheet = page.locator('article.ord-sheet');
  await sheet.getByRole('heading', { name: 'Door Order', level: 1 }).waitFor({ timeout: 30_000 });

  // To an English maker: the form's language is English, the sheet and the mail stay English.
  await page.getByRole('button', { name: 'Hacer el pedido' }).click();
  await page.getByLabel('Nombre del fabricante').fill('Acme Doors');
  await page.getByLabel('Correo del fabricante').fill(EN_MAKER);
  await expect(page.getByLabel('Idioma del pedido').inputValue()).resolves.toBe('en');
  await page.getByRole('button', { name: 'Enviar por correo' }).click();
  await page.getByText(`Enviado por correo a ${EN_MAKER}`).waitFor({ timeout: 30_000 });
  await sheet.getByRole('heading', { name: 'Door Order', level: 1 }).waitFor();
  await expect(sheet.getAttribute('lang')).resolves.toBe('en');
  await page.screenshot({
    path: artifactPath('spanish', `${device}-order-english-maker-sheet.png`),
    fullPage: true,
  });
  const [english] = await mailsTo(EN_MAKER);
  expect(english!.subject).toMatch(/^Door order/);
  expect(english!.attachments![0]!.content.replace(/^\uFEFF/, '')).toMatch(/^PO number,Cabinet,/);

  // To a maker set to Español: the sheet below turns Spanish as soon as it is chosen.
  await page.getByRole('button', { name: 'Hacer otro pedido' }).click();
  await expect(
    page.getByLabel('Fabricante de puertas', { exact: true }).inputValue(),
  ).resolves.toBe('');
  await page.getByLabel('Nombre del fabricante').fill('Fábrica Sur');
  await page.getByLabel('Correo del fabricante').fill(ES_MAKER);
  await page.getByLabel('Idioma del pedido').selectOption('es');
  await sheet.getByRole('heading', { name: 'Pedido de puertas', level: 1 }).waitFor();
  await expect(sheet.getAttribute('lang')).resolves.toBe('es');
  await page.getByRole('button', { name: 'Enviar por correo' }).click();
  await page.getByText(`Enviado por correo a ${ES_MAKER}`).waitFor({ timeout: 30_000 });
  // Placed: the sheet is the last order's maker's, Spanish; printed too.
  await sheet.getByRole('heading', { name: 'Pedido de puertas', level: 1 }).waitFor();
  await sheet.getByRole('heading', { name: /^Puertas/ }).waitFor();
  await page.emulateMedia({ media: 'print' });
  await sheet.getByRole('heading', { name: 'Pedido de puertas', level: 1 }).waitFor();
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({
    path: artifactPath('spanish', `${device}-order-spanish-maker-sheet.png`),
    fullPage: true,
  });
  const [spanish] = await mailsTo(ES_MAKER);
  expect(spanish!.subject).toMatch(/^Pedido de puertas/);
  expect(spanish!.text).toMatch(/piezas para el trabajo "Ortega Kitchen"/);
  expect(spanish!.attachments![0]!.content.replace(/^\uFEFF/, '')).toMatch(
    /^Número de orden de compra,Gabinete,/,
  );
  // The CSV from the sheet's buttons is Spanish too; the buttons stay in the app's language.
  const csv = await downloadCsv(page);
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Artículo,Cant\.,Ancho \(pulg\.\),/);
  // The maker keeps his language: picked again, the form reads Español.
  await page.getByRole('button', { name: 'Hacer otro pedido' }).click();
  await page
    .getByLabel('Fabricante de puertas', { exact: true })
    .selectOption({ label: `Fábrica Sur (${ES_MAKER})` });
  await expect(page.getByLabel('Idioma del pedido').inputValue()).resolves.toBe('es');
  await page
    .getByLabel('Fabricante de puertas', { exact: true })
    .selectOption({ label: `Acme Doors (${EN_MAKER})` });
  await expect(page.getByLabel('Idioma del pedido').inputValue()).resolves.toBe('en');
  await sheet.getByRole('heading', { name: 'Door Order', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await sheet.getByRole('heading', { name: 'Pedido de puertas', level: 1 }).waitFor();
}

/** Cabinet 1 door 1 of the demo kitchen as the server has it. */
async function serverPart(): Promise<Record<string, unknown> | undefined> {
  const { client } = await signedInClient(e2e.server.url, contractor);
  const { data } = await client.from('projects').select('details').eq('id', DEMO_KITCHEN).single();
  const details = data?.details as { cabinetData?: { itemState?: Record<string, unknown> } };
  return details.cabinetData?.itemState?.['1_0'] as Record<string, unknown> | undefined;
}

async function tablet(browser: Browser, locale = 'en-US') {
  return browser.newContext({
    baseURL: e2e.server.url,
    viewport: TABLET,
    hasTouch: true,
    locale,
    serviceWorkers: 'allow',
  });
}

describe('numbers as typed', () => {
  it('"15 5/8" typed on one tablet reads "15 5/8" on the other tablet and in the List view', async () => {
    const first = await tablet(e2e.browser);
    const page = await first.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    const b = new BuilderScreen(page);
    const width = b.field('Cabinet 1 Door 1 Width');
    await width.waitFor({ timeout: 30_000 });
    await width.tap();
    await b.tapKeys('Clear', '1', '5', '5/8');
    await expect(width.inputValue()).resolves.toBe('15 5/8');
    await b.tapKeys('Done');
    await b.waitSaved();
    // The number and the typed text reach the server together.
    for (let i = 0; i < 60; i++) {
      const part = await serverPart();
      if (part?.width === '15.625' && part.widthTyped === '15 5/8') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(await serverPart()).toMatchObject({ width: '15.625', widthTyped: '15 5/8' });

    // The typing tablet's List view (a new field) shows it as typed, with its decimal in small type.
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const listWidth = page
      .getByRole('table', { name: 'Parts of every cabinet' })
      .getByLabel('Cabinet 1 Door 1 Width', { exact: true });
    await expect(listWidth.inputValue()).resolves.toBe('15 5/8');
    await page.screenshot({ path: artifactPath('typed-sizes', 'tablet1-list.png') });

    // The second tablet: cards and List view.
    const second = await tablet(e2e.browser);
    const other = await second.newPage();
    await new LoginPage(other).signInToDashboard(contractor.email, contractor.password);
    await other.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    const b2 = new BuilderScreen(other);
    const width2 = b2.field('Cabinet 1 Door 1 Width');
    await width2.waitFor({ timeout: 30_000 });
    await expect(width2.inputValue()).resolves.toBe('15 5/8');
    await b2.cabinet(1).getByText('= 15.625').waitFor();
    await other.screenshot({ path: artifactPath('typed-sizes', 'tablet2-cards.png') });
    await other.getByRole('button', { name: 'List', exact: true }).click();
    await expect(
      other
        .getByRole('table', { name: 'Parts of every cabinet' })
        .getByLabel('Cabinet 1 Door 1 Width', { exact: true })
        .inputValue(),
    ).resolves.toBe('15 5/8');
    await other.screenshot({ path: artifactPath('typed-sizes', 'tablet2-list.png') });
    // Back to cards on both, for the other tests of this suite.
    await other.getByRole('button', { name: 'Cards', exact: true }).click();
    await page.getByRole('button', { name: 'Cards', exact: true }).click();
    await first.close();
    await second.close();
  });
});

describe('builder, door order and sync page in Spanish', () => {
  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const)('on a %s (es-ES)', async (device, viewport) => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport,
      hasTouch: true,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(contractor.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(contractor.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/dashboard');

    // The builder with the keypad.
    await page.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    await page.getByRole('heading', { name: 'Detalles del gabinete' }).waitFor({ timeout: 30_000 });
    const height = page.getByLabel('Gabinete 1 Puerta 1 Alto', { exact: true });
    await height.tap();
    const keypad = page.getByRole('group', { name: 'Teclado de cinta' });
    await keypad.getByRole('button', { name: 'Limpiar', exact: true }).tap();
    for (const key of ['2', '9', '1/2'])
      await keypad.getByRole('button', { name: key, exact: true }).tap();
    await expect(height.inputValue()).resolves.toBe('29 1/2');
    await page.getByText('= 29.5').first().waitFor();
    await page.screenshot({ path: artifactPath('spanish', `${device}-builder-keypad.png`) });
    await keypad.getByRole('button', { name: 'Listo', exact: true }).tap();
    await page.getByRole('heading', { name: 'Agregar gabinetes' }).waitFor();
    await page.getByRole('status').getByText('Cambios sin guardar').waitFor({ state: 'detached' });
    await page.screenshot({
      path: artifactPath('spanish', `${device}-builder.png`),
      fullPage: device === 'tablet',
    });

    // The door order: the page in Spanish, the sheet for the door maker in English while no maker is named.
    await page.goto(`/order/${DEMO_KITCHEN}`);
    await page.getByRole('button', { name: 'Descargar CSV' }).waitFor({ timeout: 30_000 });
    const sheet = page.locator('article.ord-sheet');
    await sheet.getByRole('heading', { name: 'Door Order', level: 1 }).waitFor();
    await sheet.getByRole('heading', { name: /^Doors/ }).waitFor();
    await expect(sheet.getAttribute('lang')).resolves.toBe('en');
    const sheetText = await sheet.innerText();
    expect(sheetText).not.toMatch(/Pedido de puertas|Puertas|Bisagras/);
    await page.getByTestId('order-sheet-language').getByText('English').waitFor();
    await page.screenshot({ path: artifactPath('spanish', `${device}-order-english-sheet.png`) });
    // Printed (the PDF): the sheet prints in English, the page's Spanish actions do not print.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Descargar CSV' }).isVisible()).resolves.toBe(
      false,
    );
    await sheet.getByRole('heading', { name: 'Door Order', level: 1 }).waitFor();
    await page.emulateMedia({ media: 'screen' });
    if (device === 'tablet') await ordersToTwoMakers(page, device);

    // The sync page.
    await page.goto('/sync');
    await page.getByRole('heading', { name: 'Sincronización', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Esperando sincronizar/ }).waitFor();
    await page.screenshot({ path: artifactPath('spanish', `${device}-sync.png`), fullPage: true });
    await ctx.close();
  });
});
