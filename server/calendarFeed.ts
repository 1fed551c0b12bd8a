/**
 * `GET /functions/v1/calendar-feed?token=` on the local backend: the same
 * handler the hosted Edge Function runs (supabase/functions/_shared/calendarFeed.ts;
 * contract there), reaching this server's Data API over loopback with its
 * service key.
 */
import { Hono } from 'hono';
import type { ApiEnv, BackendContext } from './context.ts';
import { createCalendarFeedHandler } from '../supabase/functions/_shared/calendarFeed.ts';

/** Build the `/functions/v1/calendar-feed` route. */
export function calendarFeedRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.all('/calendar-feed', (c) =>
    // Built per request: the server's origin is known only once it listens.
    createCalendarFeedHandler({ supabaseUrl: ctx.ownOrigin(), serviceKey: ctx.keys.serviceKey })(
      c.req.raw,
    ),
  );
  return app;
}
