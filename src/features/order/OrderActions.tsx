/**
 * The door order's actions (never printed): back to the builder for those
 * who may change the cabinets, CSV, Excel and JSON downloads, on tablets and
 * phones a Share button (Web Share API with files, else a download), and
 * print. The notes say what happened when a download or share fell back.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { orderExportCsv, orderExportJson, type OrderExport } from '../../domain/orderExport';
import { buildOrderWorkbook } from './orderWorkbook';
import { safeFileName } from './orderMeta';
import { downloadBlob, isTouchDevice, shareOrDownload } from '../../ui/share';

/** The action row and its notes for the export `x` of `customer`'s job. */
export function OrderActions({
  x,
  customer,
  builderHref,
}: {
  x: OrderExport;
  customer: string;
  /** The builder of this job, for those who may change its cabinets; else null. */
  builderHref: string | null;
}) {
  const [shareNote, setShareNote] = useState<string | null>(null);
  const [workbookNote, setWorkbookNote] = useState<string | null>(null);
  const touch = useMemo(() => isTouchDevice(), []);
  const baseName = safeFileName(`order-${customer}-${x.job.orderDate}`);
  const csvFile = () => new File([orderExportCsv(x)], `${baseName}.csv`, { type: 'text/csv' });
  const downloadWorkbook = async () => {
    setWorkbookNote('Preparing the workbook…');
    try {
      const bytes = await buildOrderWorkbook(x);
      downloadBlob(
        new Blob([bytes], {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
        `${baseName}.xlsx`,
      );
      setWorkbookNote(null);
    } catch {
      setWorkbookNote(
        'The workbook could not be prepared (its code did not load). Connect once and try again, or download the CSV.',
      );
    }
  };

  const share = async () => {
    setShareNote(null);
    const outcome = await shareOrDownload(csvFile(), `Door order — ${customer}`);
    if (outcome === 'downloaded')
      setShareNote('Sharing files is not available here, so the CSV was downloaded.');
  };

  return (
    <>
      <div className="ord-actions no-print btn-row">
        {builderHref ? (
          <Link to={builderHref} className="btn">
            Back to Builder
          </Link>
        ) : null}
        <button
          type="button"
          className="btn"
          onClick={() => downloadBlob(csvFile(), `${baseName}.csv`)}
        >
          Download CSV
        </button>
        <button type="button" className="btn" onClick={() => void downloadWorkbook()}>
          Download Excel
        </button>
        <button
          type="button"
          className="btn"
          onClick={() =>
            downloadBlob(
              new Blob([orderExportJson(x)], { type: 'application/json' }),
              `${baseName}.json`,
            )
          }
        >
          Download JSON
        </button>
        {touch ? (
          <button type="button" className="btn" onClick={() => void share()}>
            Share CSV
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print / PDF
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
