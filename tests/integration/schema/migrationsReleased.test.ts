/**
 * Migrations are forward-only. supabase/released-migrations.json lists every
 * released migration with the SHA-256 of its text (LF line ends); a released
 * migration never changes (hosted databases have applied it and will not
 * again), and a new migration is dated after the latest released one (or it
 * would run before migrations that databases already have). Release new
 * ones with `node scripts/release-migrations.mjs`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = join(root, 'supabase', 'migrations');
const released = JSON.parse(
  readFileSync(join(root, 'supabase', 'released-migrations.json'), 'utf8'),
) as Record<string, string>;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

function sha256(file: string): string {
  return createHash('sha256')
    .update(readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n'))
    .digest('hex');
}

describe('released migrations', () => {
  it('every migration is named <YYYYMMDDHHMMSS>_<slug>.sql', () => {
    expect(files.filter((f) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(f))).toEqual([]);
  });

  it('no released migration was edited or removed (add a new migration instead)', () => {
    const changed = Object.entries(released)
      .filter(([file, hash]) => !files.includes(file) || sha256(file) !== hash)
      .map(([file]) => file);
    expect(changed, `released migrations changed or missing: ${changed.join(', ')}`).toEqual([]);
  });

  it('every unreleased migration is dated after the latest released one', () => {
    const latest = Object.keys(released).sort().at(-1) ?? '';
    const early = files.filter(
      (f) => released[f] === undefined && f.slice(0, 14) <= latest.slice(0, 14),
    );
    expect(early, `new migrations must be dated after ${latest}: ${early.join(', ')}`).toEqual([]);
  });

  it('the baseline is released', () => {
    expect(Object.keys(released).length).toBeGreaterThan(0);
  });
});
