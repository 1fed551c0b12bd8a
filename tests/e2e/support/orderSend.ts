/**
 * The door order's send buttons (Download CSV, Download Excel, Share CSV)
 * ask first while the order has a red check: "Go back" or "Send anyway".
 */
import type { Download, Page } from 'playwright-core';

/**
 * Clicks the order's `button` and answers "Send anyway" when the page asks;
 * resolves to the download it starts. Waits for whichever comes first, the
 * download or the question, never for a fixed time.
 */
export async function sendAnyway(page: Page, button: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const asked = page.getByRole('button', { name: 'Send anyway' });
  const first = await Promise.race([
    download.then(() => 'download' as const),
    asked.waitFor().then(
      () => 'asked' as const,
      () => 'download' as const,
    ),
  ]);
  if (first === 'asked') await asked.click();
  return download;
}
