import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/database';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { RecordAlert } from '../plugins/alerts';
import type { Mailer } from './mailer';
import type { MailKind } from './templates';

/** One product mail as it waits in the queue: written out, in its recipient's language. */
export interface QueuedMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** The same on every attempt, so a receiver can recognise a mail sent twice (docs/deploy.md). */
  messageId: string;
  /** The product record the mail is about, for `onSent` (a contact message's id). */
  ref?: string;
  /** The one-click unsubscribe link (RFC 8058) of a mail the person may turn off. */
  unsubscribeUrl?: string;
}

/** Puts a mail in the queue through the caller's transaction: sent only if the change commits. */
export type QueueMail = (tx: Db | Tx, mail: Omit<QueuedMail, 'messageId'>) => Promise<void>;

export interface MailRetry {
  /** Attempts after the first (MAIL_RETRY_LIMIT). */
  limit: number;
  /** Wait before the first retry, doubled (with jitter) for each next one (MAIL_RETRY_DELAY_SECONDS). */
  delaySeconds: number;
}

export const DEFAULT_MAIL_RETRY: MailRetry = { limit: 8, delaySeconds: 30 };

/** A mail attempt that has not finished by then is counted failed and tried again. */
const MAIL_ATTEMPT_EXPIRY_SECONDS = 15 * 60;

export function mailQueue(queue: JobQueue, retry: MailRetry, publicUrl: string): QueueMail {
  const domain = new URL(publicUrl).hostname || 'majstri.sk';
  return async (tx, mail) => {
    const id = randomUUID();
    const queued: QueuedMail = { ...mail, messageId: `<${id}@${domain}>` };
    await queue.send(tx, QUEUES.mail, queued, {
      id,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: MAIL_ATTEMPT_EXPIRY_SECONDS,
    });
  };
}

/**
 * Every instance sends queued mail. A failed attempt is retried by the queue with growing waits;
 * when the last one fails, the job moves to the `mail-failed` queue, whose worker raises one
 * `email` alert and counts it (`onFailure`). Nothing runs after a successful send that could make
 * the queue send it again: `onSent` is told, and its own failure is only logged.
 */
export async function startMailWorkers(
  queue: JobQueue,
  mailer: Mailer,
  options: {
    recordAlert: RecordAlert;
    log: FastifyBaseLogger;
    /** The mail_failures_total metric. */
    onFailure?: (kind: MailKind) => void;
    onSent?: (mail: QueuedMail) => Promise<void>;
  },
): Promise<void> {
  const { log } = options;
  await queue.work<QueuedMail>(QUEUES.mail, async (job) => {
    const { to, subject, text, replyTo, messageId, kind, unsubscribeUrl } = job.data;
    try {
      await mailer.send({
        to,
        subject,
        text,
        messageId,
        ...(replyTo ? { replyTo } : {}),
        ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
      });
    } catch (err) {
      log.warn(
        { err, kind, job: job.id, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 },
        'mail could not be sent; the queue tries again',
      );
      throw err;
    }
    try {
      await options.onSent?.(job.data);
    } catch (err) {
      log.error({ err, kind, job: job.id }, 'mail sent, but recording it failed');
    }
  });
  await queue.work<QueuedMail>(QUEUES.mailFailed, async (job) => {
    const { kind } = job.data;
    const output = job.output as { message?: unknown } | null;
    const reason = typeof output?.message === 'string' ? output.message : 'unknown error';
    log.error({ kind }, 'mail given up after its last attempt');
    options.onFailure?.(kind);
    await options.recordAlert(
      'email',
      `Sending the "${kind}" mail failed after every attempt: ${reason}`.slice(0, 300),
    );
  });
}
