/**
 * `npm run --silent order -- <cabinetData.json> [--format json|csv]`:
 * prints the door order of a job.
 *
 * Input: a JSON file holding a cabinetData object (`form`, `stileRail`,
 * `cabinets` — or the older `cabinetRows` array —, `itemState`; numbers or numeric strings) — the object itself,
 * `{ "cabinetData": … }`, or a project/details object with `details.cabinetData`.
 * `--format json` (default) prints exactly one JSON object
 * `{ overlay, pieces: [{ row, cabinetType, index, part, quantity, width, height }], hinges: [{ size, quantity }] }`
 * with unrounded numbers, one piece per ordered item in cabinet order.
 * `--format csv` prints the pieces as CSV (papaparse) with the same columns.
 * Parts left out (no valid size, unknown cabinet type) are listed on stderr.
 * Exit codes: 0 ok, 1 missing/unreadable/malformed file, 2 bad arguments.
 *
 * This is the only place that touches the file system for the door order;
 * the computation itself is src/domain's, which stays pure.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { z } from 'zod';
import { normalizeCabinetData } from '../domain/cabinetData';
import { computeDoorOrder, orderJson } from '../domain/doorOrder';

const FORMATS = ['json', 'csv'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = 'usage: npm run --silent order -- <cabinetData.json> [--format json|csv]';

/** The command line read: the input file and the output format, or what is wrong with it (`help` when usage was asked for). */
export type OrderArgs =
  { ok: true; file: string; format: Format } | { ok: false; error: string; help?: true };

/**
 * Reads the command line (argv after the script name) with node:util's
 * parseArgs: one positional file, `--format json|csv` (or `--format=…`,
 * default json), `-h`/`--help`. Never throws; a bad command line comes back
 * as `{ ok: false, error }` worded for the user.
 */
export function parseOrderArgs(args: readonly string[]): OrderArgs {
  let values: { format?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      options: { format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (e) {
    // Node's message is a sentence for the user ("Unknown option '--x'") followed by a hint about
    // `--` that does not apply to this tool, so only the first sentence is kept.
    return { ok: false, error: (e as Error).message.split(/\.\s/)[0] ?? String(e) };
  }
  if (values.help) return { ok: false, error: USAGE, help: true };
  const format = z
    .enum(FORMATS, {
      errorMap: () => ({ message: `unknown format "${values.format ?? ''}" (json or csv)` }),
    })
    .default('json')
    .safeParse(values.format);
  if (!format.success)
    return { ok: false, error: format.error.issues[0]?.message ?? 'unknown format' };
  const [file, extra] = positionals;
  if (file === undefined) return { ok: false, error: 'missing input file' };
  if (extra !== undefined) return { ok: false, error: `unexpected argument ${extra}` };
  return { ok: true, file, format: format.data };
}

const NOT_CABINET_DATA = 'the file does not hold a cabinetData object';
const CABINET_DATA_KEYS = ['form', 'stileRail', 'cabinets', 'cabinetRows', 'itemState'] as const;

const anObject = (field: string) =>
  z.record(z.unknown(), { invalid_type_error: `cabinetData.${field} must be an object` });

/**
 * Where the cabinetData sits in the file: under `cabinetData`, under
 * `details.cabinetData`, else the whole document (checked next).
 */
const locateCabinetData = z.union([
  z.object({ cabinetData: z.record(z.unknown()) }).transform((o) => o.cabinetData),
  z
    .object({ details: z.object({ cabinetData: z.record(z.unknown()) }) })
    .transform((o) => o.details.cabinetData),
  z.unknown(),
]);

/**
 * The cabinetData the door order can read: an object with at least one of
 * its four parts, each of the right kind. The values inside are left to
 * normalizeCabinetData, which reads numbers and numeric strings alike.
 */
const cabinetDataSchema = z
  .record(z.unknown(), { invalid_type_error: NOT_CABINET_DATA })
  .refine(
    (o) => CABINET_DATA_KEYS.some((k) => k in o),
    `${NOT_CABINET_DATA} (expected ${CABINET_DATA_KEYS.join(', ')})`,
  )
  .pipe(
    z
      .object({
        cabinets: anObject('cabinets').optional(),
        cabinetRows: z
          .array(z.unknown(), { invalid_type_error: 'cabinetData.cabinetRows must be an array' })
          .optional(),
        form: anObject('form').optional(),
        stileRail: anObject('stileRail').optional(),
        itemState: anObject('itemState').optional(),
      })
      .passthrough(),
  );

/**
 * Finds the cabinetData object in parsed JSON and checks its shape.
 * Returns the object, or the first problem worded for the user (which part
 * is missing or of the wrong kind).
 */
export function extractCabinetData(
  json: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  const candidate = locateCabinetData.parse(json);
  const checked = cabinetDataSchema.safeParse(candidate);
  if (!checked.success)
    return { ok: false, error: checked.error.issues[0]?.message ?? NOT_CABINET_DATA };
  return { ok: true, value: checked.data };
}

/**
 * Runs the CLI on `args` (argv after the script name); returns the exit code
 * (0 ok, 1 bad input file, 2 bad arguments). Output goes through the given
 * writers: the order to `out`, errors and warnings to `err`.
 */
export function runOrderCli(
  args: readonly string[],
  out: (s: string) => void,
  err: (s: string) => void,
): number {
  const parsed = parseOrderArgs(args);
  if (!parsed.ok) {
    err(`order: ${parsed.error}\n${parsed.help ? '' : `${USAGE}\n`}`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(parsed.file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    err(
      `order: cannot read ${parsed.file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String((e as Error).message)}\n`,
    );
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
    out(
      `${Papa.unparse(result.pieces, { columns: ['row', 'cabinetType', 'index', 'part', 'quantity', 'width', 'height'], newline: '\n' })}\n`,
    );
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
