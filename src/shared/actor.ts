import type { Role } from './statuses';

/** Who is acting, as every rule and policy sees them: an id and a role, nothing from HTTP. */
export interface Actor {
  id: string;
  role: Role;
}

/**
 * An administrator, or the person the id names (their own account, profile, bids, or the client
 * of their own request). The one copy of this question; policies and rules ask it.
 */
export function isAdministratorOrSelf(actor: Actor | undefined, userId: string): boolean {
  return actor !== undefined && (actor.role === 'administrator' || actor.id === userId);
}
