/**
 * Quotes repository: the only writer of local quote rows. A contractor writes
 * a quote's content while it is a draft and sends it by setting its status to
 * 'sent'; everything works offline through the outbox, and the server then
 * stamps `sent_at`, the totals and the content hash (a sent quote is frozen
 * there). Totals are kept locally with the same function the server mirrors
 * (src/domain/quoteTotals.ts), so the screens show them before any answer.
 */
import { quoteTotals, type QuoteLine } from '../domain/quoteTotals';
import { storableValue } from '../domain/userText';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import type { QuoteRow } from './types';
import { failure, type Outcome } from '../../shared/outcome';

/** What the contractor writes on a draft quote. */
export interface QuoteContent {
  lines: QuoteLine[];
  /** Percent, 0 to 100. */
  tax_rate: number;
  /** YYYY-MM-DD or null. */
  valid_until: string | null;
  notes: string;
}

/** Why a quote write was refused on the device (the server refuses the same). */
export type QuoteWriteError = 'not_found' | 'not_a_draft';

/** The columns a contractor may write, with the totals derived from them. */
function contentColumns(written: QuoteContent) {
  // The one text rule: line descriptions and notes are stored as the server takes them.
  const content = storableValue(written);
  const totals = quoteTotals(content.lines, content.tax_rate);
  return {
    changes: {
      lines: content.lines,
      tax_rate: content.tax_rate,
      valid_until: content.valid_until,
      notes: content.notes,
    },
    totals: {
      subtotal_cents: totals.subtotalCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
    },
  };
}

/** Builds the quotes repository over a context (the app uses `quotesRepo`). */
export function createQuotesRepo(ctx: RepoContext = activeContext) {
  const quotes = syncedTable<QuoteRow>(ctx, { table: 'quotes' });

  /** The live draft `id`, or why it cannot be changed. */
  async function draft(id: string): Promise<Outcome<QuoteRow, QuoteWriteError>> {
    const current = await ctx.getDb().quotes.get(id);
    if (!current || current.deleted_at) return failure('not_found');
    if (current.status !== 'draft') return failure('not_a_draft');
    return { ok: true, value: current };
  }

  /** Writes `changes` (and `derived`, local only) on the draft `id` and queues them as one update op. */
  function updateDraft(
    id: string,
    changes: Partial<QuoteRow>,
    derived: Partial<QuoteRow> = {},
  ): Promise<Outcome<QuoteRow, QuoteWriteError>> {
    return quotes.write(async () => {
      const current = await draft(id);
      if (!current.ok) return current;
      const next = await quotes.update(current.value, { columns: changes, local: derived });
      return { ok: true, value: next } as const;
    });
  }

  return {
    /**
     * Starts a draft quote of the signed-in contractor on `projectId` (works
     * offline). Its revision here is 1 more than the contractor's highest sent
     * quote on that project on this device (drafts never count); the server
     * sets the real revision (again when it is sent) and links
     * the project's open request, and the pull brings both back.
     */
    async createDraft(projectId: string, content: QuoteContent): Promise<QuoteRow> {
      const db = ctx.getDb();
      const nowIso = new Date(ctx.now()).toISOString();
      const mine = await db.quotes.where('project_id').equals(projectId).toArray();
      const revision =
        mine
          // Revisions count sent quotes only (an unsent draft, kept or deleted, is no revision).
          .filter((q) => q.contractor_id === db.userId && q.sent_at !== null)
          .reduce((m, q) => Math.max(m, q.revision), 0) + 1;
      const { changes, totals } = contentColumns(content);
      const id = newId();
      const row: QuoteRow = {
        id,
        project_id: projectId,
        contractor_id: db.userId,
        request_id: null,
        revision,
        status: 'draft',
        ...changes,
        ...totals,
        currency: 'USD',
        contractor_contact: {},
        sent_at: null,
        decided_at: null,
        decline_reason: null,
        content_sha256: null,
        signer_name: null,
        signed_by: null,
        signed_at: null,
        signed_sha256: null,
        version: 0,
        created_at: nowIso,
        updated_at: nowIso,
        deleted_at: null,
        txid: '',
      };
      return quotes.create(row, {
        id,
        project_id: projectId,
        contractor_id: db.userId,
        status: 'draft',
        ...changes,
      });
    },

    /** Saves a draft's content (autosave; consecutive saves fold into one op). */
    async saveDraft(
      id: string,
      content: QuoteContent,
    ): Promise<Outcome<QuoteRow, QuoteWriteError>> {
      const { changes, totals } = contentColumns(content);
      return updateDraft(id, changes, totals);
    },

    /**
     * Sends a draft: status 'sent', queued like any edit, so offline it goes
     * out when the connection returns. The server stamps the time and the
     * hash, and marks the contractor's earlier sent revision superseded.
     */
    send(id: string): Promise<Outcome<QuoteRow, QuoteWriteError>> {
      return updateDraft(id, { status: 'sent' });
    },

    /** Deletes a draft (a sent quote is withdrawn through the server instead). */
    removeDraft(id: string): Promise<Outcome<void, QuoteWriteError>> {
      return quotes.write(async () => {
        const current = await draft(id);
        if (!current.ok) return current;
        await quotes.remove(current.value);
        return { ok: true, value: undefined } as const;
      });
    },

    /**
     * Puts a row the server answered through an RPC (accept, decline,
     * withdraw) on the device at once, before the next pull brings it, as
     * any server row (applyServerRows: newer versions only).
     */
    async applyAnswered(row: QuoteRow): Promise<void> {
      await quotes.applyServerRows([row]);
    },
  };
}

/** The quotes repository of the signed-in user. */
export const quotesRepo = createQuotesRepo();
