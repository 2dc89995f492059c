import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { onFirstUse } from '../on-first-use';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** The Message-ID header: the same on every attempt of one queued mail. */
  messageId?: string;
  /** Where a POST turns this mail's kind off (RFC 8058); absent for mail that cannot be. */
  unsubscribeUrl?: string;
}

/**
 * The message as nodemailer takes it: a mail that can be turned off carries RFC 8058's one-click
 * unsubscribe, `List-Unsubscribe: <url>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 */
export function messageOf(from: string, mail: OutgoingMail) {
  const { unsubscribeUrl, ...message } = mail;
  if (!unsubscribeUrl) return { from, ...message };
  return {
    from,
    ...message,
    list: { unsubscribe: unsubscribeUrl },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** 'smtp' sends for real; 'outbox' writes each message to DATA_DIR/outbox. */
  readonly kind: 'smtp' | 'outbox';
}

/** Real mail over SMTP_URL. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Every attempt ends well within the queue's expiry of an attempt (mail-queue.ts), so the queue
  // never starts a second attempt while the first may still be delivering.
  const transport = onFirstUse(async () =>
    (await import('nodemailer')).default.createTransport(
      { url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 },
      { from },
    ),
  );
  return {
    kind: 'smtp',
    async send(mail) {
      await (await transport()).sendMail(messageOf(from, mail));
    },
  };
}

/**
 * Without SMTP, every message is written as an .eml file to the outbox folder and announced
 * in the log with its links, so a newcomer can verify an account offline.
 */
export function outboxMailer(folder: string, from: string, log: (line: string) => void): Mailer {
  const transport = onFirstUse(async () =>
    (await import('nodemailer')).default.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    }),
  );
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await (await transport()).sendMail(messageOf(from, mail));
      fs.mkdirSync(folder, { recursive: true });
      const file = path.join(
        folder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${mail.to} written to ${file}${links.length ? ` — ${links.join(' ')}` : ''}`);
    },
  };
}
