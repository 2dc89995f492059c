import { isAdministratorOrSelf, type Actor } from '../../../shared/actor';

/** Only a provider has checks of their business to upload and follow. Answers a refusal or null. */
export function uploadRefusal(actor: Actor) {
  return actor.role === 'provider' ? null : ('provider_only' as const);
}

/**
 * A document is private: its provider and administrators open it; to anyone else it does not
 * exist (the same 404 as a document that does not).
 */
export const canOpenDocument = (actor: Actor, document: { providerId: string }) =>
  isAdministratorOrSelf(actor, document.providerId);

/** Only an administrator decides about a document (the console's guard asks first). */
export const canDecide = (actor: Actor) => actor.role === 'administrator';
