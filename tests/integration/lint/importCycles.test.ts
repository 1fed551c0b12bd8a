/**
 * No module of the app, the sync engine or the local backend imports, even
 * through others and even for a type, a module that imports it back. A
 * circle means two modules hold one concept between them (split for a size
 * limit, then re-exported): the next change to it has to read both. Lazy
 * `import()` counts too, so an on-demand chunk is one entry point that
 * nothing imports back. The failure lists each circle's files.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const FOLDERS = ['src', 'sync', 'server', 'shared'];

/** Relative imports, re-exports and `import()` of `text`. */
const SPECIFIER =
  /(?:import|export)\s[^'"`;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c)) ?? null;
}

/** Module → the modules it imports, for the product files (no tests) of FOLDERS. */
function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((d) =>
    readdirSync(join(root, d), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => resolve(root, d, f)),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps = new Set<string>();
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolveImport(file, (m[1] ?? m[2])!);
      if (target) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan), as sorted relative paths. */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.map((f) => relative(root, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle, through a third module too', () => {
    const g = new Map([
      ['/a', ['/b']],
      ['/b', ['/c']],
      ['/c', ['/a']],
      ['/d', ['/a']],
    ]);
    expect(circles(g)).toHaveLength(1);
    expect(circles(g)[0]).toHaveLength(3);
    expect(
      circles(
        new Map([
          ['/a', ['/b']],
          ['/b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it(`no module of ${FOLDERS.join(', ')} imports itself back`, () => {
    const graph = importGraph();
    expect(graph.has(resolve(root, 'sync/push.ts'))).toBe(true);
    expect(graph.get(resolve(root, 'sync/push.ts'))).toContain(
      resolve(root, 'sync/loadAnswers.ts'),
    );
    expect(circles(graph)).toEqual([]);
  });
});
