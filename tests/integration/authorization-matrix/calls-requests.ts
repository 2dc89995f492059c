import { bidBody, formOf, request, type Call } from './cell';
import { PNG } from '../../factories/files';
import { fixtures, people, worlds } from './worlds';

/** How the routes of requests, bids, providers, reviews and administration are called. */
export const REQUEST_CALLS: Record<string, Call> = {
  'POST /api/work-requests': {
    form: () => {
      const form = new FormData();
      form.set('title', 'Výmena batérie v kúpeľni');
      form.set('category', 'plumbing');
      form.set('description', 'Treba vymeniť starú batériu za novú, batériu mám kúpenú.');
      form.set('location', 'Trnava');
      return form;
    },
  },
  'GET /api/work-requests/:id': { url: (cell) => `/api/work-requests/${request(cell)}` },
  'DELETE /api/work-requests/:id': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}`,
  },
  'GET /api/work-requests/:id/attachments/:attachmentId/download': {
    url: (cell) =>
      `/api/work-requests/${request(cell)}/attachments/${cell.world!.attachmentId}/download`,
  },
  'GET /api/work-requests/:id/attachments/:attachmentId/thumbnail': {
    url: (cell) =>
      `/api/work-requests/${request(cell)}/attachments/${cell.world!.attachmentId}/thumbnail`,
  },
  'PATCH /api/work-requests/:id/complete': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/complete`,
  },
  'PATCH /api/work-requests/:id/cancel': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/cancel`,
  },
  'PATCH /api/work-requests/:id/extend': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/extend`,
    body: () => ({ days: 3 }),
  },
  'POST /api/work-requests/:id/done': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/done`,
    form: () => formOf({ note: 'Hotovo, tesnenie vymenené.' }),
  },
  'POST /api/work-requests/:id/problem': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/problem`,
    form: () => formOf({ reason: 'poor_quality', text: 'Z batérie stále kvapká voda.' }),
  },
  'GET /api/work-requests/:id/completion': {
    url: (cell) => `/api/work-requests/${request(cell)}/completion`,
  },
  'GET /api/work-requests/:id/completion-files/:fileId': {
    url: (cell) =>
      `/api/work-requests/${request(cell)}/completion-files/${cell.world!.completionFileId}`,
  },
  'GET /api/admin/cases/:id': { url: (cell) => `/api/admin/cases/${request(cell)}` },
  'POST /api/admin/cases/:id/decision': {
    fresh: 'request',
    url: (cell) => `/api/admin/cases/${request(cell)}/decision`,
    body: () => ({ outcome: 'complete', note: 'Fotografie ukazujú hotovú prácu.' }),
  },
  'POST /api/bids': {
    fresh: 'request',
    body: (cell) => ({ work_request_id: request(cell), ...bidBody }),
  },
  'GET /api/bids/work-request/:id': { url: (cell) => `/api/bids/work-request/${request(cell)}` },
  'GET /api/bids/provider/:id': { url: () => `/api/bids/provider/${people.winner.id}` },
  'PATCH /api/bids/:id/accept': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/accept`,
  },
  'PUT /api/bids/:id': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}`,
    body: () => bidBody,
  },
  'DELETE /api/bids/:id': { fresh: 'request', url: (cell) => `/api/bids/${cell.world!.bidId}` },
  'GET /api/bids/:id/revisions': { url: (cell) => `/api/bids/${cell.world!.bidId}/revisions` },
  'POST /api/bids/:id/price-request': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/price-request`,
  },
  'POST /api/bids/:id/price-proposal': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/price-proposal`,
    body: () => ({ amount: 150, note: 'Viac materiálu, než sme čakali.' }),
  },
  'PATCH /api/bids/:id/price-proposal': {
    fresh: 'request',
    url: (cell) => `/api/bids/${cell.world!.bidId}/price-proposal`,
    body: () => ({ answer: 'decline' }),
  },
  'GET /api/providers/:id': { url: () => `/api/providers/${people.winner.id}` },
  'GET /api/users/profile-picture/provider/:id': {
    url: () => `/api/users/profile-picture/provider/${people.winner.id}`,
  },
  'GET /api/providers/:id/work-photos/:photoId': {
    url: () => `/api/providers/${people.winner.id}/work-photos/${fixtures.winnersPhotoId}`,
  },
  'POST /api/providers/me/work-photos': {
    form: () => {
      const form = new FormData();
      form.set('caption', 'Nová kúpeľňa');
      form.set('photo', new File([new Uint8Array(PNG)], 'praca.png', { type: 'image/png' }));
      return form;
    },
  },
  'PATCH /api/providers/me/work-photos/:id': {
    url: () => `/api/providers/me/work-photos/${fixtures.winnersPhotoId}`,
    body: () => ({ caption: 'Kúpeľňa po rekonštrukcii' }),
  },
  'DELETE /api/providers/me/work-photos/:id': {
    url: () => `/api/providers/me/work-photos/${fixtures.winnersSparePhotoId}`,
  },
  // The caller's own photos as they stand (none for anyone but a provider).
  'PUT /api/providers/me/work-photos/order': {
    body: async (cell) => {
      const own = await cell.agent.get('/api/providers/me/work-photos');
      const photos = own.statusCode === 200 ? (own.json().work_photos as { id: string }[]) : [];
      return { ids: photos.map((photo) => photo.id).reverse() };
    },
  },
  'GET /api/providers/:id/reviews': { url: () => `/api/providers/${people.winner.id}/reviews` },
  'POST /api/providers/:id/reviews': {
    fresh: 'request',
    url: () => `/api/providers/${people.winner.id}/reviews`,
    body: (cell) => ({ work_request_id: request(cell), rating: 5, comment: 'Rýchlo a čisto.' }),
  },
  'GET /api/work-requests/:id/client-rating': {
    url: (cell) => `/api/work-requests/${request(cell)}/client-rating`,
  },
  'POST /api/work-requests/:id/client-review': {
    fresh: 'request',
    url: (cell) => `/api/work-requests/${request(cell)}/client-review`,
    body: () => ({ rating: 4, comment: 'Platba načas.' }),
  },
  'POST /api/reviews/:id/answer': {
    url: () => `/api/reviews/${fixtures.winnersReviewId}/answer`,
    body: () => ({ text: 'Ďakujem za hodnotenie.' }),
  },
  'PUT /api/reviews/:id/answer': {
    url: () => `/api/reviews/${fixtures.winnersReviewId}/answer`,
    body: () => ({ text: 'Ďakujem za hodnotenie, opravené.' }),
  },
  'POST /api/providers/:id/trust-summary': {
    url: () => `/api/providers/${people.winner.id}/trust-summary`,
    body: () => ({ language: 'sk' }),
  },
  'GET /api/work-requests/admin/:id': {
    url: (cell) => `/api/work-requests/admin/${request(cell)}`,
  },
  'GET /api/admin/users/:role/:id': {
    url: (cell) => `/api/admin/users/provider/${cell.target.id}`,
  },
  'PUT /api/admin/users/:role/:id': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}`,
    body: () => ({
      name: 'Upravený Majster',
      contact_email: 'kontakt@example.test',
      hourly_rate: 20,
      experience_years: 3,
      credits: 0,
    }),
  },
  'PATCH /api/admin/users/:role/:id/status': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}/status`,
    body: () => ({ account_status: 'disabled' }),
  },
  'DELETE /api/admin/users/:role/:id': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}`,
    body: () => ({ reason: 'Falošný účet' }),
  },
  'POST /api/admin/users/:role/:id/unlock': {
    fresh: 'target',
    url: (cell) => `/api/admin/users/provider/${cell.target.id}/unlock`,
  },
  'GET /api/admin/bids': { url: () => `/api/admin/bids?work_request_id=${worlds.OPEN.requestId}` },
  'GET /api/admin/users': { url: () => '/api/admin/users?user_type=provider' },
  'GET /api/admin/audits/export': { url: () => '/api/admin/audits/export?format=csv' },
};
