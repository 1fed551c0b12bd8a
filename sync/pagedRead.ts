/**
 * Reading every row a filter selects, whatever the server's row cap.
 * PostgREST answers at most `max_rows` rows per read (1,000 on hosted and in
 * supabase/config.toml) with a 200 and no error, so one unpaged read of a
 * large set silently drops the rest. Here a read is keyset-paged by the
 * table's unique `id` (`id > last`, `order=id`, `limit`): no row is skipped
 * or repeated when rows are added or removed between pages, and the pages
 * stop at the first one shorter than asked.
 */

/** Rows per page: the hosted cap; a server whose `max_rows` is lower would end the read early. */
export const READ_PAGE_ROWS = 1000;

type Row = Record<string, unknown>;

/** A supabase-js answer as the pages see it. */
export interface PageAnswer {
  data: Row[] | null;
  error: { code?: string; message?: string; details?: string } | null;
  status: number;
}

/**
 * Every row, page after page: `page(afterId, limit)` must ask for rows with
 * `id > afterId` (all when null), ordered by `id`, at most `limit`. Returns
 * the rows of all pages, or the first page's failure as supabase-js gave it
 * (`data` null). Throws what `page` throws (a network failure).
 */
export async function readAllPages(
  page: (afterId: string | null, limit: number) => PromiseLike<PageAnswer>,
  pageRows: number = READ_PAGE_ROWS,
): Promise<PageAnswer> {
  const rows: Row[] = [];
  let after: string | null = null;
  let status = 200;
  for (;;) {
    const answer = await page(after, pageRows);
    if (answer.error) return { data: null, error: answer.error, status: answer.status };
    status = answer.status;
    const data = answer.data ?? [];
    rows.push(...data);
    const last = data[data.length - 1]?.id;
    if (data.length < pageRows || typeof last !== 'string') break;
    after = last;
  }
  return { data: rows, error: null, status };
}
