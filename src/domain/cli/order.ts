/**
 * `npm run --silent order -- <cabinetData.json> [--format json|csv]`:
 * prints the door order of a job.
 *
 * Input: a JSON file holding a cabinetData object (`form`, `stileRail`,
 * `cabinetRows`, `itemState`; numbers or numeric strings) — the object itself,
 * `{ "cabinetData": … }`, or a project/details object with `details.cabinetData`.
 * `--format json` (default) prints exactly one JSON object
 * `{ overlay, pieces: [{ row, cabinetType, index, part, quantity, width, height }], hinges: [{ size, quantity }] }`
 * with unrounded numbers, one piece per ordered item in cabinet order.
 * `--format csv` prints the pieces as CSV (papaparse) with the same columns.
 * Parts left out (no valid size, unknown cabinet type) are listed on stderr.
 * Exit codes: 0 ok, 1 missing/unreadable/malformed file, 2 bad arguments.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { normalizeCabinetData } from '../cabinetData';
import { computeDoorOrder, orderJson } from '../doorOrder';

type Format = 'json' | 'csv';

const USAGE = 'usage: npm run --silent order -- <cabinetData.json> [--format json|csv]';

type Parsed = { ok: true; file: string; format: Format } | { ok: false; error: string };

/** Parses argv (after the script name). */
export function parseArgs(args: readonly string[]): Parsed {
  let file: string | undefined;
  let format: Format = 'json';
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--format' || a.startsWith('--format=')) {
      const value = a === '--format' ? args[++i] : a.slice('--format='.length);
      if (value !== 'json' && value !== 'csv') return { ok: false, error: `unknown format "${value ?? ''}" (json or csv)` };
      format = value;
    } else if (a === '-h' || a === '--help') {
      return { ok: false, error: USAGE };
    } else if (a.startsWith('-')) {
      return { ok: false, error: `unknown option ${a}` };
    } else if (file === undefined) {
      file = a;
    } else {
      return { ok: false, error: `unexpected argument ${a}` };
    }
  }
  if (file === undefined) return { ok: false, error: 'missing input file' };
  return { ok: true, file, format };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Finds the cabinetData object in parsed JSON and checks its shape.
 * Returns an error value when it is not there or a part has the wrong type.
 */
export function extractCabinetData(json: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let candidate: unknown = json;
  if (isRecord(json) && isRecord(json.cabinetData)) candidate = json.cabinetData;
  else if (isRecord(json) && isRecord(json.details) && isRecord(json.details.cabinetData)) candidate = json.details.cabinetData;
  if (!isRecord(candidate)) return { ok: false, error: 'the file does not hold a cabinetData object' };
  const keys = ['form', 'stileRail', 'cabinetRows', 'itemState'];
  if (!keys.some((k) => k in candidate)) {
    return { ok: false, error: `the file does not hold a cabinetData object (expected ${keys.join(', ')})` };
  }
  if ('cabinetRows' in candidate && !Array.isArray(candidate.cabinetRows)) return { ok: false, error: 'cabinetData.cabinetRows must be an array' };
  for (const k of ['form', 'stileRail', 'itemState']) {
    if (k in candidate && !isRecord(candidate[k])) return { ok: false, error: `cabinetData.${k} must be an object` };
  }
  return { ok: true, value: candidate };
}

/** Runs the CLI; returns the exit code. Output goes through the given writers. */
export function runOrderCli(args: readonly string[], out: (s: string) => void, err: (s: string) => void): number {
  const parsed = parseArgs(args);
  if (!parsed.ok) {
    err(`order: ${parsed.error}\n${parsed.error === USAGE ? '' : `${USAGE}\n`}`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(parsed.file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    err(`order: cannot read ${parsed.file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String((e as Error).message)}\n`);
    return 1;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    err(`order: ${parsed.file} is not valid JSON: ${(e as Error).message}\n`);
    return 1;
  }
  const found = extractCabinetData(json);
  if (!found.ok) {
    err(`order: ${parsed.file}: ${found.error}\n`);
    return 1;
  }
  const order = computeDoorOrder(normalizeCabinetData(found.value));
  for (const w of order.warnings) err(`warning: ${w.message}\n`);
  const result = orderJson(order);
  if (parsed.format === 'json') {
    out(`${JSON.stringify(result)}\n`);
  } else {
    out(`${Papa.unparse(result.pieces, { columns: ['row', 'cabinetType', 'index', 'part', 'quantity', 'width', 'height'], newline: '\n' })}\n`);
  }
  return 0;
}

function isMain(): boolean {
  const entry = process.argv[1] ?? '';
  return /[\\/]cli[\\/]order\.ts$/.test(entry);
}

if (isMain()) {
  process.exitCode = runOrderCli(
    process.argv.slice(2),
    (s) => process.stdout.write(s),
    (s) => process.stderr.write(s),
  );
}
