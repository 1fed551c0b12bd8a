/**
 * `npm test`'s catalog check: runs `lingui extract --clean` into a temporary copy of
 * src/i18n/locales and fails when that changes a catalog (a message added, changed or removed in
 * the code and not extracted: run `npx lingui extract` and translate), or when a Spanish message
 * is empty (a text the Spanish screens would show in English). The checked-in catalogs are never
 * touched.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** The catalogs' folders: the app's, and the backend's mails' (beside the code that sends them). */
const ROOTS = [
  { rel: 'src/i18n/locales', name: 'app' },
  { rel: 'supabase/functions/_shared/locales', name: 'mails' },
];

/** A catalog's text without the header line extract rewrites on every run. */
function comparable(po: string): string {
  return po.replace(/^"POT-Creation-Date: .*\\n"\n/m, '').replace(/\r\n/g, '\n');
}

/** `msgid`s whose `msgstr` is empty, the header (empty msgid) aside. */
export function untranslated(po: string): string[] {
  const empty: string[] = [];
  for (const entry of po.split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry);
    if (!id || !str) continue;
    const text = (lines: string) =>
      lines
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as string)
        .join('');
    const msgid = text(id[1] ?? '""');
    if (msgid !== '' && text(str[1] ?? '""') === '') empty.push(msgid);
  }
  return empty;
}

function main(): void {
  const temp = mkdtempSync(join(tmpdir(), 'lingui-check-'));
  try {
    for (const r of ROOTS) cpSync(join(ROOT, r.rel), join(temp, r.name), { recursive: true });
    const config = join(temp, 'lingui.config.ts');
    writeFileSync(
      config,
      `import base from ${JSON.stringify(join(ROOT, 'lingui.config.ts'))};
const roots = ${JSON.stringify(ROOTS.map((r) => ['<rootDir>/' + r.rel, join(temp, r.name)]))};
export default {
  ...base,
  rootDir: ${JSON.stringify(ROOT)},
  catalogs: base.catalogs!.map((c) => ({
    ...c,
    path: roots.reduce((p, [from, to]) => p.replace(from, to), c.path),
  })),
};
`,
    );
    execFileSync(
      join(ROOT, 'node_modules', '.bin', 'lingui'),
      ['extract', '--clean', '--config', config],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const problems: string[] = [];
    for (const r of ROOTS) {
      const copy = join(temp, r.name);
      for (const locale of readdirSync(copy)) {
        for (const file of readdirSync(join(copy, locale)).filter((f) => f.endsWith('.po'))) {
          const extracted = readFileSync(join(copy, locale, file), 'utf8');
          let committed = '';
          try {
            committed = readFileSync(join(ROOT, r.rel, locale, file), 'utf8');
          } catch {
            // A catalog extract makes and the repository lacks: stale as well.
          }
          if (comparable(extracted) !== comparable(committed))
            problems.push(`${locale}/${file} is stale: run \`npm run extract\` and translate`);
          if (locale !== 'en')
            for (const id of untranslated(committed))
              problems.push(`${locale}/${file}: no translation for ${JSON.stringify(id)}`);
        }
      }
    }
    // The mails' compiled catalogs (Deno imports them as they are) must be the .po's.
    try {
      execFileSync(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        [join(ROOT, 'scripts', 'compile-mails.ts'), '--check'],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
      );
    } catch {
      problems.push("the mails' compiled catalogs are stale: run `npm run extract`");
    }
    if (problems.length) {
      console.error(problems.join('\n'));
      process.exit(1);
    }
    console.log('catalogs: up to date, every Spanish message translated');
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

main();
