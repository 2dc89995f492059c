import {
  row,
  ANYONE,
  PROVIDER_PAGE,
  PROVIDERS,
  REQUEST_DETAILS,
  byState,
  type Expected,
} from './table';

const OWN_GALLERY = row(403, { visitor: 401, disabled: 401, ...PROVIDERS });
const WINNERS_PHOTO = row(403, {
  visitor: 401,
  disabled: 401,
  provider: 404,
  bidder: 404,
  loser: 404,
  winner: 'ok',
});

/** The rows of providers' pages, reviews and the trust summary. */
export const PROVIDER_ROWS: Record<string, Expected> = {
  // Providers, reviews, trust summary
  // A provider's page (here the winner's): anyone but other providers.
  'GET /api/providers/:id': PROVIDER_PAGE,
  'GET /api/users/profile-picture/provider/:id': ANYONE,
  'GET /api/providers/:id/reviews': PROVIDER_PAGE,
  // The client who hired the provider (the winner) on this request; before a hire, nobody.
  'POST /api/providers/:id/reviews': byState({
    default: row(403, { visitor: 401, disabled: 401 }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, owner: 'ok' }),
  }),
  'POST /api/providers/:id/trust-summary': { ...PROVIDER_PAGE, visitor: 401, disabled: 401 },
  // A client's rating: providers and administrators who may open the request (REQUEST_DETAILS);
  // clients, its own client too, are refused (docs/reviews.md).
  'GET /api/work-requests/:id/client-rating': {
    ...REQUEST_DETAILS,
    OPEN: row(403, { visitor: 401, disabled: 401, ...PROVIDERS, admin: 'ok' }),
    ASSIGNED: { ...REQUEST_DETAILS.ASSIGNED, owner: 403 },
    DONE: { ...REQUEST_DETAILS.DONE, owner: 403 },
    DISPUTED: { ...REQUEST_DETAILS.DISPUTED, owner: 403 },
    COMPLETED: { ...REQUEST_DETAILS.COMPLETED, owner: 403 },
    CANCELLED: { ...REQUEST_DETAILS.CANCELLED, owner: 403 },
    EXPIRED: { ...REQUEST_DETAILS.EXPIRED, owner: 403 },
  },
  // The hired provider (the winner), once hired; before completion a state refusal (409).
  'POST /api/work-requests/:id/client-review': byState({
    default: row(403, { visitor: 401, disabled: 401 }),
    ASSIGNED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DONE: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    DISPUTED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
    COMPLETED: row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
  }),
  // The reviewed provider (here the winner) answers a review of themselves; once answered, a
  // second answer is a state refusal (409 answer_exists), as is an edit before any answer.
  'POST /api/reviews/:id/answer': row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
  'PUT /api/reviews/:id/answer': row(403, { visitor: 401, disabled: 401, winner: 'ok' }),
  // Photos of past work (docs/work-photos.md): each provider their own gallery; clients and
  // administrators are refused (provider_only). A photo is the winner's: other providers are
  // told it does not exist. An order naming someone else's photos is a 400 of its own (ok).
  'GET /api/providers/me/work-photos': OWN_GALLERY,
  'POST /api/providers/me/work-photos': OWN_GALLERY,
  'PUT /api/providers/me/work-photos/order': OWN_GALLERY,
  'PATCH /api/providers/me/work-photos/:id': WINNERS_PHOTO,
  'DELETE /api/providers/me/work-photos/:id': WINNERS_PHOTO,
  'GET /api/providers/:id/work-photos/:photoId': ANYONE,
};
