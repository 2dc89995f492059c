import { TEST_PASSWORD } from '../../factories';
import {
  browserPushKeys,
  NEW_PASSWORD,
  newEmail,
  nextNumber,
  withChallenge,
  type Call,
} from './cell';
import { people, PUBLIC_URL } from './worlds';

/** How the routes of the system, accounts, push and notifications are called. */
export const ACCOUNT_CALLS: Record<string, Call> = {
  'POST /api/csp-report': {
    body: () => ({ 'csp-report': { 'document-uri': `${PUBLIC_URL}/`, 'blocked-uri': 'inline' } }),
  },
  'POST /api/auth/register/client': {
    fresh: 'actor',
    body: (cell) =>
      withChallenge(cell, { name: 'Nová Klientka', email: newEmail(), password: TEST_PASSWORD }),
  },
  'POST /api/auth/register/provider': {
    fresh: 'actor',
    body: (cell) =>
      withChallenge(cell, {
        name: 'Nový Majster',
        email: newEmail(),
        password: TEST_PASSWORD,
        phone_number: '+421 900 555 666',
      }),
  },
  'GET /api/auth/verify-email': {
    url: () => '/api/auth/verify-email?token=abc&email=nobody%40example.test',
  },
  'POST /api/auth/resend-verification': { body: () => ({ email: 'nobody@example.test' }) },
  'POST /api/auth/login': {
    // Signing in replaces the browser's session: each cell signs in from a throwaway one.
    fresh: 'actor',
    body: () => ({ email: people.otherClient.email, password: TEST_PASSWORD }),
  },
  'POST /api/auth/logout': { fresh: 'actor' },
  'GET /api/auth/google/callback': { url: () => '/api/auth/google/callback?code=abc&state=def' },
  'POST /api/auth/google/complete-registration': {
    fresh: 'actor',
    body: () => ({ token: 'abc', role: 'client' }),
  },
  'POST /api/password-reset/request-reset': { body: () => ({ email: 'nobody@example.test' }) },
  'GET /api/password-reset/verify-token/:token': {
    url: () => '/api/password-reset/verify-token/abc',
  },
  'POST /api/password-reset/reset-password': {
    body: () => ({ token: 'abc', new_password: NEW_PASSWORD }),
  },
  'PUT /api/users/profile': {
    form: (cell) => {
      const form = new FormData();
      form.set('name', 'Zmenené Meno');
      if (['provider', 'bidder', 'winner', 'loser'].includes(cell.actor)) {
        form.set('contact_email', 'kontakt@example.test');
        form.set('service_category', 'plumbing');
      }
      return form;
    },
  },
  'PUT /api/users/password': {
    fresh: 'actor',
    body: () => ({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
  },
  'POST /api/auth/second-factor': { body: () => ({ code: '123456' }) },
  'DELETE /api/users/sessions/:id': {
    url: () => '/api/users/sessions/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/users/sessions/sign-out-others': { fresh: 'actor' },
  'POST /api/users/two-factor/enrolment': {
    fresh: 'actor',
    body: () => ({ password: TEST_PASSWORD }),
  },
  'POST /api/users/two-factor/enrolment/confirm': { body: () => ({ code: '123456' }) },
  'POST /api/users/two-factor/recovery-codes': { body: () => ({ code: '123456' }) },
  'POST /api/users/two-factor/disable': { body: () => ({ code: '123456' }) },
  'PUT /api/users/language': { body: () => ({ preferred_language: 'sk' }) },
  'PUT /api/users/notifications': { body: () => ({ bid_emails: true }) },
  'POST /api/notifications/read': { body: () => ({ all: true }) },
  'PUT /api/users/notification-preferences': {
    body: () => ({ preferences: { bid_received: { email: true, push: true } } }),
  },
  'PUT /api/users/lead-alerts': {
    body: () => ({
      alerts: [
        {
          categories: ['plumbing'],
          place_id: 723819,
          radius_km: 30,
          words: ['bojler'],
          frequency: 'instant',
        },
      ],
    }),
  },
  'GET /api/notifications/unsubscribe': { url: () => '/api/notifications/unsubscribe?token=abc' },
  'GET /api/places': { url: () => '/api/places?q=kosice' },
  'GET /api/providers': { url: () => '/api/providers?near=723819&radius_km=40&sort=rating' },
  'POST /api/notifications/unsubscribe': {
    url: () => '/api/notifications/unsubscribe?token=abc',
  },
  'PATCH /api/users/disable': { fresh: 'actor' },
  'DELETE /api/users/account': { fresh: 'actor' },
  'POST /api/contact': {
    body: (cell) =>
      withChallenge(cell, {
        name: 'Ján Pýtajúci',
        email: 'jan@example.test',
        subject: 'Otázka k službe',
        message: 'Dobrý deň, ako funguje hodnotenie majstrov?',
      }),
  },
  'POST /api/push/subscriptions': {
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${nextNumber()}`,
      keys: browserPushKeys(),
    }),
  },
  'DELETE /api/push/subscriptions': {
    body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-gone' }),
  },
  'DELETE /api/push/subscriptions/:id': {
    url: () => '/api/push/subscriptions/00000000-0000-4000-8000-000000000000',
  },
};
