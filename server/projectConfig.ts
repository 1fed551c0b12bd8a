/**
 * The project's settings from `supabase/config.toml`, the file the Supabase
 * CLI reads for `supabase start`, so one file configures the CLI's stack and
 * this backend alike. Only the keys this backend has a meaning for are read
 * (the CLI's names and units): `[auth] site_url`, `additional_redirect_urls`,
 * `jwt_expiry` (seconds), `minimum_password_length`, `enable_signup`, and
 * `[auth.email] enable_signup`, `enable_confirmations`; `[api] max_rows`
 * (PostgREST's `db-max-rows`, the local `/rest/v1` cap). Values written
 * `"env(NAME)"` take the environment variable, as the CLI does. Every other
 * key is left to the CLI. The one difference from the CLI's defaults: a file
 * without `enable_confirmations` keeps confirmation by mail on (GoTrue's own
 * default), so a missing line never lets unconfirmed addresses in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { z } from 'zod';

/** The auth settings of the backend, in the CLI's meaning. */
export interface AuthSettings {
  /** `[auth] site_url`: where auth links lead by default. */
  siteUrl: string | undefined;
  /** `[auth] additional_redirect_urls`: more targets auth links may lead to (exact, or ending in `*`). */
  additionalRedirectUrls: string[];
  /** `[auth] jwt_expiry`: access-token lifetime, seconds (1 … 604,800). */
  jwtExpiry: number;
  /** `[auth] minimum_password_length`: shorter passwords are refused as weak (at least 6). */
  minimumPasswordLength: number;
  /** `[auth] enable_signup`: false refuses every new account. */
  enableSignup: boolean;
  /** `[auth.email] enable_signup`: false refuses new accounts by email and password. */
  emailSignup: boolean;
  /** `[auth.email] enable_confirmations`: true mails a link to confirm; false signs the new user in at once. */
  enableConfirmations: boolean;
}

/** GoTrue's defaults, except confirmations (on unless the file turns them off). */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  siteUrl: undefined,
  additionalRedirectUrls: [],
  jwtExpiry: 3600,
  minimumPasswordLength: 6,
  enableSignup: true,
  emailSignup: true,
  enableConfirmations: true,
};

/** What hosted Supabase and the CLI use when `[api] max_rows` is not set. */
export const DEFAULT_MAX_ROWS = 1000;

/** The settings of one config file. */
export interface ProjectConfig {
  auth: AuthSettings;
  /** `[api] max_rows`: most rows one table read or set-returning call answers. */
  api: { maxRows: number };
}

/** A config file that cannot be used; the message names the file and the key. */
export class ProjectConfigError extends Error {
  readonly code = 'PROJECT_CONFIG_INVALID';
}

const fromEnv = (v: unknown): unknown => {
  const m = typeof v === 'string' ? /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(v.trim()) : null;
  return m ? process.env[m[1]!] : v;
};
const text = z.preprocess(fromEnv, z.string().optional());
const flag = z.preprocess(fromEnv, z.union([z.boolean(), z.enum(['true', 'false'])]).optional());
const int = (min: number, max: number) =>
  z.preprocess(fromEnv, z.coerce.number().int().min(min).max(max).optional());

const fileShape = z
  .object({
    api: z
      .object({ max_rows: int(1, 1_000_000) })
      .passthrough()
      .optional(),
    auth: z
      .object({
        site_url: text,
        additional_redirect_urls: z.array(text).optional(),
        jwt_expiry: int(1, 604_800),
        minimum_password_length: int(6, 72),
        enable_signup: flag,
        email: z
          .object({ enable_signup: flag, enable_confirmations: flag })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

const bool = (v: boolean | 'true' | 'false' | undefined, fallback: boolean): boolean =>
  v === undefined ? fallback : v === true || v === 'true';

/**
 * The CLI writes redirect globs (`http://localhost:5173/**`); this backend
 * matches exact URLs and prefixes ending in one `*`, so a trailing run of
 * `*` becomes one.
 */
export function redirectEntry(url: string): string {
  return url.replace(/\*+$/, '*');
}

/**
 * Read `file` (TOML). A missing file gives the defaults. Errors:
 * {@link ProjectConfigError} for a file that is not TOML or whose read keys
 * have the wrong type or range.
 */
export function loadProjectConfig(file: string): ProjectConfig {
  if (!existsSync(file))
    return { auth: { ...DEFAULT_AUTH_SETTINGS }, api: { maxRows: DEFAULT_MAX_ROWS } };
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ProjectConfigError(`${file}: not valid TOML: ${(e as Error).message}`);
  }
  const checked = fileShape.safeParse(raw);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new ProjectConfigError(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const a = checked.data.auth ?? {};
  const d = DEFAULT_AUTH_SETTINGS;
  return {
    api: { maxRows: checked.data.api?.max_rows ?? DEFAULT_MAX_ROWS },
    auth: {
      siteUrl: a.site_url || undefined,
      additionalRedirectUrls: (a.additional_redirect_urls ?? [])
        .filter((u): u is string => typeof u === 'string' && u !== '')
        .map(redirectEntry),
      jwtExpiry: a.jwt_expiry ?? d.jwtExpiry,
      minimumPasswordLength: a.minimum_password_length ?? d.minimumPasswordLength,
      enableSignup: bool(a.enable_signup, d.enableSignup),
      emailSignup: bool(a.email?.enable_signup, d.emailSignup),
      enableConfirmations: bool(a.email?.enable_confirmations, d.enableConfirmations),
    },
  };
}

/** What {@link backendSettings} gives `createLocalBackend`. */
export interface BackendAuthOptions {
  siteUrl: string | undefined;
  redirectUrls: string[];
  accessTokenTtlSeconds: number;
  auth: Pick<
    AuthSettings,
    'minimumPasswordLength' | 'enableSignup' | 'emailSignup' | 'enableConfirmations'
  >;
}

/**
 * The backend's auth options: an environment variable the README documents
 * wins over the file (`SITE_URL` over `site_url`, `REDIRECT_URLS` over
 * `additional_redirect_urls`, each replacing, not adding to, the other); the
 * other settings come from the file alone.
 */
export function backendSettings(
  config: ProjectConfig,
  env: Record<string, string | undefined>,
): BackendAuthOptions {
  const a = config.auth;
  const list = (env.REDIRECT_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    siteUrl: env.SITE_URL || a.siteUrl,
    redirectUrls: list.length > 0 ? list : a.additionalRedirectUrls,
    accessTokenTtlSeconds: a.jwtExpiry,
    auth: {
      minimumPasswordLength: a.minimumPasswordLength,
      enableSignup: a.enableSignup,
      emailSignup: a.emailSignup,
      enableConfirmations: a.enableConfirmations,
    },
  };
}
