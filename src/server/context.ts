import type { PasswordHasher } from '../features/accounts/server/hash-queue';
import type { ScryptCost } from '../features/accounts/server/password';
import type { WriteAudit } from './audit';
import type { Db } from './db/database';
import type { EventPublisher } from './events/bus';
import type { QueueMail } from './mail/mail-queue';
import type { RecordAlert } from './plugins/alerts';
import type { Signer } from './signed-token';
import type { FileStorage } from './storage/storage';
import type { Language } from '../shared/languages';

/** What every feature's routes and services are given: no globals, so tests build their own. */
export interface ServerContext {
  db: Db;
  signer: Signer;
  /** Queues a product mail in the caller's transaction (mail/notify.ts writes it). */
  queueMail: QueueMail;
  /**
   * Publishes a domain event in the caller's transaction (events/catalogue.ts); the handlers
   * registered at the composition root (mail, and what follows) run in it.
   */
  events: EventPublisher;
  writeAudit: WriteAudit;
  recordAlert: RecordAlert;
  /** Base of links in mail, e.g. https://majstri.sk */
  publicUrl: string;
  supportEmail: string;
  /** The language support reads its mail in (SUPPORT_LANGUAGE). */
  supportLanguage: Language;
  /** Cookies get the Secure flag (PUBLIC_URL is https). */
  secureCookies: boolean;
  storage: FileStorage;
  /** Work factor of new password hashes: PASSWORD_COST, cheaper only in tests. */
  passwordCost: ScryptCost;
  /** Hashes and checks passwords at `passwordCost`, a bounded number at a time. */
  passwords: PasswordHasher;
}
