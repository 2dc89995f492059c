import type { Actor } from '../../../shared/actor';

/**
 * Who may keep lead alerts: a provider, for their own alerts only (the routes act on the caller).
 * A client or an administrator is told `provider_only`, as every provider's action answers them.
 */
export const leadAlertsRefusal = (actor: Actor): 'provider_only' | null =>
  actor.role === 'provider' ? null : 'provider_only';
