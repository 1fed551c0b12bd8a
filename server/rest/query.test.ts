/**
 * PostgREST's URL grammar, parsed and turned into SQL without a database:
 * every identifier checked against the table, every value a bind parameter
 * cast to the column's type, and parse errors as PGRST100.
 */
import { describe, expect, it } from 'vitest';
import type { TableInfo } from './catalog.ts';
import { parseFilter, parseFilters, parseLogic, parseOrder, splitTopLevel } from './query.ts';
import { parseSelect } from './selectParse.ts';
import { orderSql, selectSql, whereSql } from './querySql.ts';

const notes: TableInfo = {
  name: 'notes',
  primaryKey: ['id'],
  columns: new Map([
    ['id', { name: 'id', type: 'uuid', generated: false }],
    ['title', { name: 'title', type: 'text', generated: false }],
    ['n', { name: 'n', type: 'integer', generated: false }],
  ]),
};

function ok<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe('splitTopLevel', () => {
  it('splits on commas outside parentheses and double quotes', () => {
    expect(splitTopLevel('a,b.eq.(1,2),"c,d",e')).toEqual(['a', 'b.eq.(1,2)', '"c,d"', 'e']);
  });
});

describe('filters', () => {
  it('parses operators, not., in-lists with quoted items and is-values', () => {
    expect(ok(parseFilter('n', 'gte.5'))).toEqual({
      kind: 'cmp',
      col: 'n',
      op: 'gte',
      not: false,
      value: '5',
    });
    expect(ok(parseFilter('n', 'not.eq.5'))).toMatchObject({ op: 'eq', not: true });
    expect(ok(parseFilter('title', 'in.(a,"b,c")'))).toMatchObject({
      op: 'in',
      list: ['a', 'b,c'],
    });
    expect(ok(parseFilter('n', 'is.null'))).toMatchObject({ op: 'is', value: 'null' });
  });

  it('refuses unknown operators, a bad in-list and a bad is-value with PGRST100', () => {
    for (const [col, raw] of [
      ['n', 'zz.1'],
      ['n', 'in.1,2'],
      ['n', 'is.maybe'],
    ] as const) {
      const r = parseFilter(col, raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('PGRST100');
    }
  });

  it('parses nested or/and trees', () => {
    const tree = ok(parseLogic('or', false, '(n.eq.1,and(title.like.a*,n.lt.5))'));
    expect(tree).toMatchObject({
      kind: 'bool',
      op: 'or',
      items: [{ col: 'n' }, { kind: 'bool', op: 'and', items: [{ op: 'like' }, { op: 'lt' }] }],
    });
  });

  it('skips reserved parameters', () => {
    const conds = ok(parseFilters(new URLSearchParams('select=id&order=n&limit=1&n=eq.3')));
    expect(conds).toHaveLength(1);
  });
});

describe('SQL', () => {
  it('binds every value as a parameter cast to the column type', () => {
    const params: unknown[] = [];
    const where = ok(
      whereSql(
        ok(
          parseFilters(
            new URLSearchParams('n=gt.2&title=like.a*&id=in.(x,y)&or=(n.is.null,n.eq.9)'),
          ),
        ),
        notes,
        params,
      ),
    );
    expect(where).toBe(
      'where _t."n" > cast($1::text as integer) and _t."title"::text like $2::text and _t."id" in (cast($3::text as uuid), cast($4::text as uuid)) and (_t."n" is null or _t."n" = cast($5::text as integer))',
    );
    expect(params).toEqual(['2', 'a%', 'x', 'y', '9']);
  });

  it('an empty in-list matches nothing; no filters give no where', () => {
    const params: unknown[] = [];
    expect(ok(whereSql(ok(parseFilters(new URLSearchParams('n=in.()'))), notes, params))).toBe(
      'where false',
    );
    expect(ok(whereSql([], notes, params))).toBe('');
    expect(params).toEqual([]);
  });

  it('refuses unknown columns with 42703 instead of writing them into SQL', () => {
    const params: unknown[] = [];
    const r = whereSql(
      ok(parseFilters(new URLSearchParams('"x";drop table notes;--=eq.1'))),
      notes,
      params,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('42703');
    const s = selectSql(ok(parseSelect('id,nope')), notes);
    expect(s.ok).toBe(false);
    const o = orderSql(ok(parseOrder('nope.desc')), notes);
    expect(o.ok).toBe(false);
  });

  it('select: star, aliases and safe casts only', () => {
    expect(ok(selectSql(ok(parseSelect(null)), notes))).toBe('_t.*');
    expect(ok(selectSql(ok(parseSelect('id,label:title,n::text')), notes))).toBe(
      '_t."id" as "id", _t."title" as "label", _t."n"::text as "n"',
    );
    expect(parseSelect('n::pg_catalog.text').ok).toBe(false);
    expect(selectSql(ok(parseSelect('n::regclass')), notes).ok).toBe(false);
    // An embedding parses; without a catalog (or a relationship) it is refused, never guessed.
    expect(selectSql(ok(parseSelect('a(b)')), notes).ok).toBe(false);
    expect(parseSelect('a(b);drop table notes').ok).toBe(false);
  });

  it('select and filter by JSON paths; keys are never spliced unchecked', () => {
    const docs: TableInfo = {
      name: 'docs',
      primaryKey: ['id'],
      columns: new Map([['d', { name: 'd', type: 'jsonb', generated: false }]]),
    };
    expect(ok(selectSql(ok(parseSelect('d->a->>b,x:d->0')), docs))).toBe(
      `((_t."d"->'a')->>'b') as "b", (_t."d"->0) as "x"`,
    );
    for (const bad of ["d->>'b'", 'd->>b)--', 'd->', 'd->>b c'])
      expect(parseSelect(bad).ok, bad).toBe(false);
    const params: unknown[] = [];
    expect(ok(whereSql(ok(parseFilters(new URLSearchParams('d->>b=eq.1'))), docs, params))).toBe(
      `where (_t."d"->>'b') = cast($1::text as text)`,
    );
  });

  it('order: direction and nulls', () => {
    expect(ok(orderSql(ok(parseOrder('n.desc.nullslast,title')), notes))).toBe(
      'order by _t."n" desc nulls last, _t."title" asc',
    );
    expect(parseOrder('n.sideways').ok).toBe(false);
  });
});
