// Edge Function `calendar-feed`: a person's visits as iCalendar at their secret URL (handler in ../_shared/calendarFeed.ts).
import { createCalendarFeedHandler } from '../_shared/calendarFeed.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL') ?? '';
const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

Deno.serve(
  createCalendarFeedHandler({
    supabaseUrl,
    serviceKey,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    },
  }),
);
