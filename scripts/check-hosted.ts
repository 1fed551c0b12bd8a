/**
 * `npm run check:hosted -- --url <project url> --anon-key <anon key>
 * [--email a@x --password … --email b@x --password …]`: checks that a
 * Supabase project is set up as the app needs (scripts/hostedCheck.ts),
 * one line per check; exits 1 when a check fails, 2 on bad arguments.
 */
import { parseArgs } from 'node:util';
import { checkOptions, runHostedCheck } from './hostedCheck.ts';

const USAGE =
  'usage: npm run check:hosted -- --url https://<ref>.supabase.co --anon-key <anon key> [--email <a> --password <pw> --email <b> --password <pw>]';

function main(): Promise<number> | number {
  let values;
  try {
    values = parseArgs({
      options: {
        url: { type: 'string' },
        'anon-key': { type: 'string' },
        email: { type: 'string', multiple: true },
        password: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const emails = values.email ?? [];
  const passwords = values.password ?? [];
  const parsed = checkOptions.safeParse({
    url: values.url ?? '',
    anonKey: values['anon-key'] ?? '',
    accounts: emails.length
      ? emails.map((email, i) => ({ email, password: passwords[i] ?? '' }))
      : undefined,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      console.error(`${issue.path.join('.') || 'arguments'}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  return runHostedCheck(parsed.data, (l) =>
    console.log(`${l.status.padEnd(4)} ${l.check}: ${l.detail}`),
  ).then((lines) => (lines.some((l) => l.status === 'FAIL') ? 1 : 0));
}

void Promise.resolve(main()).then((code) => {
  process.exitCode = code;
});
