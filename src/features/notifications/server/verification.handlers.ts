import type { EventBus } from '../../../server/events/bus';
import { writeNotification } from './inbox.service';

/** The provider's own Verification section, where each check's state and reason are shown. */
const VERIFICATION_PAGE = '/profile#verification';

/**
 * The inbox (and so the bell, the live stream and push) of a provider's checks
 * (docs/verifications.md): an administrator's decision, a check lapsing in 30 days, a check
 * lapsed. Each tells the provider only; a rejection's reason is read in their profile.
 */
export function registerVerificationHandlers(events: EventBus) {
  events.on('verification.decided', async (tx, { payload }) => {
    await writeNotification(events, tx, {
      userId: payload.providerId,
      type: 'verification_decided',
      data: { kind: payload.kind, approved: payload.approved, expires_on: payload.expiresOn },
      link: VERIFICATION_PAGE,
    });
  });

  for (const name of ['verification.expiring', 'verification.expired'] as const) {
    events.on(name, async (tx, { payload }) => {
      await writeNotification(events, tx, {
        userId: payload.providerId,
        type: name === 'verification.expiring' ? 'verification_expiring' : 'verification_expired',
        data: { kind: payload.kind, expires_on: payload.expiresOn },
        link: VERIFICATION_PAGE,
      });
    });
  }
}
