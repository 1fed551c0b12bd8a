/**
 * `npm run bench`: runs every bench module (bench/*.bench.ts) one after
 * another, each in a process of its own, and prints every figure with its
 * baseline from the same run and the ratio between them. A module's own
 * process means nothing an earlier module left behind (a database still
 * finishing its queue, garbage, a timer) runs beside the next one's
 * figures. `npm run bench -- server` runs the modules whose file name
 * contains "server". Exits 0 even when a target is missed (figures are
 * information; no timing assertions in tests), but prints a summary line of
 * how many targets held.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { BenchFigure, BenchModule } from './types';

const here = dirname(fileURLToPath(import.meta.url));

/** Prefix of the line on which a module's process hands its figures (JSON) to the runner. */
const FIGURES_LINE = '@@bench-figures ';

function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toPrecision(3);
}

function print(f: BenchFigure): void {
  const base = f.baseline ? `  baseline ${f.baseline.name}: ${format(f.baseline.value)}` : '';
  const ratio = f.ratio !== undefined ? `  ratio ${format(f.ratio)}` : '';
  process.stdout.write(
    `${f.pass ? 'PASS' : 'MISS'}  ${f.name}: ${format(f.value)} ${f.unit}${base}${ratio}  (target ${f.target})\n`,
  );
}

/** In a module's own process: runs `file` and hands its figures to the runner on one line. */
async function runModule(file: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: BenchModule };
  const figures = await mod.default();
  process.stdout.write(`\n${FIGURES_LINE}${JSON.stringify(figures)}\n`);
  process.exit(0);
}

/** Runs `file` in a child process (the same Node flags, so tsx loads it); resolves with its figures. */
function inOwnProcess(file: string): Promise<BenchFigure[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--module', file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let figures: BenchFigure[] | null = null;
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.startsWith(FIGURES_LINE))
          figures = JSON.parse(line.slice(FIGURES_LINE.length)) as BenchFigure[];
        else if (line.trim()) process.stdout.write(`${line}\n`);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (figures) resolve(figures);
      else reject(new Error(`${file} exited with ${code} before handing its figures`));
    });
  });
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => !filter || f.includes(filter))
    .sort();
  const all: BenchFigure[] = [];
  for (const file of files) {
    process.stdout.write(`\n## ${file}\n`);
    try {
      const figures = await inOwnProcess(file);
      for (const f of figures) {
        all.push(f);
        print(f);
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

const moduleArg = process.argv.indexOf('--module');
if (moduleArg >= 0) await runModule(process.argv[moduleArg + 1] ?? '');
else await main();
