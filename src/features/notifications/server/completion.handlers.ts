import type { Db, Tx } from '../../../server/db/types';
import type { EventBus } from '../../../server/events/bus';
import { findUserById } from '../../accounts/server';
import { writeNotification } from './inbox.service';

const requestPage = (workRequestId: string) => `/request/${workRequestId}`;

/**
 * The inbox (and so the bell, the live stream and push) of how a hired job ends (docs/requests.md
 * "Completion"), as handlers of the requests feature's events, in the change's transaction. Each
 * tells the two sides of the hire only: never another bidder, never a contact detail.
 */
export function registerCompletionHandlers(events: EventBus) {
  const about = (request: { workRequestId: string; title: string }) => ({
    link: requestPage(request.workRequestId),
    workRequestId: request.workRequestId,
  });
  const bothSides = (payload: { clientId: string; providerId: string }) => [
    payload.clientId,
    payload.providerId,
  ];

  events.on('request.marked_done', async (tx: Db | Tx, { payload }) => {
    await writeNotification(events, tx, {
      userId: payload.clientId,
      type: 'job_marked_done',
      data: {
        work_request_id: payload.workRequestId,
        title: payload.title,
        provider_name: (await findUserById(tx, payload.providerId))?.name ?? '',
      },
      ...about(payload),
    });
  });

  // The client confirmed: the provider is told. By itself: both are. An administrator's
  // completion is told as the decision of the case (below).
  events.on('request.completed', async (tx, { payload }) => {
    if (payload.by === 'administrator') return;
    const readers = payload.by === 'auto' ? bothSides(payload) : [payload.providerId];
    for (const userId of readers) {
      await writeNotification(events, tx, {
        userId,
        type: 'job_completed',
        data: {
          work_request_id: payload.workRequestId,
          title: payload.title,
          automatic: payload.by === 'auto',
        },
        ...about(payload),
      });
    }
  });

  events.on('request.completion_due', async (tx, { payload }) => {
    for (const userId of bothSides(payload)) {
      await writeNotification(events, tx, {
        userId,
        type: 'completion_due',
        data: { work_request_id: payload.workRequestId, title: payload.title },
        ...about(payload),
      });
    }
  });

  events.on('request.disputed', async (tx, { payload }) => {
    await writeNotification(events, tx, {
      userId: payload.providerId,
      type: 'problem_reported',
      data: { work_request_id: payload.workRequestId, title: payload.title },
      ...about(payload),
    });
  });

  events.on('request.dispute_resolved', async (tx, { payload }) => {
    for (const userId of bothSides(payload)) {
      await writeNotification(events, tx, {
        userId,
        type: 'case_decided',
        data: {
          work_request_id: payload.workRequestId,
          title: payload.title,
          outcome: payload.outcome,
        },
        ...about(payload),
      });
    }
    // Reopened for bids: the providers whose bids are pending again are told, as when a hired
    // provider leaves.
    for (const userId of payload.reopenedProviderIds) {
      await writeNotification(events, tx, {
        userId,
        type: 'request_reopened',
        data: { work_request_id: payload.workRequestId, title: payload.title },
        ...about(payload),
      });
    }
  });
}
