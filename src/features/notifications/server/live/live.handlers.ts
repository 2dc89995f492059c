import type { EventBus } from '../../../../server/events/bus';
import { CHANGE_EVENTS, LIVE_AUDIENCE, type ChangeEvent } from './live.policy';
import { readRequestParties } from './live.repo';
import { sendLiveSignal } from './live-signal';
import { threadsOfRequest } from '../../../conversations/server';

/** Signals the `changed` events of one domain event to the people live.policy.ts names. */
function tellOf<Name extends ChangeEvent>(events: EventBus, name: Name) {
  events.on(name, async (tx, { payload }) => {
    const parties = await readRequestParties(tx, payload.workRequestId);
    for (const { to, change } of LIVE_AUDIENCE[name](payload, parties)) {
      await sendLiveSignal(tx, { users: to, change });
    }
    // The request's threads may have become read-only (hired elsewhere, cancelled, withdrawn).
    for (const thread of await threadsOfRequest(tx, payload.workRequestId)) {
      await sendLiveSignal(tx, {
        users: [thread.clientId, thread.providerId],
        change: { kind: 'conversation', id: thread.id },
      });
    }
  });
}

/**
 * The live streams as handlers of the domain events: each change signals, in its own transaction,
 * whom it concerns (PostgreSQL delivers it on commit, to every instance). A new notification goes
 * to its reader; a change to a request or a bid to the people whose pages show it.
 */
export function registerLiveHandlers(events: EventBus) {
  events.on('notification.created', async (tx, { payload }) => {
    await sendLiveSignal(tx, { users: [payload.userId], notificationId: payload.notificationId });
  });
  for (const name of CHANGE_EVENTS) tellOf(events, name);
  // A thread changed (a message, a read, a block): both of its people refetch it.
  const thread = (conversationId: string, users: string[]) =>
    ({ users, change: { kind: 'conversation', id: conversationId } }) as const;
  events.on('message.sent', async (tx, { payload: p }) => {
    await sendLiveSignal(tx, thread(p.conversationId, [p.senderId, p.recipientId]));
  });
  events.on('conversation.read', async (tx, { payload: p }) => {
    await sendLiveSignal(tx, thread(p.conversationId, [p.readerId, p.otherId]));
  });
  events.on('conversation.blocked', async (tx, { payload: p }) => {
    await sendLiveSignal(tx, thread(p.conversationId, [p.blockerId, p.blockedId]));
  });
}
