import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { notify, supportRecipient } from '../../../server/mail/notify';
import type { Language } from '../../../shared/languages';
import { checkChallenge } from '../../challenge/server/challenge.service';
import type { ContactInput } from '../contact.schema';
import { insertContactMessage, markContactMessageDelivered } from './contact.repo';

/**
 * The contact form: the security question is checked, the message stored first, then mailed to
 * support in the support language with a reply-to of the sender. If mail fails the message is
 * still kept (and an `email` alert raised), but the person is told to write directly.
 */
export async function sendContactMessage(
  ctx: ServerContext,
  input: ContactInput,
  sender: { language: Language; userId: string | null },
): Promise<void> {
  await checkChallenge(ctx.db, ctx.signer, input);
  const { name, email, subject, message } = input;
  const id = await insertContactMessage(ctx.db, {
    name,
    email,
    subject,
    message,
    language: sender.language,
    userId: sender.userId,
  });
  const delivered = await notify(
    ctx,
    supportRecipient(ctx),
    'contact',
    { name, email, subject, message, language: sender.language },
    { replyTo: email },
  );
  if (!delivered) {
    throw new AppError(
      'contact_delivery_failed',
      `Your message could not be delivered. Please write to us at ${ctx.supportEmail}.`,
    );
  }
  await markContactMessageDelivered(ctx.db, id);
}
