/** Runs the order CLI as a child process against the fixture jobs and bad input. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
const kitchen = join(root, 'tests/fixtures/jobs/kitchen-full-overlay.json');
const bathroom = join(root, 'tests/fixtures/jobs/bathroom-standard-overlay.json');

function run(...args: string[]) {
  const r = spawnSync(tsx, ['src/cli/order.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Json {
  overlay: number;
  pieces: {
    row: number;
    cabinetType: string;
    index: number;
    part: string;
    quantity: number;
    width: number;
    height: number;
  }[];
  hinges: { size: number; quantity: number }[];
}

describe('order CLI', () => {
  it('--format json prints exactly one JSON object { overlay, pieces, hinges }', () => {
    const r = run(kitchen, '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout) as Json;
    expect(Object.keys(j)).toEqual(['overlay', 'pieces', 'hinges']);
    expect(j.overlay).toBe(1.438);
    expect(j.pieces).toHaveLength(25);
    expect(j.pieces[0]).toEqual({
      row: 0,
      cabinetType: 'Wall',
      index: 0,
      part: 'Door',
      quantity: 1,
      width: expect.closeTo(16.438, 9) as number,
      height: 32.15625,
    });
    // Split + wall leaf: 30/2 + 1.3755 − 1.25, unrounded
    expect(j.pieces[3]).toMatchObject({ row: 3, quantity: 2 });
    expect(j.pieces[3]?.width).toBeCloseTo(15.1255, 9);
    expect(j.pieces.find((p) => p.part === 'Pantry Bott Dr')).toMatchObject({
      row: 9,
      index: 1,
      height: 37.875,
    });
    expect(j.hinges).toEqual([
      { size: 0.5, quantity: 12 },
      { size: 1.438, quantity: 22 },
    ]);
  });

  it('json is the default format', () => {
    const r = run(bathroom);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as Json;
    expect(j.overlay).toBe(0.5);
    expect(j.hinges).toEqual([{ size: 0.5, quantity: 20 }]);
    expect(j.pieces.map((p) => p.row)).toEqual(
      [...j.pieces.map((p) => p.row)].sort((a, b) => a - b),
    );
  });

  it('--format csv prints the pieces (papaparse-readable)', () => {
    const r = run(bathroom, '--format', 'csv');
    expect(r.code).toBe(0);
    const parsed = Papa.parse<Record<string, string>>(r.stdout.trim(), { header: true });
    expect(parsed.meta.fields).toEqual([
      'row',
      'cabinetType',
      'index',
      'part',
      'quantity',
      'width',
      'height',
    ]);
    expect(parsed.data).toHaveLength(21);
    expect(parsed.data[10]).toEqual({
      row: '4',
      cabinetType: 'Wall',
      index: '0',
      part: 'Door',
      quantity: '2',
      width: '11.4375',
      height: '26.5625',
    });
  });

  it('accepts a bare cabinetData object with numeric strings; left-out parts go to stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'order-'));
    const file = join(dir, 'job.json');
    writeFileSync(
      file,
      JSON.stringify({
        form: { overlaySelect: 'fol', stdOption: '1.75', sideReveal: '0.25' },
        stileRail: {},
        cabinetRows: [
          { id: 1, type: 'Base 1/1' },
          { id: 2, type: 'Mystery' },
        ],
        itemState: { '1_0': { width: '12', height: '20' }, '1_1': { width: '', height: '5' } },
      }),
    );
    const r = run(file);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as Json;
    // overlay 1.75 − 0.25 = 1.5; width 3 + 12 = 15; height 1.5 − 0.25 + (0.75 − 0.125) + 20 = 21.875
    expect(j).toEqual({
      overlay: 1.5,
      pieces: [
        {
          row: 0,
          cabinetType: 'Base 1/1',
          index: 0,
          part: 'Door',
          quantity: 1,
          width: 15,
          height: 21.875,
        },
      ],
      hinges: [{ size: 1.5, quantity: 2 }],
    });
    expect(r.stderr).toContain('Cabinet 1 (Base 1/1), Front 2: width not entered');
    expect(r.stderr).toContain('Cabinet 2 (Mystery): unknown cabinet type');
  });

  it.each([
    [
      'missing file',
      ['does/not/exist.json'],
      1,
      /cannot read does\/not\/exist\.json: no such file/,
    ],
    ['no argument', [], 2, /missing input file/],
    ['bad format', [kitchen, '--format', 'xml'], 2, /unknown format "xml" \(json or csv\)/],
    ['bad format after =', [kitchen, '--format=pdf'], 2, /unknown format "pdf"/],
    [
      '--format without a value',
      [kitchen, '--format'],
      2,
      /Option '--format <value>' argument missing/,
    ],
    ['unknown option', [kitchen, '--fast'], 2, /Unknown option '--fast'/],
    [
      'two input files',
      [kitchen, bathroom],
      2,
      /unexpected argument .*bathroom-standard-overlay\.json/,
    ],
    [
      'a directory',
      ['tests/fixtures/jobs'],
      1,
      /cannot read tests\/fixtures\/jobs: is a directory/,
    ],
  ])('%s → clear error, non-zero exit', (_n, args, code, message) => {
    const r = run(...args);
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    if (code === 2)
      expect(r.stderr).toContain(
        'usage: npm run --silent order -- <cabinetData.json> [--format json|csv]',
      );
  });

  it('--help prints the usage line once, exit 2', () => {
    for (const flag of ['--help', '-h']) {
      const r = run(flag);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        'order: usage: npm run --silent order -- <cabinetData.json> [--format json|csv]\n',
      );
    }
  });

  it('--format=csv is read like --format csv; a project file with details.cabinetData is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'order-'));
    const file = join(dir, 'project.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Bath',
        details: {
          cabinetData: (JSON.parse(readFileSync(bathroom, 'utf8')) as { cabinetData: unknown })
            .cabinetData,
        },
      }),
    );
    expect(run(file, '--format=csv').stdout).toBe(run(bathroom, '--format', 'csv').stdout);
  });

  it.each([
    ['not JSON', '{"form": ', /is not valid JSON/],
    ['JSON but not an object', '[1, 2]', /does not hold a cabinetData object/],
    ['object without cabinetData', '{"name": "x"}', /does not hold a cabinetData object/],
    ['cabinetRows not an array', '{"cabinetRows": {"0": "Wall"}}', /cabinetRows must be an array/],
    ['cabinets not an object', '{"cabinets": ["Wall"]}', /cabinets must be an object/],
    [
      'itemState not an object',
      '{"cabinetRows": [], "itemState": 3}',
      /itemState must be an object/,
    ],
    ['form null', '{"form": null}', /: cabinetData\.form must be an object$/m],
    ['stileRail an array', '{"stileRail": [1]}', /: cabinetData\.stileRail must be an object$/m],
    [
      'cabinetData not an object',
      '{"cabinetData": "Wall"}',
      /: the file does not hold a cabinetData object \(expected form, stileRail, cabinets, cabinetRows, itemState\)$/m,
    ],
    ['just a number', '42', /: the file does not hold a cabinetData object$/m],
  ])('malformed file (%s) → clear error, exit 1', (_n, content, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'order-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, content);
    const r = run(file);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
