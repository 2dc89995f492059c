import type { ServerContext } from '../../../server/context';
import type { Language } from '../../../shared/languages';
import { checkChallenge } from '../../challenge/server';
import type { ContactInput } from '../contact.schema';
import { insertContactMessage } from './contact.repo';

export { markContactMessageDelivered } from './contact.repo';

/**
 * The contact form: the security question is checked, then the message is stored and its mail to
 * support (in the support language, with a reply-to of the sender) queued in one transaction. The
 * queue sends it and marks the message delivered (`markContactMessageDelivered`); while SMTP is
 * down it tries again, and raises an `email` alert if it finally fails.
 */
export async function sendContactMessage(
  ctx: ServerContext,
  input: ContactInput,
  sender: { language: Language; userId: string | null },
): Promise<void> {
  await checkChallenge(ctx.db, ctx.signer, input);
  const { name, email, subject, message } = input;
  await ctx.db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, {
      name,
      email,
      subject,
      message,
      language: sender.language,
      userId: sender.userId,
    });
    await ctx.events.publish(tx, 'contact.message_received', {
      messageId: id,
      name,
      email,
      subject,
      message,
      language: sender.language,
    });
  });
}
