/**
 * The layer order (eslint.layers.js: domain ← data ← hooks/auth/remote ← ui
 * ← features ← app, sync/ apart, one feature never importing another but the
 * embedded ones) is held by ESLint's `layers/imports` rule, not by habit.
 * This test takes the rule each file really gets from eslint.config.js and
 * runs it over the imports in tests/fixtures/lint/layerImports.json, each
 * written as a static import, a type import, a re-export (named and `*`), a
 * lazy `import()` and a type of one, so neither an index import
 * (`'../data'`) nor an on-demand chunk slips through. It also checks that every folder of src/ has a place
 * in the order, that no feature imports the app shell, and that
 * docs/architecture.md quotes the order as it is.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  ASIDE,
  EMBEDDED_FEATURES,
  LAYERS,
  folderOf,
  layerOrderText,
} from '../../../eslint.layers.js';

const root = join(import.meta.dirname, '..', '..', '..');

interface Case {
  file: string;
  import: string;
}
const fixture = JSON.parse(
  readFileSync(join(root, 'tests/fixtures/lint/layerImports.json'), 'utf8'),
) as { refused: Case[]; allowed: Case[] };

/** One import written each way a module can name another. */
const FORMS: Record<string, (spec: string) => string> = {
  static: (s) => `import { x } from '${s}';\nexport { x };\n`,
  type: (s) => `import type { X } from '${s}';\nexport type { X };\n`,
  reexport: (s) => `export { x } from '${s}';\n`,
  reexportAll: (s) => `export * from '${s}';\n`,
  lazy: (s) => `export const load = () => import('${s}');\n`,
  typeofLazy: (s) => `export type Loaded = typeof import('${s}');\n`,
};

const eslint = new ESLint({ cwd: root });

/** Messages of the layer rule eslint.config.js gives `file`, for `code` written in it. */
async function layerMessages(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(root, file))) as {
    rules?: Record<string, unknown>;
    plugins?: Record<string, ESLint.Plugin>;
  };
  const rule = config.rules?.['layers/imports'];
  const plugin = config.plugins?.layers;
  if (rule === undefined || plugin === undefined) return ['(no layer rule for this file)'];
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parser: tseslint.parser },
          plugins: { layers: plugin },
          rules: { 'layers/imports': rule as Linter.RuleEntry },
        },
      ],
      join(root, file),
    )
    .map((m) => m.message);
}

const featureFolders = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('layer rule of eslint.config.js', () => {
  const refused = fixture.refused.flatMap((c) =>
    Object.keys(FORMS).map((form) => ({ ...c, form })),
  );
  const allowed = fixture.allowed.flatMap((c) =>
    Object.keys(FORMS).map((form) => ({ ...c, form })),
  );

  it.each(refused)('refuses $import in $file ($form)', async (c) => {
    const messages = await layerMessages(c.file, FORMS[c.form]!(c.import));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(c.import);
  });

  it.each(allowed)('allows $import in $file ($form)', async (c) => {
    expect(await layerMessages(c.file, FORMS[c.form]!(c.import))).toEqual([]);
  });

  it('applies to a file of every folder the order names', async () => {
    const folders = [...LAYERS.flatMap((row) => row.folders), ...Object.keys(ASIDE)];
    for (const folder of folders) {
      const config = (await eslint.calculateConfigForFile(join(root, folder, 'any.ts'))) as {
        rules?: Record<string, unknown>;
      };
      expect(config.rules?.['layers/imports'], folder).toEqual([2]);
    }
  });

  it('refuses a file in a folder of src/ the order does not name', async () => {
    const messages = await layerMessages('src/gadgets/thing.ts', 'export const x = 1;\n');
    expect(messages).toEqual([expect.stringContaining('no place in the layer order')]);
  });
});

describe('the order covers src/', () => {
  it('every folder of src/ has a place in eslint.layers.js', () => {
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `src/${d.name}`);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((f) => folderOf(`${f}/any.ts`) === 'src')).toEqual([]);
  });

  it('every embedded feature is a feature folder', () => {
    for (const name of EMBEDDED_FEATURES) expect(featureFolders).toContain(name);
  });

  it('docs/architecture.md quotes the order as eslint.layers.js states it', () => {
    const docs = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const order = layerOrderText();
    expect(docs.includes(order), `docs/architecture.md should quote:\n${order}`).toBe(true);
  });
});

describe('features never import the app shell', () => {
  it.each(featureFolders)('refuses src/app in src/features/%s, static and lazy', async (name) => {
    const file = `src/features/${name}/Any.tsx`;
    for (const form of Object.values(FORMS)) {
      expect(await layerMessages(file, form('../../app/session'))).toHaveLength(1);
      expect(await layerMessages(file, form('../../app/router'))).toHaveLength(1);
    }
  });

  it.each(featureFolders)('refuses another feature in src/features/%s', async (name) => {
    const file = `src/features/${name}/Any.tsx`;
    for (const other of featureFolders.filter((f) => f !== name)) {
      const messages = await layerMessages(file, FORMS.lazy!(`../${other}/Page`));
      const open = EMBEDDED_FEATURES.includes(other) && !EMBEDDED_FEATURES.includes(name);
      expect(messages, `${name} → ${other}`).toHaveLength(open ? 0 : 1);
    }
  });

  it('no file of src/features imports src/app (the tree as it is)', () => {
    const specifier =
      /(?:import|export)\s[^'"`;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
    const app = join(root, 'src/app');
    const found: string[] = [];
    const files = readdirSync(join(root, 'src/features'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => join(root, 'src/features', f));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(specifier)) {
        const target = resolve(dirname(file), (m[1] ?? m[2])!);
        if (target === app || target.startsWith(`${app}/`))
          found.push(`${relative(root, file)} → ${m[1] ?? m[2]}`);
      }
    }
    expect(found).toEqual([]);
    expect(existsSync(join(app, 'session.ts'))).toBe(true);
  });
});
