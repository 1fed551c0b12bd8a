/**
 * The built page asks for `/local-config.js` (the local backend's anon key) only when the build is
 * for the local backend: a build for a hosted backend has its key built in and no server that
 * answers the script, which the page would wait for before running.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig, type HtmlTagDescriptor, type IndexHtmlTransformHook } from 'vite';
import { localConfigScript } from '../../../scripts/localConfigScript';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The tags the plugin adds to a page built with `envFile` as the project's `.env`. */
async function tagsFor(envFile: string): Promise<HtmlTagDescriptor[]> {
  const envDir = mkdtempSync(join(tmpdir(), 'local-config-env-'));
  dirs.push(envDir);
  writeFileSync(join(envDir, '.env'), envFile);
  const plugin = localConfigScript();
  const config = await resolveConfig(
    { configFile: false, envDir, logLevel: 'silent', plugins: [plugin] },
    'build',
    'production',
  );
  expect(config.plugins.some((p) => p.name === 'local-config-script')).toBe(true);
  const hook = plugin.transformIndexHtml as { handler: IndexHtmlTransformHook };
  const tags = await hook.handler.call({} as never, '<html></html>', {
    path: '/index.html',
    filename: 'index.html',
  });
  return Array.isArray(tags) ? tags : [];
}

describe('local-config script tag', () => {
  it('is first in <head> of a build for the local backend', async () => {
    expect(await tagsFor('')).toEqual([
      { tag: 'script', attrs: { src: '/local-config.js' }, injectTo: 'head-prepend' },
    ]);
  });

  it('is left out of a build for a hosted backend', async () => {
    expect(
      await tagsFor(
        'VITE_SUPABASE_URL=https://abcdefghijklmnop.supabase.co\nVITE_SUPABASE_ANON_KEY=hosted-anon-key\n',
      ),
    ).toEqual([]);
  });
});
