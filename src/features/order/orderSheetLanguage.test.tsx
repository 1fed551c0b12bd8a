// @vitest-environment jsdom
/**
 * The door order sheet in the door maker's language while the app reads English: which language
 * (the maker being placed with, else the last order's maker's, else English), the printed sheet's
 * header, checks and tables in Spanish, and the CSV and workbook worded in it too (headings, items,
 * checks), the JSON and the contractor's typed values untouched.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import kitchenJob from '../../../tests/fixtures/jobs/kitchen-full-overlay.json';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import { buildOrderExport, orderExportCsv, parseOrderExportCsv } from '../../domain/orderExport';
import { documentI18n, doorOrderDocumentLocale } from '../../hooks/documentLanguage';
import { OrderHeader, OrderWarnings } from './OrderSheet';
import { LinesTable } from './OrderTables';
import { orderFileWords } from './orderFileWords';
import { buildOrderWorkbook } from './orderWorkbook';

afterEach(cleanup);

const kitchen = (kitchenJob as { cabinetData: Record<string, unknown> }).cabinetData;

function exportOf() {
  const data = normalizeCabinetData(kitchen);
  const x = buildOrderExport(
    computeDoorOrder(data),
    data.form,
    { customer: 'Rivera, Ana', address: '12 Oak St', orderDate: '2026-11-23', poNumber: 'PO-9' },
    {
      checks: [
        {
          level: 'error',
          cabinet: null,
          message:
            'Job: color not entered — a door maker cannot make the pieces without it; enter it under Cabinet Details',
          words: { id: 'missing-style', field: 'color' },
        },
      ],
    },
  );
  return { data, x };
}

describe("the door order's language", () => {
  const makers = [
    { id: 'm-es', locale: 'es' as const },
    { id: 'm-en', locale: 'en' as const },
  ];
  it('is the maker being placed with, else the last order’s maker’s, else English', () => {
    expect(doorOrderDocumentLocale(null, undefined, undefined)).toBe('en');
    expect(doorOrderDocumentLocale(null, [], makers)).toBe('en');
    expect(doorOrderDocumentLocale('es', [], makers)).toBe('es');
    expect(
      doorOrderDocumentLocale(null, [{ maker_id: 'm-en' }, { maker_id: 'm-es' }], makers),
    ).toBe('es');
    expect(doorOrderDocumentLocale('en', [{ maker_id: 'm-es' }], makers)).toBe('en');
    // A maker this device does not hold (the homeowner reads no maker list), or none named: English.
    expect(doorOrderDocumentLocale(null, [{ maker_id: 'm-es' }], undefined)).toBe('en');
    expect(doorOrderDocumentLocale(null, [{ maker_id: null }], makers)).toBe('en');
    // A maker row kept on the device before makers had a language.
    const old = [{ id: 'm-old' } as { id: string; locale: 'en' }];
    expect(doorOrderDocumentLocale(null, [{ maker_id: 'm-old' }], old)).toBe('en');
  });
});

describe('the sheet in Spanish, the app in English', () => {
  it('prints its header, checks and tables in Spanish; typed values stay as typed', async () => {
    const { data, x } = exportOf();
    const es = await documentI18n('es', 'doorOrder');
    render(
      <I18nProvider i18n={es}>
        <article lang="es">
          <OrderHeader
            date="23 nov 2026"
            customer="Rivera, Ana"
            address="12 Oak St"
            x={x}
            form={data.form}
            verticalReveal={data.form.sideReveal}
            company=""
            contractor={{ name: 'Carlos', phone: '', email: 'c@x.example', address: '' }}
          />
          <OrderWarnings x={x} />
          <LinesTable
            title={es._('Doors')}
            lines={x.lines.filter((l) => l.item === 'Door')}
            id="d"
            doors
            money={null}
          />
        </article>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pedido de puertas');
    expect(screen.getByText('Cliente')).toBeTruthy();
    expect(screen.getByText('Estilo de puerta')).toBeTruthy();
    expect(screen.getByText('Rivera, Ana')).toBeTruthy();
    expect(screen.getByText(/Revisiones del pedido \(1\):/)).toBeTruthy();
    expect(screen.queryByText('Customer')).toBeNull();
    expect(screen.queryByText(/Order checks/)).toBeNull();
    expect(screen.queryByText('Door Order')).toBeNull();
  });

  it('writes the CSV and workbook headings, items and checks in Spanish; English by default', async () => {
    const { x } = exportOf();
    const words = orderFileWords(await documentI18n('es', 'doorOrder'));
    const rows = parseOrderExportCsv(orderExportCsv(x, words));
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(['Artículo', 'Cant.', 'Ancho (pulg.)']);
    expect(rows[0]!['Artículo']).toBe('Puerta');
    expect(rows[0]!['Revisiones en rojo']).not.toMatch(/color not entered/);
    expect(rows[0]!['Cliente']).toBe('Rivera, Ana');
    // Without words the CSV is the English one the shop software imports.
    expect(Object.keys(parseOrderExportCsv(orderExportCsv(x))[0]!)[0]).toBe('Item');
    // The English words give exactly the English file.
    const en = orderFileWords(await documentI18n('en', 'doorOrder'));
    expect(orderExportCsv(x, en)).toBe(orderExportCsv(x));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildOrderWorkbook(x, words));
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Puertas y frentes de cajón',
      'Bisagras',
      'Revisiones',
      'Datos del trabajo',
    ]);
    const checks = wb.getWorksheet('Revisiones')!;
    expect((checks.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Nivel',
      'Gabinete',
      'Mensaje',
    ]);
    expect((checks.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['Error', 'Trabajo']);
    const pieces = wb.getWorksheet('Puertas y frentes de cajón')!;
    const head = (pieces.getRow(1).values as unknown[]).slice(1);
    // Inches stay numbers under their Spanish heading.
    expect(pieces.getRow(2).getCell(head.indexOf('Ancho (pulg.)') + 1).numFmt).toBe('0.000#');
  });
});
