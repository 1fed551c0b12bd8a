import { describe, expect, it } from 'vitest';
import { BAD_RESPONSE, checkPullPage, checkPushResults } from './responses';

const row = {
  id: 'a1',
  version: 2,
  txid: '812',
  deleted_at: null,
  name: 'Kitchen',
  details: { cabinetData: {} },
};
const result = (op_id: string, extra: Record<string, unknown> = {}) => ({
  op_id,
  status: 'applied',
  code: null,
  message: null,
  conflicts: [],
  row,
  ...extra,
});

describe('checkPullPage', () => {
  it('passes a page as the server sends it, every column kept', () => {
    const r = checkPullPage({ rows: [row], cursor: '900', has_more: false });
    expect(r).toEqual({ ok: true, page: { rows: [row], cursor: '900', has_more: false } });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [row]],
    ['text', 'Bad gateway'],
    ['rows not an array', { rows: 'none', cursor: '1', has_more: false }],
    [
      'a row without a version',
      { rows: [{ ...row, version: undefined }], cursor: '1', has_more: false },
    ],
    ['a version as text', { rows: [{ ...row, version: '2' }], cursor: '1', has_more: false }],
    [
      'a txid that is not digits',
      { rows: [{ ...row, txid: 'NaN' }], cursor: '1', has_more: false },
    ],
    ['a row that is not an object', { rows: [row, 7], cursor: '1', has_more: false }],
    ['a cursor as a number', { rows: [], cursor: 900, has_more: false }],
    ['a cursor that is not digits', { rows: [], cursor: 'Infinity', has_more: false }],
    ['no has_more', { rows: [], cursor: '1' }],
  ])('refuses %s as a bad_response server failure', (_, data) => {
    const r = checkPullPage(data);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure).toMatchObject({ kind: 'server', code: BAD_RESPONSE });
      expect(r.failure.message).toMatch(
        /^The server's answer to pull_changes could not be read \(.+\)$/,
      );
    }
  });

  it('names where the answer went wrong', () => {
    const r = checkPullPage({ rows: [row, { ...row, id: 5 }], cursor: '1', has_more: false });
    expect(!r.ok && r.failure.message).toContain('rows.1.id');
  });
});

describe('checkPushResults', () => {
  it('passes one well-formed result per op sent', () => {
    const data = [
      result('op1'),
      result('op2', {
        status: 'rejected',
        code: '23514',
        message: 'bad status',
        row: null,
        conflicts: null,
      }),
    ];
    expect(checkPushResults(data, ['op1', 'op2'])).toEqual({ ok: true, results: data });
  });

  it('passes conflicts with their paths and values', () => {
    const data = [
      result('op1', {
        status: 'merged',
        conflicts: [
          {
            path: ['details', 'cabinetData', 'itemState', '3_0', 'width'],
            server_value: '14.5',
            client_value: '15',
          },
        ],
      }),
    ];
    expect(checkPushResults(data, ['op1']).ok).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an object', { results: [result('op1')] }],
    ['an unknown status', [result('op1', { status: 'done' })]],
    ['a result without op_id', [{ ...result('op1'), op_id: undefined }]],
    ['a row without an id', [result('op1', { row: { version: 1, txid: '1', deleted_at: null } })]],
    ['a code as a number', [result('op1', { code: 23514 })]],
    ['conflicts that are not a list', [result('op1', { conflicts: { path: ['name'] } })]],
  ])('refuses %s', (_, data) => {
    const r = checkPushResults(data, ['op1']);
    expect(r).toMatchObject({ ok: false, failure: { kind: 'server', code: BAD_RESPONSE } });
  });

  it('refuses too few or too many results, or results for other ops', () => {
    expect(checkPushResults([result('op1')], ['op1', 'op2'])).toMatchObject({
      ok: false,
      failure: { message: expect.stringContaining('1 results for 2 ops') },
    });
    expect(checkPushResults([result('op1'), result('op2')], ['op1'])).toMatchObject({
      ok: false,
      failure: { code: BAD_RESPONSE },
    });
    expect(checkPushResults([result('op9')], ['op1'])).toMatchObject({
      ok: false,
      failure: { message: expect.stringContaining('no result for op op1') },
    });
  });
});
