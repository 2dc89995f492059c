import { PNG } from '../../factories/files';
import type { Call } from './cell';
import { ADMIN_ONLY, PROVIDERS, row, type Expected } from './table';
import { fixtures } from './worlds';

/**
 * Checked business and insurance (docs/verifications.md): a provider's own documents and upload
 * (providers only), a document's file (its provider and administrators; to anyone else it does
 * not exist), and the console's queue and decisions (administrators).
 */
export const VERIFICATION_ROWS: Record<string, Expected> = {
  'GET /api/verifications/mine': row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  'POST /api/verifications': row(403, { visitor: 401, disabled: 401, ...PROVIDERS }),
  'GET /api/verifications/:id/document': row(404, {
    visitor: 401,
    disabled: 401,
    provider: 'ok',
    admin: 'ok',
  }),
  'GET /api/admin/verifications': ADMIN_ONLY,
  'GET /api/admin/verifications/:id': ADMIN_ONLY,
  // Once decided, a second decision is a state refusal (409 verification_already_decided).
  'POST /api/admin/verifications/:id/approve': ADMIN_ONLY,
  'POST /api/admin/verifications/:id/reject': ADMIN_ONLY,
};

const document = () => fixtures.verificationId;

export const VERIFICATION_CALLS: Record<string, Call> = {
  'POST /api/verifications': {
    form: () => {
      const form = new FormData();
      form.set('kind', 'trade_register');
      form.append('file', new File([new Uint8Array(PNG)], 'vypis.png', { type: 'image/png' }));
      return form;
    },
  },
  'GET /api/verifications/:id/document': { url: () => `/api/verifications/${document()}/document` },
  'GET /api/admin/verifications/:id': { url: () => `/api/admin/verifications/${document()}` },
  'POST /api/admin/verifications/:id/approve': {
    url: () => `/api/admin/verifications/${document()}/approve`,
    body: () => ({ expires_on: '2030-01-31' }),
  },
  'POST /api/admin/verifications/:id/reject': {
    url: () => `/api/admin/verifications/${document()}/reject`,
    body: () => ({ reason: 'unreadable', note: 'Certifikát je nečitateľný.' }),
  },
};
