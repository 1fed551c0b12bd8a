/**
 * Checks run on every screen: nothing overflows the viewport horizontally,
 * every visible form control has a label, every visible control is reachable
 * with the Tab key. Each returns the offenders (empty = pass).
 */
import type { Page } from 'playwright-core';

/** Elements sticking out past the right edge of the viewport (outside scroll containers). */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1)
      out.push(`document scrollWidth ${document.documentElement.scrollWidth} > ${vw}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      let scroller = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(s.overflowX) || p.tagName === 'DIALOG') {
          scroller = p !== document.body && p !== document.documentElement;
          if (scroller) break;
        }
      }
      if (!scroller && r.right > vw + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

/** Visible inputs, selects and textareas without a label, aria-label or aria-labelledby. */
export async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'input, select, textarea',
      ),
    )
      .filter(
        (el) =>
          el.type !== 'hidden' &&
          !el.classList.contains('visually-hidden') &&
          el.getClientRects().length > 0,
      )
      .filter(
        (el) =>
          !(
            (el.labels && el.labels.length > 0) ||
            el.getAttribute('aria-label') ||
            el.getAttribute('aria-labelledby')
          ),
      )
      .map((el) => `${el.tagName.toLowerCase()}#${el.id}[name=${el.name}]`),
  );
}

/** Visible interactive elements never focused while tabbing through the page (up to `maxTabs` presses). */
export async function unreachableByKeyboard(page: Page, maxTabs = 120): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as unknown as { __seen: Set<Element> }).__seen = new Set();
    document.addEventListener('focusin', (e) =>
      (window as unknown as { __seen: Set<Element> }).__seen.add(e.target as Element),
    );
  });
  for (let i = 0; i < maxTabs; i++) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const seen = (window as unknown as { __seen: Set<Element> }).__seen;
    const dialog = document.querySelector('dialog[open]');
    const scope: ParentNode = dialog ?? document;
    return Array.from(
      scope.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex="0"]',
      ),
    )
      .filter(
        (el) =>
          !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0,
      )
      .filter((el) => getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => !seen.has(el))
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      );
  });
}

/** Touch targets smaller than 44×44 px (visible buttons, links styled as buttons, inputs). */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, .btn, input:not([type=checkbox]):not([type=radio]), select, .chip',
      ),
    )
      .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('visually-hidden'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height < 43.5 || r.width < 43.5;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`,
      ),
  );
}

/**
 * What each brand mark on the page shows: its own text and the letter its stylesheet adds
 * (`.brand-mark::before`), e.g. ['R']. A mark that carries the letter both ways shows 'RR'.
 */
export async function brandMarks(page: Page): Promise<string[]> {
  return page.$$eval('.brand-mark', (marks) =>
    marks.map((mark) => {
      const before = getComputedStyle(mark, '::before').content;
      const added = before === 'none' || before === 'normal' ? '' : before.replace(/^"|"$/g, '');
      return added + (mark.textContent ?? '').trim();
    }),
  );
}
