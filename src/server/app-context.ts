import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { auditWriter } from './audit';
import type { ServerContext } from './context';
import type { QueueMail } from './mail/mail-queue';
import type { RecordAlert } from './plugins/alerts';
import { createEventBus, type EventBus } from './events/bus';
import { createSigner } from './signed-token';
import { registerConversationHandlers } from '../features/conversations/server/conversations.handlers';
import { registerLeadHandlers } from '../features/leads/server/leads.handlers';
import type { QueueLeadMatching } from '../features/leads/server/lead-matching';
import { registerInboxHandlers } from '../features/notifications/server/inbox.handlers';
import { registerCompletionHandlers } from '../features/notifications/server/completion.handlers';
import { registerCompletionMailHandlers } from '../features/notifications/server/completion-mail.handlers';
import { registerVerificationHandlers } from '../features/notifications/server/verification.handlers';
import { registerVerificationMailHandlers } from '../features/notifications/server/verification-mail.handlers';
import { registerInvitationHandlers } from '../features/notifications/server/invitation.handlers';
import { registerMailHandlers } from '../features/notifications/server/mail.handlers';
import { registerRequestEndingMailHandlers } from '../features/notifications/server/request-ending-mail.handlers';
import { registerPushHandlers } from '../features/notifications/server/push.handlers';
import type { QueuePush } from '../features/notifications/server/push-queue';
import { registerLiveHandlers } from '../features/notifications/server/live/live.handlers';
import { registerPreferenceHandlers } from '../features/notifications/server/preferences.handlers';
import { diskStorage, type FileStorage } from './storage/storage';
import { registerProviderStatsHandlers } from './workflows/refresh-provider-stats';
import { PASSWORD_COST, type ScryptCost } from '../features/accounts/server/password';
import {
  createHashQueue,
  passwordHasher,
  type HashQueue,
} from '../features/accounts/server/hash-queue';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages';

/** A new folder under the system's temporary folder: where an app given none keeps files or mail. */
export const scratchDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'majstri-'));

/** What the context is made from (AppDeps has each one's meaning). */
export interface ContextDeps {
  db: Db;
  sessionSecret?: string;
  storage?: FileStorage;
  supportEmail?: string;
  supportLanguage?: Language;
  passwordCost?: ScryptCost;
  hashQueue?: HashQueue;
  /** Handlers beyond the product's own, registered after them (a test's). */
  eventHandlers?: (events: EventBus) => void;
}

/** The context every feature's routes and services receive (context.ts), with its defaults. */
export function buildContext(
  deps: ContextDeps,
  made: {
    log: FastifyBaseLogger;
    recordAlert: RecordAlert;
    queueMail: QueueMail;
    /** Queues a notification's push in the caller's transaction (notifications/server/push-queue.ts). */
    queuePush: QueuePush;
    /** Queues a posted request's matching against the lead alerts (leads/server/lead-matching.ts). */
    queueLeadMatching: QueueLeadMatching;
    publicUrl: string;
    secureCookies: boolean;
  },
): ServerContext {
  const passwordCost = deps.passwordCost ?? PASSWORD_COST;
  const events = createEventBus();
  const ctx: ServerContext = {
    db: deps.db,
    signer: createSigner(deps.sessionSecret ?? randomBytes(32).toString('hex')),
    writeAudit: auditWriter(deps.db, made.log),
    recordAlert: made.recordAlert,
    queueMail: made.queueMail,
    events,
    publicUrl: made.publicUrl,
    supportEmail: deps.supportEmail ?? 'podpora@majstri.sk',
    supportLanguage: deps.supportLanguage ?? DEFAULT_LANGUAGE,
    secureCookies: made.secureCookies,
    storage: deps.storage ?? diskStorage(scratchDir()),
    passwordCost,
    passwords: passwordHasher(passwordCost, deps.hashQueue ?? createHashQueue()),
  };
  // The handlers of the domain events, in the change's transaction: what threads learn of bids,
  // a new request queued for matching against the lead alerts, the choices of
  // channels that
  // follow the old bid-mail switch, each change's mail, the in-app inbox, the push of each
  // notification its reader wants on their devices, and who hears of it on their open pages (the
  // live streams, on every instance).
  registerConversationHandlers(events);
  registerLeadHandlers(events, made.queueLeadMatching);
  registerPreferenceHandlers(events);
  registerMailHandlers(events, ctx);
  registerCompletionMailHandlers(events, ctx);
  registerRequestEndingMailHandlers(events, ctx);
  registerVerificationMailHandlers(events, ctx);
  registerInboxHandlers(events);
  registerCompletionHandlers(events);
  registerVerificationHandlers(events);
  registerInvitationHandlers(events, ctx);
  registerPushHandlers(events, made.queuePush);
  registerLiveHandlers(events);
  // A provider's figures follow their bids, first messages and finished jobs (issue 33).
  registerProviderStatsHandlers(events);
  deps.eventHandlers?.(events);
  return ctx;
}
