/**
 * Where auth links (signup confirmation, recovery, email change) may send the
 * browser with the session in the URL fragment: SITE_URL, the server's own
 * origin (the app it serves), and the operator's list (Supabase's "Redirect
 * URLs", here `REDIRECT_URLS`). Anything else falls back to SITE_URL, so a
 * mailed link never hands tokens to a foreign site.
 */

export interface RedirectAllowList {
  /** SITE_URL: the default target. */
  siteUrl: string | undefined;
  /** Operator entries: exact URLs, or prefixes ending in `*` (`https://app.example/*`). */
  entries: readonly string[];
}

/** Parse a comma-separated list (env `REDIRECT_URLS`); blanks dropped. */
export function parseUrlList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The redirect target for `requested` (may be undefined): itself when its
 * origin is SITE_URL's or `serverOrigin`, or it matches an operator entry;
 * otherwise SITE_URL, else the server's own origin.
 */
export function allowedRedirect(
  list: RedirectAllowList,
  serverOrigin: string,
  requested: string | undefined,
): string {
  const fallback = list.siteUrl ?? `${serverOrigin}/`;
  if (!requested) return fallback;
  const origin = originOf(requested);
  if (!origin) return fallback;
  if (origin === serverOrigin || (list.siteUrl && origin === originOf(list.siteUrl)))
    return requested;
  for (const entry of list.entries) {
    if (
      entry.endsWith('*')
        ? requested.startsWith(entry.slice(0, -1)) && originOf(entry.slice(0, -1)) === origin
        : requested === entry
    )
      return requested;
  }
  return fallback;
}
