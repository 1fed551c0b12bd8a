/**
 * "Send by mail": asks the server's `door-order-mail` function to mail a
 * placed door order to its maker (the one-table CSV attached, made on the
 * server from the order's snapshot) and stamp the send time. Needs the
 * network and the order on the server: the device places the order offline
 * (sent_via 'mail'), and the order page calls this once the order is synced
 * and the server answers (src/features/doorOrders/DoorOrderTracking.tsx).
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../auth/supabase';
import { failed, type Outcome } from './rpc';
import { failure } from '../../shared/outcome';
import type { ErrorCode } from './errorCodes';

/**
 * Mails order `orderId`: `{ mailedAt }` (ISO) when the mail went out, or the
 * failure as the function's code (`door_order.already_mailed` when another
 * device mailed it first, `door_order.mail_not_configured`,
 * `door_order.mail_rate_limited`, `net.offline`, …).
 */
export async function mailDoorOrder(orderId: string): Promise<Outcome<{ mailedAt: string }>> {
  const fallback: ErrorCode = 'door_order.mail_failed';
  try {
    const answer = await supabase.functions.invoke<{ mailed?: boolean; mailed_at?: string }>(
      'door-order-mail',
      { body: { order_id: orderId } },
    );
    // functions-js types its error loosely; it is one of its Functions*Error classes or null.
    const error = answer.error as Error | null;
    if (error instanceof FunctionsHttpError) {
      const refusal = (await (error.context as Response).json().catch(() => null)) as {
        code?: string;
        message?: string;
        details?: unknown;
      } | null;
      return refusal ? failed(refusal, fallback) : failure(fallback);
    }
    if (error || answer.data?.mailed !== true) return failed(error, fallback);
    return { ok: true, value: { mailedAt: answer.data.mailed_at ?? new Date().toISOString() } };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}
