/**
 * Errors as codes: every `raise exception` in the current schema
 * (supabase/schemas/, written from supabase/migrations by `npm run
 * schema:dump`) raises a stable dotted code as its MESSAGE, never a sentence,
 * and every code the schema raises or a synced table refuses a delete with has
 * words in the client's one catalogue (src/remote/errorCodes.ts) in English
 * and in Spanish; so has every code our server and the Edge Functions answer
 * with.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../../src/remote/errorCodes';
import { ERROR_CODE_PATTERN } from '../../../shared/outcome';

const root = join(import.meta.dirname, '..', '..', '..');
const schemas = join(root, 'supabase', 'schemas');

function sqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sqlFiles(join(dir, e.name))
      : e.name.endsWith('.sql')
        ? [join(dir, e.name)]
        : [],
  );
}

const sql = sqlFiles(schemas).map((file) => ({
  file: file.slice(root.length + 1),
  text: readFileSync(file, 'utf8'),
}));

/** Each `raise exception …` statement of the schema, with its file. */
const raises = sql.flatMap(({ file, text }) =>
  [...text.matchAll(/raise\s+exception\b([^;]*);/gi)].map((m) => ({
    file,
    statement: m[0].replace(/\s+/g, ' '),
  })),
);

/**
 * The codes raised through private.money_refuse (`money_refuse('invoice.over_contract', …)`),
 * whose one raise passes its checked code on.
 */
const refusedCodes = sql.flatMap(({ text }) =>
  [...text.matchAll(/money_refuse\('([^']*)'/g)].map((m) => m[1]!),
);

/** The literal MESSAGE of a raise, or null when it is computed (`using message = …`). */
function literalMessage(statement: string): string | null {
  const m = /^raise exception '((?:[^']|'')*)'/i.exec(statement);
  return m ? m[1]!.replace(/''/g, "'") : null;
}

function poMessages(locale: string): Map<string, string> {
  const text = readFileSync(join(root, 'src', 'i18n', 'locales', locale, 'errors.po'), 'utf8');
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm))
    out.set(m[1]!.replace(/\\"/g, '"'), m[2]!);
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Dotted names in the server's code that are not codes: settings and relations of the database. */
const NOT_CODES = new Set([
  'request.path',
  'request.method',
  'request.headers',
  'storage.allow_delete_query',
  'server.lock',
  'realtime.topic',
  'realtime.messages',
  'local.sql',
]);

/** The codes of the areas only our server and the Edge Functions answer with, as written in their code. */
const serverCodes = new Set(
  [join(root, 'server'), join(root, 'supabase', 'functions', '_shared')]
    .flatMap(tsFiles)
    .flatMap((file) => [
      ...readFileSync(file, 'utf8').matchAll(
        /'((?:request|storage|realtime|server|local|error)\.[a-z_]+)'/g,
      ),
    ])
    .map((m) => m[1]!)
    .filter((code) => !NOT_CODES.has(code)),
);

describe('errors as codes', () => {
  it('every code our server and the Edge Functions answer has words in the catalogue, in English and Spanish', () => {
    expect(serverCodes.size).toBeGreaterThan(10);
    const missing = [...serverCodes].filter((c) => !Object.hasOwn(ERROR_TEXTS, c));
    expect(missing).toEqual([]);
    const en = poMessages('en');
    const es = poMessages('es');
    for (const code of serverCodes) {
      const english = (ERROR_TEXTS as Record<string, { message?: string }>)[code]!.message!;
      expect(en.has(english), `${code}: "${english}" not in the English catalog`).toBe(true);
      expect(es.get(english), `${code}: no Spanish for "${english}"`).toBeTruthy();
    }
  });

  it('the schema has raises to check', () => {
    expect(raises.length).toBeGreaterThan(150);
  });

  it('every raise in the schema raises a dotted code, not a sentence', () => {
    const sentences = raises.filter(({ statement }) => {
      const message = literalMessage(statement);
      // Computed: a synced table's refusal (checked below) or a code prefix (`'visit.' || p_code`).
      if (message === null)
        return !/using message = (v_rules ->> 'delete_refusal'|'[a-z_]+\.' \|\||p_code,)/.test(
          statement,
        );
      return !ERROR_CODE_PATTERN.test(message);
    });
    expect(sentences.map((r) => `${r.file}: ${r.statement}`)).toEqual([]);
  });

  it('every code passed to money_refuse is a dotted code', () => {
    expect(refusedCodes.length).toBeGreaterThan(30);
    expect(refusedCodes.filter((c) => !ERROR_CODE_PATTERN.test(c))).toEqual([]);
  });

  it('a synced table refuses a delete with a dotted code', () => {
    const refusals = [
      ...sql
        .find((f) => f.file.endsWith('sync_tables.sql'))!
        .text.matchAll(
          // … tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column,
          // soft_delete, log_changes)
          /, (?:true|false), '([^']+)', (?:true|false), (?:null|'[^']*'), (?:true|false), (?:null|'[^']*'), (?:null|'[^']*'), (?:true|false), (?:true|false)\);/g,
        ),
    ].map((m) => m[1]!);
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) expect(r).toMatch(ERROR_CODE_PATTERN);
  });

  it('every code the schema raises has words in the catalogue, in English and Spanish', () => {
    const codes = new Set(
      raises.map((r) => literalMessage(r.statement)).filter((m): m is string => m !== null),
    );
    codes.add('profile.delete_via_account');
    for (const code of refusedCodes) codes.add(code);
    const missing = [...codes].filter((c) => !Object.hasOwn(ERROR_TEXTS, c));
    expect(missing).toEqual([]);
    const en = poMessages('en');
    const es = poMessages('es');
    for (const code of codes) {
      const english = (ERROR_TEXTS as Record<string, { message?: string }>)[code]!.message!;
      expect(en.has(english), `${code}: "${english}" not in the English catalog`).toBe(true);
      expect(es.get(english), `${code}: no Spanish for "${english}"`).toBeTruthy();
    }
  });
});
