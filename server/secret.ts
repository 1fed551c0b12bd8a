/**
 * The JWT secret of a data directory. An operator's `JWT_SECRET` wins; else
 * the first start writes a random secret to `<dataDir>/jwt-secret` (mode
 * 0600) and later starts read it, so tokens survive restarts. The Supabase
 * CLI's public demo secret is refused whenever the server listens beyond
 * loopback: anyone on the network could sign a service-role token with it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_JWT_SECRET } from './jwt.ts';

/** True for 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The secret to sign with. Throws when `fromEnv` is the public demo secret
 * and `host` is not loopback.
 */
export function jwtSecretFor(
  dataDir: string,
  host: string,
  fromEnv: string | undefined,
): { secret: string; source: 'env' | 'file' | 'new' } {
  if (fromEnv) {
    if (fromEnv === DEFAULT_JWT_SECRET && !isLoopbackHost(host)) {
      throw new Error(
        `JWT_SECRET is the public demo secret; refusing to listen on ${host}. Unset it (a random secret is kept in the data folder) or set your own.`,
      );
    }
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return { secret: fromEnv, source: 'env' };
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return { secret, source: 'file' };
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, source: 'new' };
}
