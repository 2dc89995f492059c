import type { FastifyBaseLogger } from 'fastify';
import type { RecordAlert } from '../plugins/alerts';
import type { Language } from '../../shared/languages';
import type { Mailer } from './mailer';
import { renderMail, type MailKind } from './templates';

export type SendMail = (
  kind: MailKind,
  to: string,
  language: Language,
  values: Record<string, string>,
  options?: { replyTo?: string },
) => Promise<boolean>;

/**
 * Sends one product mail. A failed send raises an `email` alert and answers false; it never
 * throws, so nothing a person did (an account, a message) is lost because mail failed.
 */
export function mailSender(
  mailer: Mailer,
  recordAlert: RecordAlert,
  log: FastifyBaseLogger,
  /** Told of each failed send (the mail_failures_total metric). */
  onFailure?: (kind: MailKind) => void,
): SendMail {
  return async (kind, to, language, values, options) => {
    try {
      await mailer.send({
        to,
        ...renderMail(kind, language, values),
        ...(options?.replyTo ? { replyTo: options.replyTo } : {}),
      });
      return true;
    } catch (err) {
      log.error({ err, kind }, 'mail could not be sent');
      onFailure?.(kind);
      await recordAlert(
        'email',
        `Sending the "${kind}" mail failed: ${(err as Error).message}`.slice(0, 300),
      );
      return false;
    }
  };
}
