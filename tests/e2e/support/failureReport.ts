/**
 * When an e2e test fails, what each open page showed: its address and the
 * first lines of its text, printed with the failure, and a screenshot under
 * artifacts/failures/. A CI log then says what a person would have seen
 * (a login form, an error screen, a spinner) instead of only which locator
 * timed out.
 */
import { afterEach } from 'vitest';
import { artifactPath, launched } from './browser';

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const lines: string[] = [];
  let n = 0;
  for (const browser of launched) {
    for (const ctx of browser.contexts()) {
      for (const page of ctx.pages()) {
        n += 1;
        const text = await page
          .evaluate(() => document.body?.innerText ?? '')
          .catch((error: unknown) => `(text unreadable: ${String(error)})`);
        const shot = artifactPath(
          'failures',
          `${task.name.replace(/\W+/g, '-').slice(0, 60)}-${n}.png`,
        );
        await page.screenshot({ path: shot, timeout: 5_000 }).catch(() => undefined);
        lines.push(
          `page ${n}: ${page.url()}`,
          ...text
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .slice(0, 25)
            .map((l) => `  | ${l.slice(0, 160)}`),
        );
      }
    }
  }
  if (lines.length)
    console.error(`What the open pages showed when "${task.name}" failed:\n${lines.join('\n')}`);
});
