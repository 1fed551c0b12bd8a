/**
 * Every TypeScript file of the local backend stays at most 250 lines: past
 * that a file holds more than one piece and the next change to one of them
 * has to be read around the others. The failure names each file and its count.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const MAX_LINES = 250;

/** Lines as `wc -l` counts them would miss a last line without a newline, so that one counts too. */
function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** Paths of every .ts file under `dir` (recursive), relative to the repository root, sorted. */
function tsFilesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f).split('\\').join('/'))
    .sort();
}

describe(`server/ files are at most ${MAX_LINES} lines`, () => {
  const files = tsFilesUnder('server');

  it('finds the server files', () => {
    expect(files).toContain('server/createServer.ts');
    expect(files).toContain('server/auth/shared.ts');
  });

  it(`no .ts file under server/ is over ${MAX_LINES} lines`, () => {
    const over = files
      .map((f) => ({ f, n: lineCount(readFileSync(join(root, f), 'utf8')) }))
      .filter(({ n }) => n > MAX_LINES)
      .map(({ f, n }) => `${f}: ${n} lines`);
    expect(over, `over ${MAX_LINES} lines:\n${over.join('\n')}`).toEqual([]);
  });

  it('counts lines as an editor shows them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\nb\n')).toBe(2);
  });
});
