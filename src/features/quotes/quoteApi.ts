/**
 * The quote calls that need the server: withdrawing a sent quote (RPC
 * `withdraw_quote`, the contractor's own) and the open quote requests in the
 * contractor's service area (REST under RLS: the database returns only
 * those, redacted). Offline they fail with the app's offline words; nothing
 * is changed on the device until the server answered.
 */
import { callRpc, failed, type Outcome } from '../../remote/rpc';
import { supabase } from '../../auth/supabase';
import { quotesRepo, type QuoteRow } from '../../data';

/** A photo a homeowner chose to share with its request. */
export interface RequestPhoto {
  id: string;
  file_name: string;
  file_path: string;
  file_type: string;
}

/** An open quote request as a contractor in its area sees it (no name, email, phone or address). */
export interface OpenRequest {
  id: string;
  project_id: string;
  project_type: string;
  scopes: string[];
  description: string;
  zip: string;
  photos: RequestPhoto[];
  needed_by: string | null;
  created_at: string;
}

/** Bucket of project files (the request's photos are objects in it). */
const FILES_BUCKET = 'project-files';
/** Open requests shown at once, newest first (a page of work for one contractor). */
const REQUESTS_LIMIT = 100;
/** Photo links live 10 minutes: long enough to look at a request; the server also reads each download again as the signer, so a closed request stops them sooner. */
const PHOTO_URL_SECONDS = 600;

/** Withdraws a sent quote on the server and puts the answer on the device at once. */
export async function withdrawQuote(id: string): Promise<Outcome> {
  const out = await callRpc<'withdraw_quote', QuoteRow>(
    'withdraw_quote',
    { p_quote_id: id },
    'quote.withdraw_failed',
  );
  if (!out.ok) return out;
  await quotesRepo.applyAnswered(out.value);
  return { ok: true, value: undefined };
}

/** The open requests RLS shows this contractor, newest first. */
export async function loadOpenRequests(): Promise<Outcome<OpenRequest[]>> {
  try {
    const { data, error } = await supabase
      .from('quote_requests')
      .select(
        'id, project_id, project_type, scopes, description, zip, photos, needed_by, created_at',
      )
      .eq('status', 'open')
      .order('created_at', { ascending: false })
      .limit(REQUESTS_LIMIT);
    if (error) return failed(error, 'quote_request.list_failed');
    return { ok: true, value: (data ?? []) as unknown as OpenRequest[] };
  } catch (e) {
    return failed(e as Error, 'quote_request.list_failed');
  }
}

/** Short-lived links to the shared photos (Storage lets a contractor in the area read only these), by path. */
export async function photoLinks(paths: string[]): Promise<Record<string, string>> {
  if (paths.length === 0) return {};
  const { data } = await supabase.storage
    .from(FILES_BUCKET)
    .createSignedUrls(paths, PHOTO_URL_SECONDS);
  const links: Record<string, string> = {};
  for (const d of data ?? []) if (d.path && d.signedUrl) links[d.path] = d.signedUrl;
  return links;
}
