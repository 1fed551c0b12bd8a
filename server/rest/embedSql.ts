/**
 * Resource embedding as PostgREST does it, one foreign key at a time: a
 * many-to-one (`project_files?select=*,projects(name)`) answers the related
 * row as an object (null when none), a one-to-many
 * (`projects?select=*,project_files(*)`) the related rows as an array.
 * Each embedded read runs as the caller (RLS applies to it too). A
 * relationship that is missing answers 400 PGRST200, one that is ambiguous
 * 300 PGRST201 (name the foreign key: `table!fk_name(…)`), as PostgREST does.
 */
import { pgrst } from '../pgError.ts';
import { ident, type Catalog, type ForeignKey, type TableInfo } from './catalog.ts';
import type { Parsed, SelectItem } from './query.ts';
import { errOut, OutError } from './http.ts';

interface Relationship {
  fk: ForeignKey;
  /** many-to-one: the parent holds the key; one-to-many: the embedded table does. */
  kind: 'many-to-one' | 'one-to-many';
}

function relationships(
  parent: TableInfo,
  target: string,
  catalog: Catalog,
  hint: string | undefined,
): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of catalog.foreignKeys) {
    const named = !hint || fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint);
    if (!named) continue;
    if (fk.table === parent.name && fk.refTable === target) out.push({ fk, kind: 'many-to-one' });
    else if (fk.table === target && fk.refTable === parent.name)
      out.push({ fk, kind: 'one-to-many' });
  }
  return out;
}

/** How the embedded table's own select list is built (querySql.ts's selectSql, passed in to keep the modules apart). */
export type SelectBuilder = (
  items: SelectItem[],
  table: TableInfo,
  catalog: Catalog,
  alias: string,
) => Parsed<string>;

/** The select-list entry of one embedded resource of `parent` (under `alias`). */
export function embedSql(
  item: SelectItem,
  parent: TableInfo,
  catalog: Catalog,
  alias: string,
  selectSql: SelectBuilder,
): Parsed<string> {
  const embed = item.embed!;
  if (embed.hint === 'inner' || embed.hint === 'left')
    return {
      ok: false,
      error: pgrst(
        'PGRST100',
        `The local backend does not support !${embed.hint} embedding ("${embed.table}!${embed.hint}")`,
      ),
    };
  const target = catalog.tables.get(embed.table);
  const rels = target ? relationships(parent, embed.table, catalog, embed.hint) : [];
  if (rels.length === 0)
    return {
      ok: false,
      error: pgrst(
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${embed.table}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${embed.table}' in the schema 'public', but no matches were found.`,
        null,
      ),
    };
  if (rels.length > 1)
    throw new OutError(
      errOut(
        300,
        pgrst(
          'PGRST201',
          `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.table}'`,
          null,
          `Try changing '${embed.table}' to one of: ${rels.map((r) => `'${embed.table}!${r.fk.name}'`).join(', ')}.`,
        ),
      ),
    );
  const { fk, kind } = rels[0]!;
  const child = `${alias}e`;
  const inner = selectSql(
    embed.select.length ? embed.select : [{ star: true }],
    target!,
    catalog,
    child,
  );
  if (!inner.ok) return inner;
  const on = fk.columns
    .map((c, i) =>
      kind === 'many-to-one'
        ? `${child}.${ident(fk.refColumns[i]!)} = ${alias}.${ident(c)}`
        : `${child}.${ident(c)} = ${alias}.${ident(fk.refColumns[i]!)}`,
    )
    .join(' and ');
  const rows = `select ${inner.value} from public.${ident(target!.name)} ${child} where ${on}`;
  const name = ident(item.alias ?? embed.table);
  return {
    ok: true,
    value:
      kind === 'many-to-one'
        ? `(select row_to_json(_r) from (${rows}) _r) as ${name}`
        : `coalesce((select json_agg(_r) from (${rows}) _r), '[]'::json) as ${name}`,
  };
}
