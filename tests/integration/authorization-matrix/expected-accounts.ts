import { row, ANYONE, SIGNED_IN, PROVIDERS, type Expected } from './table';

/** The rows of the system routes, accounts, push and notifications. */
export const ACCOUNT_ROWS: Record<string, Expected> = {
  // System
  'GET /api/health': ANYONE,
  'GET /api/ready': ANYONE,
  'GET /api/version': ANYONE,
  'GET /api/config': ANYONE,
  'POST /api/csp-report': ANYONE,
  'GET /api/challenge': ANYONE,
  // Accounts
  'POST /api/auth/register/client': ANYONE,
  'POST /api/auth/register/provider': ANYONE,
  'GET /api/auth/verify-email': ANYONE,
  'POST /api/auth/resend-verification': ANYONE,
  'POST /api/auth/login': ANYONE,
  'GET /api/auth/session': SIGNED_IN,
  'POST /api/auth/logout': ANYONE,
  // Only a browser holding the re-enable cookie a disabled account's sign-in sets; none here.
  'POST /api/users/enable': row(403),
  'GET /api/auth/google': ANYONE,
  'GET /api/auth/google/callback': ANYONE,
  'POST /api/auth/google/complete-registration': ANYONE,
  'POST /api/password-reset/request-reset': ANYONE,
  'GET /api/password-reset/verify-token/:token': ANYONE,
  'POST /api/password-reset/reset-password': ANYONE,
  // The code owed after a password or Google; without the challenge cookie, a state refusal.
  'POST /api/auth/second-factor': ANYONE,
  'GET /api/users/two-factor': SIGNED_IN,
  // One's own signed-in devices; a session id that is not one's own is not found.
  'GET /api/users/sessions': SIGNED_IN,
  'DELETE /api/users/sessions/:id': row(404, { visitor: 401, disabled: 401 }),
  'POST /api/users/sessions/sign-out-others': SIGNED_IN,
  'POST /api/users/two-factor/enrolment': SIGNED_IN,
  'POST /api/users/two-factor/enrolment/confirm': SIGNED_IN,
  'POST /api/users/two-factor/recovery-codes': SIGNED_IN,
  'POST /api/users/two-factor/disable': SIGNED_IN,
  'GET /api/users/profile': SIGNED_IN,
  // Clients and providers have a profile form; administrators do not.
  'PUT /api/users/profile': row('ok', { visitor: 401, disabled: 401, admin: 403 }),
  'PUT /api/users/password': SIGNED_IN,
  'PUT /api/users/language': SIGNED_IN,
  'PUT /api/users/notifications': SIGNED_IN,
  'PATCH /api/users/disable': SIGNED_IN,
  'DELETE /api/users/account': SIGNED_IN,
  'POST /api/contact': ANYONE,
  // Push: the server's key for anyone; one's own devices (another's device id is not found).
  'GET /api/push/key': ANYONE,
  'POST /api/push/subscriptions': SIGNED_IN,
  'DELETE /api/push/subscriptions': SIGNED_IN,
  'GET /api/push/subscriptions': SIGNED_IN,
  'DELETE /api/push/subscriptions/:id': row(404, { visitor: 401, disabled: 401 }),
  // Notifications: one's own inbox and channel choices.
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'GET /api/users/notification-preferences': SIGNED_IN,
  'PUT /api/users/notification-preferences': SIGNED_IN,
  // Lead alerts: one's own, providers only (anyone else signed in: 403 provider_only).
  'GET /api/users/lead-alerts': row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  'PUT /api/users/lead-alerts': row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  // The mail's unsubscribe link needs no session: the signed token is the proof (here a bad one,
  // a state refusal: 400 invalid_token).
  'GET /api/notifications/unsubscribe': ANYONE,
  'POST /api/notifications/unsubscribe': ANYONE,
  // Notifications: one's own live stream (read up to its first event, tests/support/inject-head.ts).
  'GET /api/live': SIGNED_IN,
};
