/**
 * The calendar feed per person: `GET /functions/v1/calendar-feed?token=<64
 * hex>` answers the person's visits as iCalendar (text/calendar), for the
 * phone's calendar to subscribe to. One handler, the same code on hosted
 * Supabase (Deno, `../calendar-feed/index.ts`) and on the local backend
 * (Node, server/calendarFeed.ts).
 *
 * The token is the only key (a calendar app sends no sign-in): the person
 * makes it in the app (`calendar_feed_issue`), which keeps only its SHA-256,
 * and may replace or revoke it. The handler reads the feed through
 * `calendar_feed(p_token)` as service_role (that function is the service
 * role's only: anon executes nothing in the API), which answers the
 * visits of that token's person and nobody else's. Events are written by
 * shared/visitCalendar.ts in the person's language (`profiles.locale`).
 *
 * Answers 200 text/calendar, or a PostgREST-shaped error `{ code, message,
 * details, hint }` whose message is a stable code: 404
 * `calendar.feed_not_found` (no, malformed, unknown, replaced or revoked
 * token alike), 405 not GET/HEAD, 502/503 when the database cannot be
 * reached. Never a stack trace.
 */
import { visitsToIcs, type CalendarVisit } from '../../../shared/visitCalendar.ts';
import { calendarFeedWords, mailLocale } from './mailTexts.ts';

/** What the handler needs from where it runs. */
export interface CalendarFeedConfig {
  /** The project's API URL (`SUPABASE_URL`; the local backend's own origin). */
  supabaseUrl: string;
  /** The service role key: calendar_feed is executable by service_role only. */
  serviceKey: string;
  /** Headers added to every answer (CORS on hosted). */
  headers?: Record<string, string>;
}

const TOKEN = /^[0-9a-f]{64}$/;

function failure(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string>,
): Response {
  return Response.json(
    { code, message, details: null, hint: null },
    { status, headers: { ...headers, 'Cache-Control': 'no-store' } },
  );
}

/** The feed handler (see the file comment). */
export function createCalendarFeedHandler(
  config: CalendarFeedConfig,
): (req: Request) => Promise<Response> {
  const headers = config.headers ?? {};
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers });
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return failure(405, 'PGRST117', 'request.method_not_allowed', headers);
    const token = new URL(req.url).searchParams.get('token') ?? '';
    if (!TOKEN.test(token)) return failure(404, 'PT404', 'calendar.feed_not_found', headers);
    let res: Response;
    try {
      res = await fetch(`${config.supabaseUrl}/rest/v1/rpc/calendar_feed`, {
        method: 'POST',
        headers: {
          apikey: config.serviceKey,
          Authorization: `Bearer ${config.serviceKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ p_token: token }),
      });
    } catch {
      return failure(503, 'PGRST002', 'error.server', headers);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return failure(404, 'PT404', 'calendar.feed_not_found', headers);
    }
    if (!res.ok) {
      await res.body?.cancel();
      return failure(502, 'PGRST002', 'error.server', headers);
    }
    const feed = (await res.json()) as { locale: string | null; visits: CalendarVisit[] };
    const body = visitsToIcs(feed.visits, calendarFeedWords(mailLocale(feed.locale)));
    return new Response(req.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="refacing.ics"',
        // A secret URL: no shared cache keeps it.
        'Cache-Control': 'private, no-store',
      },
    });
  };
}
