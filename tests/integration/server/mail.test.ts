/**
 * Outgoing mail: with SMTP_URL the mail goes over SMTP (a minimal SMTP sink
 * here) and a copy stays in the outbox; `GET /_local/mail?to=` lists the
 * outbox newest first with to, subject, text, links and sentAt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let smtp: Server;
let smtpPort = 0;
const received: string[] = [];
let b: StartedBackend;

/** Just enough SMTP for nodemailer: no auth, no TLS. */
function startSmtpSink(): Promise<void> {
  smtp = createServer((sock) => {
    let inData = false;
    let data = '';
    let buf = '';
    sock.write('220 sink ESMTP\r\n');
    sock.on('data', (chunk) => {
      buf += chunk.toString();
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            sock.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250 sink\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          sock.end('221 bye\r\n');
        } else sock.write('250 ok\r\n');
      }
    });
  });
  return new Promise((r) =>
    smtp.listen(0, '127.0.0.1', () => {
      smtpPort = (smtp.address() as { port: number }).port;
      r();
    }),
  );
}

beforeAll(async () => {
  await startSmtpSink();
  b = await startLocalBackend({
    migrationsDir: FIXTURE_MIGRATIONS,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  });
});
afterAll(async () => {
  await b.stop();
  await new Promise((r) => smtp.close(r));
});

describe('mail', () => {
  it('sends the confirmation mail over SMTP and keeps an outbox copy listed newest first', async () => {
    const to = email('smtp');
    expect((await b.client().auth.signUp({ email: to, password: 'secret123' })).error).toBeNull();
    expect((await b.client().auth.resetPasswordForEmail(to)).error).toBeNull();
    // SMTP delivery is not awaited by the API: wait for the sink to get it (bounded).
    for (let i = 0; i < 200 && !received.some((m) => m.includes(to)); i++)
      await new Promise((r) => setTimeout(r, 25));
    const smtpCopy = received.find((m) => m.includes(to));
    expect(smtpCopy).toBeDefined();
    expect(smtpCopy).toMatch(/Confirm your signup/);
    const list = await b.readMail(to);
    expect(list.map((m) => m.subject)).toEqual(['Reset your password', 'Confirm your signup']);
    const [latest] = list;
    expect(latest).toMatchObject({ to });
    expect(latest!.links[0]).toMatch(/\/auth\/v1\/verify\?token=.+&type=recovery/);
    expect(latest!.text).toContain(latest!.links[0]!);
    expect(Number.isNaN(Date.parse(latest!.sentAt))).toBe(false);
    const res = await fetch(`${b.url}/_local/mail`);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});

describe('mail viewer access', () => {
  it('is served to loopback addresses only (it shows confirmation and reset links)', async () => {
    const { isLoopback } = await import('../../../server/mailViewer.ts');
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1', '', 'unknown'].map(isLoopback),
    ).toEqual([false, false, false, false, false, false]);
  });
});
