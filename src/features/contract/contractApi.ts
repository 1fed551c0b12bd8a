/**
 * The homeowner's answer to a change order, through the server's RPCs
 * `approve_change_order` (typed name and the hash she read) and
 * `decline_change_order` (a reason): only the server approves, like the
 * acceptance of a quote; the answered row is then put on the device.
 */
import { syncNow } from '../../hooks/sessionActions';
import { callRpc, type Outcome } from '../../remote/rpc';
import { moneyRepo } from '../../data';
import type { ChangeOrderRow } from '../../data/types';
import { failure } from '../../../shared/outcome';

async function answered(out: Outcome<unknown>): Promise<Outcome<ChangeOrderRow>> {
  syncNow();
  if (!out.ok) return out;
  const raw = out.value as ChangeOrderRow & { txid: unknown };
  const row = { ...raw, txid: typeof raw.txid === 'string' ? raw.txid : JSON.stringify(raw.txid) };
  await moneyRepo.applyAnsweredChangeOrder(row);
  return { ok: true, value: row };
}

/** Approves `co` signed with `signerName` (2-200 characters); the server's code on a refusal. */
export async function approveChangeOrder(
  co: ChangeOrderRow,
  signerName: string,
): Promise<Outcome<ChangeOrderRow>> {
  if (!co.content_sha256) return failure('change_order.not_found');
  return answered(
    await callRpc(
      'approve_change_order',
      {
        p_change_order_id: co.id,
        p_content_sha256: co.content_sha256,
        p_signer_name: signerName.trim(),
      },
      'change_order.answer_failed',
    ),
  );
}

/** Declines `co` with a reason (1-500 characters). */
export async function declineChangeOrder(
  co: ChangeOrderRow,
  reason: string,
): Promise<Outcome<ChangeOrderRow>> {
  return answered(
    await callRpc(
      'decline_change_order',
      { p_change_order_id: co.id, p_reason: reason.trim() },
      'change_order.answer_failed',
    ),
  );
}
