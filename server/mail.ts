/**
 * Outgoing mail of the local backend (confirmation and recovery links). With
 * `SMTP_URL` the mail goes through nodemailer; either way a JSON copy lands in
 * the outbox directory (like the Supabase CLI's Inbucket), which
 * `GET /_local/mail?to=` lists, and the link is printed on the console.
 */
import nodemailer from 'nodemailer';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
  /** Where a reply goes (the door order's contractor), when not the sender. */
  replyTo?: string;
  /** Files sent with the mail (text content: the door order's CSV). */
  attachments?: MailAttachment[];
}

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mailer {
  dir: string;
  send(msg: {
    to: string;
    subject: string;
    text: string;
    links: string[];
    replyTo?: string;
    attachments?: MailAttachment[];
  }): Promise<void>;
  list(to: string | undefined): MailMessage[];
}

/** A mailer writing to `dir` (created) and, when `smtpUrl` is set, sending by SMTP. */
export function createMailer(
  dir: string,
  smtpUrl: string | undefined,
  log: (line: string) => void,
): Mailer {
  mkdirSync(dir, { recursive: true });
  // Bounded timeouts: a dead SMTP server must not pile up connections for minutes.
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  let seq = 0;
  return {
    dir,
    send(msg) {
      const sentAt = new Date().toISOString();
      const full: MailMessage = { id: randomUUID(), sentAt, ...msg };
      seq += 1;
      const name = `${sentAt.replace(/[:.]/g, '-')}-${String(seq).padStart(6, '0')}-${full.id}.json`;
      writeFileSync(join(dir, name), JSON.stringify(full, null, 2));
      log(`mail to ${msg.to}: ${msg.subject} — ${msg.links.join(' ')}`);
      if (transport) {
        // Not awaited: the API answers at once (as GoTrue does with its mail queue); the outbox copy is already written.
        transport
          .sendMail({
            from: 'no-reply@localhost',
            to: msg.to,
            subject: msg.subject,
            text: msg.text,
            ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
            ...(msg.attachments ? { attachments: msg.attachments } : {}),
          })
          .catch((e: unknown) => {
            log(
              `SMTP send failed (the outbox copy is kept): ${e instanceof Error ? e.message : String(e)}`,
            );
          });
      }
      return Promise.resolve();
    },
    list(to) {
      const wanted = to?.trim().toLowerCase();
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse();
      const out: MailMessage[] = [];
      for (const f of files) {
        try {
          const m = JSON.parse(readFileSync(join(dir, f), 'utf8')) as MailMessage;
          if (!wanted || m.to.toLowerCase() === wanted) out.push(m);
        } catch {
          // a half-written or foreign file: skip
        }
      }
      return out;
    },
  };
}
