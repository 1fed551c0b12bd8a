/**
 * The `[api]` settings of `supabase/config.toml` the local `/rest/v1` obeys,
 * read from the same file the Supabase CLI reads, so local and hosted cap a
 * read at the same number of rows: `max_rows` (PostgREST's `db-max-rows`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

/** The project's CLI configuration. */
export const CONFIG_TOML = join(import.meta.dirname, '..', '..', 'supabase', 'config.toml');

/** What hosted Supabase and the CLI use when `max_rows` is not set. */
export const DEFAULT_MAX_ROWS = 1000;

export interface ApiSettings {
  /** Most rows one table read or set-returning call answers (a positive integer). */
  maxRows: number;
}

/**
 * `[api] max_rows` from `file` (default: the project's config.toml).
 * A missing file or key gives {@link DEFAULT_MAX_ROWS}; a value that is not a
 * positive integer is an error (a wrong cap would hide rows or none).
 */
export function readApiSettings(file: string = CONFIG_TOML): ApiSettings {
  if (!existsSync(file)) return { maxRows: DEFAULT_MAX_ROWS };
  const doc = parse(readFileSync(file, 'utf8')) as { api?: { max_rows?: unknown } };
  const v = doc.api?.max_rows;
  if (v === undefined) return { maxRows: DEFAULT_MAX_ROWS };
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw new Error(
      `${file}: [api] max_rows must be a positive integer (got ${JSON.stringify(v)})`,
    );
  return { maxRows: n };
}

let cached: ApiSettings | null = null;

/** The settings of the project's config.toml, read once per process. */
export function apiSettings(): ApiSettings {
  cached ??= readApiSettings();
  return cached;
}
