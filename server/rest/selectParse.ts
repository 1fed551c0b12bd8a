/**
 * PostgREST's `select=` grammar: `*`, columns, `alias:col`, `col::type`, JSON
 * paths (`details->>email`, named by their last key) and embedded resources
 * along foreign keys (`project_files(*)`, `project:projects(name)`,
 * `projects!fk_name(name)`), nested. Parsing never touches SQL (see
 * querySql.ts and embedSql.ts).
 */
import { parseColumnRef, parseErr, splitTopLevel, type Parsed, type SelectItem } from './query.ts';

const IDENT = '[A-Za-z_][\\w$]*';
const EMBED = new RegExp(`^(?:(${IDENT}):)?(${IDENT})(?:!(${IDENT}))?\\((.*)\\)$`, 's');
const COLUMN = new RegExp(`^(?:(${IDENT}):(?!:))?(.+?)(?:::([A-Za-z_][\\w ]*))?$`, 's');
/** How deep embeddings may nest (PostgREST has no limit; a bound keeps a hostile select cheap). */
const MAX_DEPTH = 4;

/** Parse `select=` (null or empty: `*`). */
export function parseSelect(raw: string | null): Parsed<SelectItem[]> {
  if (raw === null || raw.trim() === '') return { ok: true, value: [{ star: true }] };
  return parseItems(raw, raw, 0);
}

function parseItems(list: string, raw: string, depth: number): Parsed<SelectItem[]> {
  const fail = (item: string) =>
    parseErr(
      `"failed to parse select parameter (${raw})" (line 1, column 1)`,
      `unsupported select item "${item}"`,
    );
  if (depth > MAX_DEPTH) return fail(list);
  const items: SelectItem[] = [];
  for (const part of splitTopLevel(list)) {
    const p = part.trim();
    if (p === '*') {
      items.push({ star: true });
      continue;
    }
    const e = EMBED.exec(p);
    if (e) {
      const inner =
        e[4]!.trim() === '' ? { ok: true as const, value: [] } : parseItems(e[4]!, raw, depth + 1);
      if (!inner.ok) return inner;
      const item: SelectItem = { embed: { table: e[2]!, select: inner.value } };
      if (e[3]) item.embed!.hint = e[3];
      if (e[1]) item.alias = e[1];
      items.push(item);
      continue;
    }
    const m = COLUMN.exec(p);
    const ref = m ? parseColumnRef(m[2]!) : null;
    if (!m || !ref) return fail(p);
    const item: SelectItem = { col: ref.col };
    if (ref.path.length) item.path = ref.path;
    if (m[1]) item.alias = m[1];
    if (m[3]) item.cast = m[3].trim();
    items.push(item);
  }
  return { ok: true, value: items };
}
