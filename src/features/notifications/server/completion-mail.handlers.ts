import cs from '../../../locales/cs/completion.json';
import en from '../../../locales/en/completion.json';
import ru from '../../../locales/ru/completion.json';
import sk from '../../../locales/sk/completion.json';
import uk from '../../../locales/uk/completion.json';
import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { notify } from '../../../server/mail/notify';
import type { MailKind } from '../../../server/mail/templates';
import type { Language } from '../../../shared/languages';
import type { NotificationType } from '../../../shared/notification-types';
import { reader, requestLink, type MailContext } from './mail-recipients';

const OUTCOMES: Record<Language, typeof sk.outcomes> = {
  sk: sk.outcomes,
  en: en.outcomes,
  uk: uk.outcomes,
  ru: ru.outcomes,
  cs: cs.outcomes,
};

/**
 * The mail of how a hired job ends (docs/requests.md "Completion"), beside its inbox
 * notifications (completion.handlers.ts): the same readers, each only if they kept that type's
 * mail on, queued in the change's transaction.
 */
export function registerCompletionMailHandlers(events: EventBus, ctx: MailContext) {
  const send = async (
    tx: Db | Tx,
    userId: string,
    type: NotificationType,
    kind: MailKind,
    request: { workRequestId: string; title: string },
    extra: (language: Language) => Record<string, string> = () => ({}),
  ) => {
    const found = await reader(ctx, tx, userId, type);
    if (!found) return;
    const { user, options } = found;
    const values = {
      name: user.name,
      title: request.title,
      link: requestLink(ctx, request.workRequestId),
      ...extra(user.preferredLanguage),
    };
    await notify(ctx, tx, user, kind, values, options);
  };

  events.on('request.marked_done', async (tx, { payload }) => {
    await send(tx, payload.clientId, 'job_marked_done', 'jobMarkedDone', payload);
  });

  events.on('request.completed', async (tx, { payload }) => {
    if (payload.by === 'client') {
      await send(tx, payload.providerId, 'job_completed', 'jobCompleted', payload);
    } else if (payload.by === 'auto') {
      for (const userId of [payload.clientId, payload.providerId]) {
        await send(tx, userId, 'job_completed', 'jobAutoCompleted', payload);
      }
    }
  });

  events.on('request.completion_due', async (tx, { payload }) => {
    for (const userId of [payload.clientId, payload.providerId]) {
      await send(tx, userId, 'completion_due', 'completionDue', payload);
    }
  });

  events.on('request.disputed', async (tx, { payload }) => {
    await send(tx, payload.providerId, 'problem_reported', 'problemReported', payload);
  });

  events.on('request.dispute_resolved', async (tx, { payload }) => {
    for (const userId of [payload.clientId, payload.providerId]) {
      await send(tx, userId, 'case_decided', 'caseDecided', payload, (language) => ({
        outcome: OUTCOMES[language][payload.outcome],
        note: payload.note,
      }));
    }
  });
}
