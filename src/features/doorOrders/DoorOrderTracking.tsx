/**
 * The door order once placed, on the door order page (the job's contractor)
 * and the project page (everyone on the job): "Place the order" (the maker
 * from the contractor's list or a new one, PO number, files, note, the
 * order date), each order's steps with their dates (ordered → confirmed →
 * shipped → received), the parts changed in the builder since it was sent,
 * the check-in (one tap per part: received, damaged, wrong size, missing;
 * a note) and the remake of what was not right. The homeowner sees status
 * and dates only. Every field shows its problem on the field, with the
 * server's codes (src/domain/doorOrderTracking.ts).
 */
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { format } from 'date-fns';
import { doorOrdersRepo, makerLocale } from '../../data';
import {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_NAMES,
  supportedLocale,
  type Locale,
} from '../../i18n/locales';
import type { DoorOrderRow } from '../../data/types';
import { useDoorMakers, useDoorOrders, useRowUnsynced } from '../../hooks';
import { useServerReachable } from '../../hooks/useServerReachable';
import { errorText } from '../../remote/errorCodes';
import type { OrderCheck } from '../../domain/orderExport';
import { RedChecksDialog, redChecks } from './RedChecksDialog';
import { mailDoorOrder } from '../../remote/doorOrderMail';
import type { Failure } from '../../remote/rpc';
import { formatSize } from '../../domain/fractions';
import {
  CHECK_STATES,
  changedSinceOrdered,
  checkInSummary,
  nextStep,
  orderFormProblems,
  partNumber,
  partsToRemake,
  pieceCount,
  stepProblems,
  type CheckState,
  type DoorOrderStatus,
  type FieldProblem,
  type OrderForm,
  type OrderedPart,
  type PartChange,
  type StepForm,
} from '../../domain/doorOrderTracking';
import { formatDate, formatDateTime } from '../../i18n/format';
import { PartPhoto } from '../../ui/PartPhoto';

const STATUS_WORDS: Record<DoorOrderStatus, MessageDescriptor> = {
  ordered: msg`Ordered`,
  confirmed: msg`Confirmed`,
  shipped: msg`Shipped`,
  received: msg`Received`,
};
const STEP_ACTION: Record<DoorOrderStatus, MessageDescriptor> = {
  ordered: msg`Ordered`,
  confirmed: msg`Mark confirmed`,
  shipped: msg`Mark shipped`,
  received: msg`Mark received`,
};
const CHECK_WORDS: Record<CheckState, MessageDescriptor> = {
  received: msg`Received`,
  damaged: msg`Damaged`,
  wrong_size: msg`Wrong size`,
  missing: msg`Missing`,
};
const KIND_WORDS = { door: msg`Door`, drawer_front: msg`Drawer front` } as const;

const today = () => format(new Date(), 'yyyy-MM-dd');
const problemText = (p: FieldProblem | undefined, field: string, limit = 0) =>
  p ? errorText({ code: p, data: { field, limit } }) : null;

/** "36 of 40 in, 4 to remake" for a job's orders (nothing when it has none). */
export function CheckInLine({ orders }: { orders: DoorOrderRow[] }) {
  const { t } = useLingui();
  const s = checkInSummary(orders);
  if (s.parts === 0) return null;
  const { received, parts } = s;
  const inText = t`${received} of ${parts} in`;
  const remake = s.toRemake
    ? plural(s.toRemake, { one: '# to remake', other: '# to remake' })
    : null;
  return (
    <p className="door-checkin-line" data-testid="checkin-line">
      {remake ? `${inText}, ${remake}` : inText}
    </p>
  );
}

/** The project page's view of the door orders: status and dates, for everyone on the job. */
export function ProjectDoorOrders({ projectId }: { projectId: string }) {
  const orders = useDoorOrders(projectId);
  if (!orders || orders.length === 0) return null;
  return (
    <section className="card door-orders" aria-labelledby="door-orders-h">
      <h2 id="door-orders-h">
        <Trans>Door order</Trans>
      </h2>
      <CheckInLine orders={orders} />
      {orders.map((o) => (
        <OrderStatus key={o.id} order={o} />
      ))}
    </section>
  );
}

/** One order's steps with their dates. */
function OrderStatus({ order }: { order: DoorOrderRow }) {
  const { i18n } = useLingui();
  const promised = order.promised_ship_on ? formatDate(order.promised_ship_on) : '';
  const carrier = order.carrier || '—';
  const tracking = order.tracking_number || '—';
  const steps: [DoorOrderStatus, string | null][] = [
    ['ordered', order.ordered_on],
    ['confirmed', order.confirmed_on],
    ['shipped', order.shipped_on],
    ['received', order.received_on],
  ];
  return (
    <div className="door-order-status" aria-label={i18n._(msg`Door order status`)}>
      <p>
        <strong>
          {order.remake_of ? <Trans>Remake</Trans> : <Trans>Order</Trans>} · {order.maker_name}
        </strong>{' '}
        <span className="chip" data-testid="door-order-status">
          {i18n._(STATUS_WORDS[order.status])}
        </span>
      </p>
      <ol className="door-steps">
        {steps.map(([s, date]) => (
          <li key={s} className={date ? 'done' : ''}>
            {i18n._(STATUS_WORDS[s])}: {date ? formatDate(date) : '—'}
          </li>
        ))}
      </ol>
      {promised ? (
        <p className="muted">
          <Trans>Promised to ship {promised}</Trans>
        </p>
      ) : null}
      {order.carrier || order.tracking_number ? (
        <p className="muted">
          <Trans>
            Shipped by {carrier}, tracking {tracking}
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The door order page's panel for the job's contractor: place the order,
 * move it through its steps, check it in and remake what was not right.
 * `current`: the builder's parts now (for "changed since ordered");
 * `checks`: the order's checks, whose red ones are asked about before the
 * order is placed.
 */
export function DoorOrderPanel({
  projectId,
  current,
  poNumber,
  checks = [],
  onPlacingLocale,
}: {
  projectId: string;
  current: OrderedPart[];
  poNumber: string;
  checks?: readonly OrderCheck[];
  /** The order language chosen on the place-order form while it is open; null once it closes. */
  onPlacingLocale?: (locale: Locale | null) => void;
}) {
  const orders = useDoorOrders(projectId);
  const [placing, setPlacing] = useState(false);
  if (!orders) return null;
  const firsts = orders.filter((o) => !o.remake_of);
  return (
    <section className="card door-orders no-print" aria-labelledby="door-panel-h">
      <h2 id="door-panel-h">
        <Trans>Order from the door maker</Trans>
      </h2>
      <CheckInLine orders={orders} />
      {orders.map((o) => (
        <OrderCard
          key={o.id}
          order={o}
          current={o.remake_of ? null : current}
          hasRemake={orders.some((r) => r.remake_of === o.id)}
        />
      ))}
      {placing ? (
        <PlaceOrderForm
          projectId={projectId}
          parts={current}
          red={redChecks(checks)}
          poNumber={poNumber}
          onLocale={onPlacingLocale}
          onDone={() => setPlacing(false)}
        />
      ) : (
        <>
          <button
            type="button"
            className={firsts.length ? 'btn' : 'btn btn-primary'}
            disabled={current.length === 0}
            aria-describedby={current.length === 0 ? `${projectId}-no-parts` : undefined}
            onClick={() => setPlacing(true)}
          >
            {firsts.length ? <Trans>Place another order</Trans> : <Trans>Place the order</Trans>}
          </button>
          {current.length === 0 ? (
            <p className="muted" id={`${projectId}-no-parts`}>
              <Trans>
                There is nothing to order yet: measure the doors and drawer fronts in the builder
                first.
              </Trans>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * "Place the order": the maker, PO number, files, note and date, checked on
 * their fields; with a red check on the order, it asks "Go back" or "Send
 * anyway" before the order is placed (by mail or another way).
 */
function PlaceOrderForm({
  projectId,
  parts,
  red,
  poNumber,
  onLocale,
  onDone,
}: {
  projectId: string;
  parts: OrderedPart[];
  red: readonly OrderCheck[];
  poNumber: string;
  onLocale?: (locale: Locale | null) => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const makers = useDoorMakers();
  const id = useId();
  const [makerId, setMakerId] = useState<string>('');
  // The maker's language: a new maker's starts in English (the door maker reads English unless the
  // contractor knows otherwise); a picked maker's is the one kept on his row, changed there on placing.
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE);
  useEffect(() => {
    onLocale?.(locale);
  }, [locale, onLocale]);
  useEffect(() => () => onLocale?.(null), [onLocale]);
  const [form, setForm] = useState<OrderForm>({
    maker_name: '',
    maker_email: '',
    po_number: poNumber,
    note: '',
    sent_via: 'other',
    ordered_on: today(),
  });
  const [files, setFiles] = useState({ pdf: true, csv: true, xlsx: false });
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  // The way chosen while the red checks are asked about.
  const [asking, setAsking] = useState<'mail' | 'other' | null>(null);
  const problems = orderFormProblems(form, today());
  const set = (p: Partial<OrderForm>) => setForm((f) => ({ ...f, ...p }));
  const pick = (mid: string) => {
    setMakerId(mid);
    const m = makers?.find((x) => x.id === mid);
    set(m ? { maker_name: m.name, maker_email: m.email } : { maker_name: '', maker_email: '' });
    setLocale(m ? makerLocale(m) : DEFAULT_LOCALE);
  };
  const field = (
    k: keyof OrderForm,
    label: string,
    input: (p: { id: string; invalid: boolean; describedBy?: string }) => React.ReactNode,
    limit?: number,
  ) => {
    const p = shown ? problems[k] : undefined;
    const fid = `${id}-${k}`;
    return (
      <div className="field">
        <label htmlFor={fid}>{label}</label>
        {input({ id: fid, invalid: !!p, describedBy: p ? `${fid}-e` : undefined })}
        {p ? (
          <p id={`${fid}-e`} className="field-error" role="alert">
            {problemText(p, `door_orders.${k}`, limit)}
          </p>
        ) : null}
      </div>
    );
  };
  const submit = async (e: React.FormEvent, via: 'mail' | 'other') => {
    e.preventDefault();
    const checked = { ...form, sent_via: via };
    set({ sent_via: via });
    setShown(true);
    if (Object.keys(orderFormProblems(checked, today())).length) return;
    if (red.length > 0) setAsking(via);
    else await place(via);
  };
  const place = async (via: 'mail' | 'other') => {
    setSaving(true);
    let maker = makerId || null;
    if (!maker) {
      const made = await doorOrdersRepo.addMaker(form.maker_name, form.maker_email, locale);
      maker = made.id;
    } else {
      await doorOrdersRepo.setMakerLocale(maker, locale);
    }
    await doorOrdersRepo.place({
      projectId,
      makerId: maker,
      makerName: form.maker_name,
      makerEmail: form.maker_email,
      poNumber: form.po_number,
      note: form.note,
      parts,
      // By mail the server attaches the one-table CSV; another way, what the contractor ticked.
      files: via === 'mail' ? ['csv'] : (['pdf', 'csv', 'xlsx'] as const).filter((f) => files[f]),
      sentVia: via,
      orderedOn: form.ordered_on,
    });
    setSaving(false);
    onDone();
  };
  return (
    <form className="door-place" onSubmit={(e) => void submit(e, 'mail')} noValidate>
      {asking ? (
        <RedChecksDialog
          kind="place"
          red={red}
          onSend={() => void place(asking)}
          onClose={() => setAsking(null)}
        />
      ) : null}
      <h3>
        <Trans>Place the order</Trans>
      </h3>
      <p className="muted">
        {plural(pieceCount(parts), {
          one: '# part, as on the sheet below',
          other: '# parts, as on the sheet below',
        })}
      </p>
      {makers && makers.length ? (
        <div className="field">
          <label htmlFor={`${id}-maker`}>
            <Trans>Door maker</Trans>
          </label>
          <select id={`${id}-maker`} value={makerId} onChange={(e) => pick(e.target.value)}>
            <option value="">{t`A new door maker`}</option>
            {makers.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {field(
        'maker_name',
        t`Maker's name`,
        (p) => (
          <input
            type="text"
            id={p.id}
            value={form.maker_name}
            maxLength={400}
            readOnly={!!makerId}
            aria-invalid={p.invalid || undefined}
            aria-describedby={p.describedBy}
            onChange={(e) => set({ maker_name: e.target.value })}
          />
        ),
        200,
      )}
      {field('maker_email', t`Maker's email`, (p) => (
        <input
          id={p.id}
          type="email"
          value={form.maker_email}
          readOnly={!!makerId}
          aria-invalid={p.invalid || undefined}
          aria-describedby={p.describedBy}
          onChange={(e) => set({ maker_email: e.target.value })}
        />
      ))}
      <div className="field">
        <label htmlFor={`${id}-locale`}>
          <Trans>Language of the order</Trans>
        </label>
        <select
          id={`${id}-locale`}
          value={locale}
          aria-describedby={`${id}-locale-h`}
          onChange={(e) => setLocale(supportedLocale(e.target.value) ?? DEFAULT_LOCALE)}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
        <p id={`${id}-locale-h`} className="muted">
          <Trans>
            The sheet below, its files and the mail are written in it for this maker, kept with the
            maker.
          </Trans>
        </p>
      </div>
      {field(
        'po_number',
        t`PO number`,
        (p) => (
          <input
            type="text"
            id={p.id}
            value={form.po_number}
            aria-invalid={p.invalid || undefined}
            aria-describedby={p.describedBy}
            onChange={(e) => set({ po_number: e.target.value })}
          />
        ),
        60,
      )}
      <fieldset className="field">
        <legend>
          <Trans>Files, when sent another way</Trans>
        </legend>
        {(['pdf', 'csv', 'xlsx'] as const).map((f) => (
          <label key={f} className="inline">
            <input
              type="checkbox"
              checked={files[f]}
              onChange={(e) => setFiles((x) => ({ ...x, [f]: e.target.checked }))}
            />{' '}
            {f === 'pdf' ? t`PDF` : f === 'csv' ? t`CSV (one table)` : t`Workbook`}
          </label>
        ))}
      </fieldset>
      {field(
        'note',
        t`Note to the maker`,
        (p) => (
          <textarea
            id={p.id}
            value={form.note}
            rows={2}
            aria-invalid={p.invalid || undefined}
            aria-describedby={p.describedBy}
            onChange={(e) => set({ note: e.target.value })}
          />
        ),
        2000,
      )}
      {field('ordered_on', t`Order date`, (p) => (
        <input
          id={p.id}
          type="date"
          value={form.ordered_on}
          aria-invalid={p.invalid || undefined}
          aria-describedby={p.describedBy}
          onChange={(e) => set({ ordered_on: e.target.value })}
        />
      ))}
      <p className="muted">
        <Trans>
          Send by mail: the server mails the maker this order with its CSV (one table), as soon as
          this device is online. Or send the files from the sheet below yourself (Share or download)
          and mark the order as sent another way. Either way it is kept exactly as sent.
        </Trans>
      </p>
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          <Trans>Send by mail</Trans>
        </button>
        <button
          type="button"
          className="btn"
          disabled={saving}
          onClick={(e) => void submit(e, 'other')}
        >
          <Trans>Mark as sent another way</Trans>
        </button>
        <button type="button" className="btn" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

const EMPTY_STEP: StepForm = {
  maker_order_number: '',
  promised_ship_on: '',
  confirmed_on: '',
  carrier: '',
  tracking_number: '',
  shipped_on: '',
  received_on: '',
};

function OrderCard({
  order,
  current,
  hasRemake,
}: {
  order: DoorOrderRow;
  current: OrderedPart[] | null;
  hasRemake: boolean;
}) {
  const { t } = useLingui();
  const [stepOpen, setStepOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const changes = useMemo(
    () => (current ? changedSinceOrdered(order.parts, current) : null),
    [order.parts, current],
  );
  const { i18n } = useLingui();
  const next = nextStep(order.status);
  const due = partsToRemake(order);
  const changedCount = changes ? changes.changes.size + changes.added.length : 0;
  return (
    <article className="door-order" aria-label={order.remake_of ? t`Remake` : t`Door order`}>
      <OrderStatus order={order} />
      {order.sent_via === 'mail' ? <OrderMail order={order} /> : null}
      {changedCount ? (
        <p className="warn" data-testid="changed-since">
          {plural(changedCount, {
            one: '# part changed in the builder since this was ordered',
            other: '# parts changed in the builder since this was ordered',
          })}
        </p>
      ) : null}
      <div className="btn-row">
        {next && !stepOpen ? (
          <button type="button" className="btn" onClick={() => setStepOpen(true)}>
            {i18n._(STEP_ACTION[next])}
          </button>
        ) : null}
        <button type="button" className="btn" onClick={() => setChecking((c) => !c)}>
          {checking ? <Trans>Close check-in</Trans> : <Trans>Check in</Trans>}
        </button>
        {due.length && !hasRemake ? (
          <button
            type="button"
            className="btn btn-primary"
            // A remake goes the way the first order went: by mail when that was mailed.
            onClick={() => void doorOrdersRepo.remake(order.id, today(), order.sent_via)}
          >
            {plural(pieceCount(due), { one: 'Remake # part', other: 'Remake # parts' })}
          </button>
        ) : null}
      </div>
      {next && stepOpen ? (
        <StepFormView order={order} status={next} onDone={() => setStepOpen(false)} />
      ) : null}
      {checking ? <CheckIn order={order} changes={changes?.changes ?? null} /> : null}
    </article>
  );
}

/**
 * Where an order placed "by mail" stands: mailed (when), waiting for this
 * device to be online and the order to reach the server, being sent, or
 * why the mail did not go, with "Try again". The device sends it once the
 * order is on the server; the server refuses a second mail of one order.
 */
function OrderMail({ order }: { order: DoorOrderRow }) {
  const unsynced = useRowUnsynced('door_orders', order.id);
  const reachable = useServerReachable();
  const [sending, setSending] = useState(false);
  const [mailedAt, setMailedAt] = useState<string | null>(null);
  const [problem, setProblem] = useState<Failure | null>(null);
  const tried = useRef(false);
  const email = order.maker_email;
  const done = order.mailed_at ?? mailedAt;
  const send = useCallback(async () => {
    setSending(true);
    setProblem(null);
    const out = await mailDoorOrder(order.id);
    setSending(false);
    if (out.ok) setMailedAt(out.value.mailedAt);
    else if (out.code === 'door_order.already_mailed') setMailedAt(new Date().toISOString());
    else setProblem(out);
  }, [order.id]);
  useEffect(() => {
    // Once per screen: a refusal stays on screen with "Try again" rather than being retried in a loop.
    if (done || tried.current || unsynced !== false || !reachable) return;
    tried.current = true;
    void send();
  }, [done, unsynced, reachable, send]);
  if (done) {
    const when = formatDateTime(done);
    return (
      <p className="muted" data-testid="door-order-mail">
        <Trans>
          Mailed to {email} on {when}
        </Trans>
      </p>
    );
  }
  if (sending)
    return (
      <p className="muted" data-testid="door-order-mail" role="status">
        <Trans>Sending the mail to {email}…</Trans>
      </p>
    );
  if (problem)
    return (
      <div className="door-mail-problem" data-testid="door-order-mail">
        <p className="field-error" role="alert">
          {errorText(problem)}
        </p>
        <button
          type="button"
          className="btn btn-small"
          disabled={!reachable}
          onClick={() => void send()}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  return (
    <p className="muted" data-testid="door-order-mail">
      <Trans>The mail to {email} goes out as soon as this device is online.</Trans>
    </p>
  );
}

function StepFormView({
  order,
  status,
  onDone,
}: {
  order: DoorOrderRow;
  status: DoorOrderStatus;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [f, setF] = useState<StepForm>(() => ({
    ...EMPTY_STEP,
    [`${status}_on`]: today(),
  }));
  const [shown, setShown] = useState(false);
  const problems = stepProblems(order, status, f, today());
  const input = (k: keyof StepForm, label: string, type: 'text' | 'date', limit?: number) => {
    const p = shown ? problems[k] : undefined;
    const fid = `${id}-${k}`;
    return (
      <div className="field" key={k}>
        <label htmlFor={fid}>{label}</label>
        <input
          id={fid}
          type={type}
          value={f[k]}
          aria-invalid={p ? true : undefined}
          aria-describedby={p ? `${fid}-e` : undefined}
          onChange={(e) => setF((x) => ({ ...x, [k]: e.target.value }))}
        />
        {p ? (
          <p id={`${fid}-e`} className="field-error" role="alert">
            {problemText(p, `door_orders.${k}`, limit)}
          </p>
        ) : null}
      </div>
    );
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (Object.keys(problems).length) return;
    const fields =
      status === 'confirmed'
        ? {
            maker_order_number: f.maker_order_number.trim(),
            confirmed_on: f.confirmed_on,
            promised_ship_on: f.promised_ship_on || null,
          }
        : status === 'shipped'
          ? {
              carrier: f.carrier.trim(),
              tracking_number: f.tracking_number.trim(),
              shipped_on: f.shipped_on,
            }
          : { received_on: f.received_on };
    await doorOrdersRepo.step(order.id, status, fields);
    onDone();
  };
  return (
    <form className="door-step" onSubmit={(e) => void submit(e)} noValidate>
      {status === 'confirmed' ? (
        <>
          {input('maker_order_number', t`Maker's order number`, 'text', 60)}
          {input('confirmed_on', t`Confirmed on`, 'date')}
          {input('promised_ship_on', t`Promised ship date`, 'date')}
        </>
      ) : status === 'shipped' ? (
        <>
          {input('carrier', t`Carrier`, 'text', 60)}
          {input('tracking_number', t`Tracking number`, 'text', 60)}
          {input('shipped_on', t`Shipped on`, 'date')}
        </>
      ) : (
        input('received_on', t`Received on`, 'date')
      )}
      <div className="btn-row">
        <button type="submit" className="btn btn-primary">
          <Trans>Save</Trans>
        </button>
        <button type="button" className="btn" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/** The check-in list: one row per part, one tap per state. */
function CheckIn({
  order,
  changes,
}: {
  order: DoorOrderRow;
  changes: Map<string, PartChange> | null;
}) {
  const { t } = useLingui();
  const tap = useCallback(
    (key: string, state: CheckState) =>
      doorOrdersRepo.check(order.id, key, state).then((r) => r.ok),
    [order.id],
  );
  const note = useCallback(
    (key: string, state: CheckState, text: string) =>
      void doorOrdersRepo.check(order.id, key, state, { note: text.slice(0, 500) }),
    [order.id],
  );
  const photo = useCallback(
    (key: string, state: CheckState, fileId: string) =>
      void doorOrdersRepo.check(order.id, key, state, { photo: fileId }),
    [order.id],
  );
  return (
    <ol className="door-checkin" aria-label={t`Check in`}>
      {order.parts.map((p) => (
        <CheckRow
          key={p.key}
          part={p}
          state={order.checkin[p.key]?.state}
          note={order.checkin[p.key]?.note ?? ''}
          photo={order.checkin[p.key]?.photo ?? null}
          projectId={order.project_id}
          change={changes?.get(p.key)}
          onTap={tap}
          onNote={note}
          onPhoto={photo}
        />
      ))}
    </ol>
  );
}

const CheckRow = memo(function CheckRow({
  part,
  state,
  note,
  photo,
  projectId,
  change,
  onTap,
  onNote,
  onPhoto,
}: {
  part: OrderedPart;
  state: CheckState | undefined;
  note: string;
  /** The part's photo (a project_files id), null for none. */
  photo: string | null;
  projectId: string;
  change: PartChange | undefined;
  /** Writes the tap; resolves false when it was not written. */
  onTap: (key: string, state: CheckState) => Promise<boolean>;
  onNote: (key: string, state: CheckState, text: string) => void;
  onPhoto: (key: string, state: CheckState, fileId: string) => void;
}) {
  const { i18n, t } = useLingui();
  // The tap shows at once, so the next part can be tapped in the same frame on a long order; the
  // device's database has it a moment later (the state then comes back in `state`), and a write
  // that failed shows the part as it was.
  const [tappedState, setTappedState] = useState<CheckState | null>(null);
  // Cleared once the written state comes back (another tap in between stays shown).
  useEffect(() => setTappedState((shownTap) => (shownTap === state ? null : shownTap)), [state]);
  const shown = tappedState ?? state;
  const cabinet = part.cabinet;
  // The part's number in its cabinet, as the builder and the punch list count them: two doors of
  // one size read apart ("Door 1", "Door 2"), so a note or a photo is on the one it is about.
  const n = partNumber(part.key);
  const kind =
    n === null
      ? i18n._(KIND_WORDS[part.kind])
      : part.kind === 'door'
        ? t`Door ${n}`
        : t`Drawer front ${n}`;
  const label = `${t`Cabinet ${cabinet}`} · ${kind} · ${formatSize(part.width, part.height)}${part.quantity === 2 ? ' ×2' : ''}`;
  return (
    <li className={`door-check ${shown ?? 'open'}`} data-part={part.key}>
      <span className="door-check-label">{label}</span>
      {change ? (
        <span className="chip warn">
          {change === 'removed' ? t`Removed since ordered` : t`Changed since ordered`}
        </span>
      ) : null}
      <span className="door-check-buttons" role="group" aria-label={label}>
        {CHECK_STATES.map((s) => (
          <button
            key={s}
            type="button"
            className="btn btn-small"
            aria-pressed={shown === s}
            onClick={() => {
              setTappedState(s);
              void onTap(part.key, s).then(
                (written) => written || setTappedState(null),
                () => setTappedState(null),
              );
            }}
          >
            {i18n._(CHECK_WORDS[s])}
          </button>
        ))}
      </span>
      {shown && shown !== 'received' ? (
        <input
          type="text"
          className="door-check-note"
          aria-label={t`Note`}
          defaultValue={note}
          maxLength={500}
          onBlur={(e) => {
            if (e.target.value !== note) onNote(part.key, shown, e.target.value);
          }}
        />
      ) : null}
      {shown ? (
        <PartPhoto
          projectId={projectId}
          fileId={photo}
          onPick={(fileId) => onPhoto(part.key, shown, fileId)}
        />
      ) : null}
    </li>
  );
});
