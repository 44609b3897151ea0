/**
 * Outgoing mail. With SMTP_URL set, mail goes out through SMTP (nodemailer);
 * without it (the embedded default) it lands in a local dev outbox: a JSON-lines
 * file in DATA_DIR, listed by `npm run mail:outbox`, and printed to the server log.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (the sender of a contact message), when not to MAIL_FROM. */
  replyTo?: string;
  /** The text holds a secret link (a newsletter token): the dev outbox logs only who it went to. */
  secret?: boolean;
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
};

export function outboxPath(dataDir: string): string {
  return join(resolve(dataDir), 'outbox.jsonl');
}

export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: (message: string) => void = (message) => console.info(message),
): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send({ secret: _secret, ...mail }) {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      },
    };
  }
  const file = outboxPath(env.DATA_DIR);
  return {
    async send(mail) {
      mkdirSync(resolve(env.DATA_DIR), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ ...mail, sentAt: new Date().toISOString() })}\n`);
      log(`[dev outbox] To: ${mail.to} · ${mail.subject}\n${mail.secret ? `(holds a secret link: read it with npm run mail:outbox)` : mail.text}`);
    },
  };
}

/** Collects mails in memory (tests). */
export function createMemoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

/**
 * Sends a mail once the change it reports is committed, without the caller waiting for it: a
 * failure is logged (never the text, which may hold a secret link) and the stored data stays.
 * Answers whether the mail went out, for callers that do want to wait.
 */
export function sendAfterCommit(mailer: Mailer, mail: Mail, what: string): Promise<boolean> {
  return mailer.send(mail).then(
    () => true,
    (error: unknown) => {
      console.error(`${what} could not be mailed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
  );
}
