/**
 * The REST calls the app makes, found in its code (src/ and sync/): every
 * `.from(…)`/`.rpc(…)` on a supabase-js client and every RPC name the app's
 * wrappers (`callRpc`, `accessRpc`) are given. Keys: `from:<table>` and
 * `rpc:<fn>` for a literal name; `<file> from:<expr>` / `<file> rpc:<expr>`
 * where the name is computed. The PostgREST referee replays one call for
 * each key, so a new call in the app fails it until a replay covers it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'testing') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name))
      out.push(p);
  }
  return out;
}

/** A client method call: `supabase.from(`, `client.rpc(`, `deps.supabase.rpc(` (Storage's `.storage.from(` is not). */
const CLIENT_CALL = /\b(?:supabase|client)\s*\.(from|rpc)\(\s*([^,)]+?)\s*[,)]/g;
/** The app's RPC wrappers, with or without type arguments: `callRpc<'f', T>('f', …)`. */
const WRAPPED_RPC = /\b(?:callRpc|accessRpc)(?:<[^>]*>)?\(\s*'(\w+)'/g;

/** Every key of the app's REST calls (sorted, unique). */
export function appRestCalls(): string[] {
  const keys = new Set<string>();
  for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'sync'))]) {
    const rel = relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(CLIENT_CALL)) {
      const [, kind, arg] = m;
      const literal = /^'([\w-]+)'$/.exec(arg!);
      keys.add(literal ? `${kind}:${literal[1]}` : `${rel} ${kind}:${arg}`);
    }
    for (const m of text.matchAll(WRAPPED_RPC)) keys.add(`rpc:${m[1]}`);
  }
  return [...keys].sort();
}
