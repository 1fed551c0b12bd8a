/**
 * The layer rules (domain ← data ← sync ← features/app, one feature never
 * importing another) are held by ESLint's no-restricted-imports, not by habit.
 * This test takes the rule each file really gets from eslint.config.js and
 * runs it over the imports in tests/fixtures/lint/layerImports.json, so an
 * import of a layer's index file (`'../data'`) cannot slip through again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

interface Case {
  file: string;
  import: string;
}
const fixture = JSON.parse(
  readFileSync(join(root, 'tests/fixtures/lint/layerImports.json'), 'utf8'),
) as { refused: Case[]; allowed: Case[] };

const eslint = new ESLint({ cwd: root });

/** Messages of the file's own no-restricted-imports rule for one import line. */
async function restrictedImportMessages(c: Case): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(root, c.file))) as {
    rules?: Record<string, unknown>;
  };
  const rule = config.rules?.['no-restricted-imports'];
  if (rule === undefined) return [];
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    `import { x } from '${c.import}';\nexport { x };\n`,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        rules: { 'no-restricted-imports': rule as Linter.RuleEntry },
      },
    ],
    join(root, c.file),
  );
  return messages.map((m) => m.message);
}

describe('layer rules in eslint.config.js', () => {
  it.each(fixture.refused)('refuses $import in $file', async (c) => {
    expect(await restrictedImportMessages(c)).toHaveLength(1);
  });

  it.each(fixture.allowed)('allows $import in $file', async (c) => {
    expect(await restrictedImportMessages(c)).toEqual([]);
  });
});
