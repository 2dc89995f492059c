import { ADMIN_ONLY, byState, type Expected } from './table';

/** The rows of the administration console: requests, users, audits, reports, cases. */
export const ADMIN_ROWS: Record<string, Expected> = {
  // Administration
  'GET /api/work-requests/admin/all': ADMIN_ONLY,
  'GET /api/work-requests/admin/:id': byState({ default: ADMIN_ONLY }),
  'GET /api/admin/bids': ADMIN_ONLY,
  'GET /api/admin/users': ADMIN_ONLY,
  'GET /api/admin/users/:role/:id': ADMIN_ONLY,
  'PUT /api/admin/users/:role/:id': ADMIN_ONLY,
  'PATCH /api/admin/users/:role/:id/status': ADMIN_ONLY,
  'DELETE /api/admin/users/:role/:id': ADMIN_ONLY,
  'POST /api/admin/users/:role/:id/unlock': ADMIN_ONLY,
  'GET /api/admin/audits': ADMIN_ONLY,
  'GET /api/admin/audits/export': ADMIN_ONLY,
  'GET /api/admin/alerts': ADMIN_ONLY,
  'GET /api/admin/metrics': ADMIN_ONLY,
  // Reported threads, as the console reads them (the ASSIGNED world's report).
  'GET /api/admin/reports': ADMIN_ONLY,
  'GET /api/admin/reports/:id': ADMIN_ONLY,
  'PATCH /api/admin/reports/:id/close': ADMIN_ONLY,
  // Disputed jobs, as the console reads and decides them (any state: a decided case is read, and
  // a decision about a request not disputed is a state refusal, 409 request_not_disputed).
  'GET /api/admin/cases': ADMIN_ONLY,
  'GET /api/admin/cases/:id': byState({ default: ADMIN_ONLY }),
  'POST /api/admin/cases/:id/decision': byState({ default: ADMIN_ONLY }),
};
