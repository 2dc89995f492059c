import type { Language } from '../../../shared/languages';
import type { ServerContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../shared/actor';
import type { Category } from '../../../shared/categories';
import type { AdminRequestStatusFilter } from '../admin.schema';
import { readRequestFacts, requestDetailFor } from '../../requests/server';
import { isAdministrator } from './admin.policy';
import { bidsOfRequest, contactsOf, listAllRequests } from './admin-requests.repo';
import { presentBid, presentContact } from './admin-requests.presenter';

function assertAdministrator(actor: Actor) {
  if (!isAdministrator(actor)) {
    throw new AppError('insufficient_permissions', 'Insufficient permissions.');
  }
}

/** Every request, in any state, for the console's requests tab. */
export async function listRequestsForAdministrator(
  ctx: ServerContext,
  actor: Actor,
  query: {
    query?: string | undefined;
    status?: AdminRequestStatusFilter | undefined;
    category?: Category | undefined;
    page: number;
    limit: number;
  },
) {
  assertAdministrator(actor);
  return listAllRequests(ctx.db, query);
}

/**
 * One request as administrators see it: the detail every viewer gets, with the contacts of its
 * client and of the provider it was given to (while hired), whatever its state.
 */
export async function requestForAdministrator(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  language: Language,
) {
  assertAdministrator(actor);
  const detail = await requestDetailFor(ctx, actor, id, language);
  const providerId = detail.accepted_provider_id;
  const contacts = await contactsOf(ctx.db, [
    detail.client_id,
    ...(providerId ? [providerId] : []),
  ]);
  return {
    ...detail,
    client: presentContact(contacts.get(detail.client_id)),
    provider: providerId ? presentContact(contacts.get(providerId)) : null,
  };
}

/** Every bid of a request with its provider's name and contact (404 for an unknown request). */
export async function bidsForAdministrator(
  ctx: ServerContext,
  actor: Actor,
  workRequestId: string,
) {
  assertAdministrator(actor);
  await readRequestFacts(ctx.db, workRequestId);
  const rows = await bidsOfRequest(ctx.db, workRequestId);
  const contacts = await contactsOf(ctx.db, [...new Set(rows.map((row) => row.providerId))]);
  return rows.flatMap((row) => {
    const provider = presentContact(contacts.get(row.providerId));
    return provider ? [presentBid(row, provider)] : [];
  });
}
