/**
 * The homeowner's quote request on the server (table `quote_requests`, read
 * and written through REST under RLS; never synced to the device): open one,
 * read the open one, close it. All of these need the server; a request that
 * never got through comes back as the offline message, and the server's own
 * words (22023: "Enter a 5-digit ZIP code", …) come back as they are.
 */
import { supabase } from '../../auth/supabase';
import { failed, type Outcome } from '../../remote/rpc';
import { failure } from '../../../shared/outcome';

/** What the homeowner fills in to request quotes. */
export interface QuoteRequestInput {
  projectId: string;
  /** A project type value (kitchen, bathroom, …) or ''. */
  projectType: string;
  /** Project scope values. */
  scopes: string[];
  description: string;
  /** Five digits. */
  zip: string;
  /** Ids of the project's photos the homeowner chose to share (at most 20). */
  photoFileIds: string[];
  /** YYYY-MM-DD or null. */
  neededBy: string | null;
}

/** An open (or closed) request as the homeowner reads it back. */
export interface QuoteRequest {
  id: string;
  project_id: string;
  project_type: string;
  scopes: string[];
  description: string;
  zip: string;
  photos: { id: string; file_name: string }[];
  needed_by: string | null;
  status: string;
  created_at: string;
}

const COLUMNS =
  'id, project_id, project_type, scopes, description, zip, photos, needed_by, status, created_at';

/** The row as the app types it (the photos column is plain JSON to the client). */
function toRequest(row: Record<string, unknown>): QuoteRequest {
  const photos = Array.isArray(row.photos) ? (row.photos as QuoteRequest['photos']) : [];
  return { ...(row as unknown as QuoteRequest), photos };
}

/** The project's open request, null when there is none. */
export async function loadOpenRequest(projectId: string): Promise<Outcome<QuoteRequest | null>> {
  const fallback = 'quote_request.load_failed';
  try {
    const { data, error } = await supabase
      .from('quote_requests')
      .select(COLUMNS)
      .eq('project_id', projectId)
      .eq('status', 'open')
      .maybeSingle();
    if (error) return failed(error, fallback);
    return { ok: true, value: data ? toRequest(data) : null };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}

/**
 * Opens the project for quotes. Errors (as messages): offline; the server's
 * validation words; "This project already has an open quote request" when
 * one is open (the unique index answers 23505).
 */
export async function createQuoteRequest(input: QuoteRequestInput): Promise<Outcome<QuoteRequest>> {
  const fallback = 'quote_request.send_failed';
  try {
    const { data, error } = await supabase
      .from('quote_requests')
      .insert({
        project_id: input.projectId,
        project_type: input.projectType,
        scopes: input.scopes,
        description: input.description.trim(),
        zip: input.zip.trim(),
        photo_file_ids: input.photoFileIds,
        needed_by: input.neededBy,
      })
      .select(COLUMNS)
      .single();
    if (error?.code === '23505') return failure('quote_request.already_open');
    if (error || !data) return failed(error, fallback);
    return { ok: true, value: toRequest(data) };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}

/** Closes the request: contractors stop seeing it; the quotes already sent stay. */
export async function closeQuoteRequest(id: string): Promise<Outcome> {
  const fallback = 'quote_request.close_failed';
  try {
    const { error } = await supabase
      .from('quote_requests')
      .update({ status: 'closed' })
      .eq('id', id);
    if (error) return failed(error, fallback);
    return { ok: true, value: undefined };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}
