import type { Call } from './cell';
import { request } from './cell';
import { byState, row, type Expected } from './table';
import { people } from './worlds';

/**
 * Inviting a provider to bid and favourite providers (docs/invitations.md): the rows and how each
 * route is called. A signed-in client only; a provider or an administrator is refused (403
 * `client_only`).
 */
const CLIENTS = row(403, {
  visitor: 401,
  disabled: 401,
  owner: 'ok',
  otherClient: 'ok',
  unverified: 'ok',
});

export const INVITATION_ROWS: Record<string, Expected> = {
  'GET /api/providers/:id/invitable-requests': CLIENTS,
  // The request's own client (in a state that takes no invitations: 409 request_not_open). Another
  // client is refused while it is OPEN and told it does not exist once it is not.
  'POST /api/providers/:id/invitations': byState({
    OPEN: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    default: row(403, {
      visitor: 401,
      disabled: 401,
      owner: 'ok',
      otherClient: 404,
      unverified: 404,
    }),
  }),
  'GET /api/me/favourites': CLIENTS,
  'PUT /api/me/favourites/:providerId': CLIENTS,
  'DELETE /api/me/favourites/:providerId': CLIENTS,
};

export const INVITATION_CALLS: Record<string, Call> = {
  'GET /api/providers/:id/invitable-requests': {
    url: () => `/api/providers/${people.winner.id}/invitable-requests`,
  },
  'POST /api/providers/:id/invitations': {
    url: () => `/api/providers/${people.winner.id}/invitations`,
    body: (cell) => ({ work_request_id: request(cell) }),
  },
  'PUT /api/me/favourites/:providerId': {
    url: () => `/api/me/favourites/${people.winner.id}`,
  },
  'DELETE /api/me/favourites/:providerId': {
    url: () => `/api/me/favourites/${people.winner.id}`,
  },
};
