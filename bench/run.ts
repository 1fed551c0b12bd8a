/**
 * `npm run bench`: runs every bench module (bench/*.bench.ts) in one process,
 * one after another, and prints every figure with its baseline from the same
 * run and the ratio between them. `npm run bench -- server` runs the modules
 * whose file name contains "server". Exits 0 even when a target is missed
 * (figures are information; no timing assertions in tests), but prints a
 * summary line of how many targets held.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { BenchFigure, BenchModule } from './types';

const here = dirname(fileURLToPath(import.meta.url));

function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toPrecision(3);
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !filter || f.includes(filter))
    .sort();
  const all: BenchFigure[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: BenchModule };
    process.stdout.write(`\n## ${file}\n`);
    try {
      const figures = await mod.default();
      for (const f of figures) {
        all.push(f);
        const base = f.baseline ? `  baseline ${f.baseline.name}: ${format(f.baseline.value)}` : '';
        const ratio = f.ratio !== undefined ? `  ratio ${format(f.ratio)}` : '';
        process.stdout.write(
          `${f.pass ? 'PASS' : 'MISS'}  ${f.name}: ${format(f.value)} ${f.unit}${base}${ratio}  (target ${f.target})\n`,
        );
      }
    } catch (error) {
      process.stdout.write(
        `ERROR ${file}: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      all.push({ name: file, value: NaN, unit: '', target: 'runs', pass: false });
    }
  }
  const held = all.filter((f) => f.pass).length;
  process.stdout.write(`\n${held} of ${all.length} targets held\n`);
  process.exit(0);
}

await main();
