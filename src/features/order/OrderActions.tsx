/**
 * The door order's actions (never printed): back to the builder for those
 * who may change the cabinets, CSV, Excel and JSON downloads, on tablets and
 * phones a Share button (Web Share API with files, else a download), and
 * print. The CSV and workbook are worded in the door maker's language, as the
 * sheet; the buttons in the app's. The notes say what happened when a download or share fell back.
 * While the order has a red check (a missing door style or color, a part not
 * measured), every download and Share first say what is missing and offer
 * "Go back" or "Send anyway" (RedChecksDialog): a door maker builds what the
 * file says, so an order that is not ready leaves only when the contractor
 * says so.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { orderExportCsv, orderExportJson, type OrderExport } from '../../domain/orderExport';
import { buildOrderWorkbook, ENGLISH_WORKBOOK_WORDS } from './orderWorkbook';
import { orderFileWords } from './orderFileWords';
import { safeFileName } from './orderMeta';
import { downloadBlob, isTouchDevice, shareOrDownload } from '../../ui/share';
import { RedChecksDialog, redChecks, type OrderSendKind } from '../doorOrders/RedChecksDialog';

type SendKind = Exclude<OrderSendKind, 'place'>;

/** The action row and its notes for the export `x` of `customer`'s job. */
export function OrderActions({
  x,
  customer,
  builderHref,
  fileI18n,
}: {
  x: OrderExport;
  customer: string;
  /** The builder of this job, for those who may change its cabinets; else null. */
  builderHref: string | null;
  /** The sheet's Lingui instance (the door maker's language) the CSV and workbook are worded in; null: English. */
  fileI18n: I18n | null;
}) {
  const [shareNote, setShareNote] = useState<string | null>(null);
  const [workbookNote, setWorkbookNote] = useState<string | null>(null);
  const [asking, setAsking] = useState<SendKind | null>(null);
  const { t } = useLingui();
  const red = redChecks(x.checks);
  const touch = useMemo(() => isTouchDevice(), []);
  const baseName = safeFileName(`order-${customer}-${x.job.orderDate}`);
  const words = useMemo(
    () => (fileI18n ? orderFileWords(fileI18n) : ENGLISH_WORKBOOK_WORDS),
    [fileI18n],
  );
  const csvFile = () =>
    new File([orderExportCsv(x, words)], `${baseName}.csv`, { type: 'text/csv' });
  const downloadWorkbook = async () => {
    setWorkbookNote(t`Preparing the workbook…`);
    try {
      const bytes = await buildOrderWorkbook(x, words);
      downloadBlob(
        new Blob([bytes], {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
        `${baseName}.xlsx`,
      );
      setWorkbookNote(null);
    } catch {
      setWorkbookNote(
        t`The workbook could not be prepared (its code did not load). Connect once and try again, or download the CSV.`,
      );
    }
  };

  const share = async () => {
    setShareNote(null);
    const outcome = await shareOrDownload(csvFile(), t`Door order — ${customer}`);
    if (outcome === 'downloaded')
      setShareNote(t`Sharing files is not available here, so the CSV was downloaded.`);
  };

  const send = (kind: SendKind) => {
    if (kind === 'csv') downloadBlob(csvFile(), `${baseName}.csv`);
    else if (kind === 'excel') void downloadWorkbook();
    else if (kind === 'json')
      downloadBlob(
        new Blob([orderExportJson(x)], { type: 'application/json' }),
        `${baseName}.json`,
      );
    else void share();
  };
  const ask = (kind: SendKind) => (red.length > 0 ? setAsking(kind) : send(kind));

  return (
    <>
      {asking ? (
        <RedChecksDialog
          kind={asking}
          red={red}
          onSend={() => send(asking)}
          onClose={() => setAsking(null)}
        />
      ) : null}
      <div className="ord-actions no-print btn-row">
        {builderHref ? (
          <Link to={builderHref} className="btn">
            <Trans>Back to Builder</Trans>
          </Link>
        ) : null}
        <button type="button" className="btn" onClick={() => ask('csv')}>
          <Trans>Download CSV</Trans>
        </button>
        <button type="button" className="btn" onClick={() => ask('excel')}>
          <Trans>Download Excel</Trans>
        </button>
        <button type="button" className="btn" onClick={() => ask('json')}>
          <Trans>Download JSON</Trans>
        </button>
        {touch ? (
          <button type="button" className="btn" onClick={() => ask('share')}>
            <Trans>Share CSV</Trans>
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <Trans>Print / PDF</Trans>
        </button>
      </div>
      {workbookNote ? (
        <p className="alert alert-info no-print" role="status">
          {workbookNote}
        </p>
      ) : null}
      {shareNote ? (
        <p className="alert alert-info no-print" role="status">
          {shareNote}
        </p>
      ) : null}
    </>
  );
}
