/**
 * The `[api]` settings of `supabase/config.toml` the local `/rest/v1` obeys,
 * read (through ../projectConfig.ts, the one reader of that file) from the
 * same file the Supabase CLI reads, so local and hosted cap a read at the
 * same number of rows: `max_rows` (PostgREST's `db-max-rows`).
 */
import { join } from 'node:path';
import { loadProjectConfig } from '../projectConfig.ts';

export { DEFAULT_MAX_ROWS } from '../projectConfig.ts';

/** The project's CLI configuration. */
export const CONFIG_TOML = join(import.meta.dirname, '..', '..', 'supabase', 'config.toml');

export interface ApiSettings {
  /** Most rows one table read or set-returning call answers (a positive integer). */
  maxRows: number;
}

/**
 * `[api] max_rows` from `file` (default: the project's config.toml).
 * A missing file or key gives {@link DEFAULT_MAX_ROWS}; a value that is not a
 * positive integer is an error (ProjectConfigError: a wrong cap would hide
 * rows or none).
 */
export function readApiSettings(file: string = CONFIG_TOML): ApiSettings {
  return loadProjectConfig(file).api;
}

let cached: ApiSettings | null = null;

/** The settings of the project's config.toml, read once per process. */
export function apiSettings(): ApiSettings {
  cached ??= readApiSettings();
  return cached;
}
