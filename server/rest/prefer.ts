/**
 * `Preference-Applied`, as PostgREST 12 answers a `Prefer` header it honoured:
 * `resolution=…` on an upsert, `return=…` on a table write, `count=…` on any
 * read or call that counted, joined by ", " in PostgREST's order.
 */
import type { Ctx } from './http.ts';

const RESOLUTION = new Set(['merge-duplicates', 'ignore-duplicates']);
const RETURN = new Set(['minimal', 'representation', 'headers-only']);
const COUNT = new Set(['exact', 'planned', 'estimated']);

/** The header's value for this request, or null when nothing was applied. */
export function preferenceApplied(c: Ctx): string | null {
  const prefs = new Map<string, string>();
  for (const raw of (c.req.header('prefer') ?? '').split(',')) {
    const [k, v] = raw.split('=').map((x) => x.trim());
    if (k && v !== undefined && !prefs.has(k)) prefs.set(k, v);
  }
  const method = c.req.method;
  const rpc = new URL(c.req.url).pathname.includes('/rpc/');
  const out: string[] = [];
  const resolution = prefs.get('resolution');
  if (!rpc && method === 'POST' && resolution && RESOLUTION.has(resolution))
    out.push(`resolution=${resolution}`);
  const ret = prefs.get('return');
  if (!rpc && ['POST', 'PATCH', 'DELETE', 'PUT'].includes(method) && ret && RETURN.has(ret))
    out.push(`return=${ret}`);
  const count = prefs.get('count');
  if (count && COUNT.has(count)) out.push(`count=${count}`);
  return out.length ? out.join(', ') : null;
}
