import type { EventBus } from '../../../server/events/bus';
import { notify } from '../../../server/mail/notify';
import { writeNotification } from './inbox.service';
import { reader, requestLink, type MailContext } from './mail-recipients';

/**
 * A client's invitation to bid (docs/invitations.md), as handlers of `request.invited` in the
 * invitation's transaction: the provider's inbox (and so the bell, the live stream and push, by
 * their choices) and their mail if they kept it on. Both lead to the request's page; neither names
 * the client, whose name and contact follow a hire.
 */
export function registerInvitationHandlers(events: EventBus, ctx: MailContext) {
  events.on('request.invited', async (tx, { payload }) => {
    await writeNotification(events, tx, {
      userId: payload.providerId,
      type: 'invited_to_bid',
      data: { work_request_id: payload.workRequestId, title: payload.title },
      link: `/request/${payload.workRequestId}`,
      workRequestId: payload.workRequestId,
    });
    const found = await reader(ctx, tx, payload.providerId, 'invited_to_bid');
    if (!found) return;
    const values = {
      name: found.user.name,
      title: payload.title,
      link: requestLink(ctx, payload.workRequestId),
    };
    await notify(ctx, tx, found.user, 'invitedToBid', values, found.options);
  });
}
