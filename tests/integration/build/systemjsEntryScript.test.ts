/**
 * The built page starts the app without an inline script: the legacy plugin's inline
 * `System.import(…)` becomes a `<script type="systemjs-module">` before SystemJS's own script, and
 * the entry and its imports are preloaded (SystemJS learns a chunk's imports only once it ran).
 */
import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { systemjsEntryScript } from '../../../scripts/systemjsEntryScript';

/** The page as @vitejs/plugin-legacy (SystemJS output only) writes it. */
const LEGACY_PAGE = `<!doctype html>
<html>
  <head>
    <title>Refacing</title>
  </head>
  <body>
    <div id="root"></div>
    <script crossorigin id="vite-legacy-polyfill" src="/assets/polyfills-legacy-AAA.js"></script>
    <script crossorigin id="vite-legacy-entry" data-src="/assets/index-legacy-BBB.js">System.import(document.getElementById('vite-legacy-entry').getAttribute('data-src'))</script>
  </body>
</html>`;

/** Runs the plugin's page hook with a bundle whose entry chunk imports `imports`. */
async function transform(html: string, imports: string[] = []): Promise<string> {
  const hook = systemjsEntryScript().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const bundle = {
    'assets/index-legacy-BBB.js': { type: 'chunk', imports },
  } as unknown as IndexHtmlTransformContext['bundle'];
  const out = await hook.handler.call({} as never, html, {
    path: '/index.html',
    filename: 'index.html',
    bundle,
  });
  if (typeof out !== 'string') throw new Error('expected the page back');
  return out;
}

describe('SystemJS entry tag', () => {
  it('names the entry in a systemjs-module tag before SystemJS, with no inline script', async () => {
    const page = await transform(LEGACY_PAGE, ['assets/rolldown-runtime-legacy-CCC.js']);
    expect(page).not.toContain('System.import');
    // Every script tag is empty: nothing for the Content-Security-Policy to allow by hash.
    expect(page.match(/<script[^>]*>[^<]+<\/script>/g)).toBeNull();
    const module = page.indexOf(
      '<script type="systemjs-module" src="/assets/index-legacy-BBB.js"></script>',
    );
    const loader = page.indexOf('src="/assets/polyfills-legacy-AAA.js"');
    expect(module).toBeGreaterThan(-1);
    expect(module).toBeLessThan(loader);
  });

  it('preloads the entry and its imports in <head>, without crossorigin as SystemJS asks', async () => {
    const page = await transform(LEGACY_PAGE, ['assets/rolldown-runtime-legacy-CCC.js']);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="script" href="/assets/index-legacy-BBB.js">');
    expect(head).toContain(
      '<link rel="preload" as="script" href="/assets/rolldown-runtime-legacy-CCC.js">',
    );
  });

  it('fails the build when the legacy plugin wrote its tags differently', async () => {
    await expect(transform('<html><head></head><body></body></html>')).rejects.toThrow(
      /no entry or loader script/,
    );
  });
});
