import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../server/db/types';
import { QUEUES, type JobQueue } from '../../../server/jobs/job-queue';
import { findUserById } from '../../accounts/server';
import {
  deleteGoneSubscription,
  findNotificationToPush,
  findSubscription,
  listSubscriptionsOf,
  markPushed,
} from './push.repo';
import { PUSH_TTL_SECONDS, pushUrgencyOf } from './push.rules';
import type { PushSender } from './push-sender';
import { pushMessageOf, type PushMessage } from './push-texts';

/** A notification to push to its reader's devices (queue `push`). */
export interface NotificationToPush {
  notificationId: number;
  userId: string;
}

/** One push to one device, written out in its reader's language (queue `push-delivery`). */
export interface PushDelivery {
  notificationId: number;
  userId: string;
  subscriptionId: string;
  message: PushMessage;
  urgency: 'high' | 'normal';
}

/** Puts a notification's push in the queue through the caller's transaction. */
export type QueuePush = (tx: Db | Tx, job: NotificationToPush) => Promise<void>;

export interface PushRetry {
  /** Attempts of one device's push after the first. */
  limit: number;
  /** Wait before the first retry, doubled for each next one. */
  delaySeconds: number;
}

/** 30 s, 1, 2, 4 and 8 min: about a quarter of an hour, well within the push's day of TTL. */
export const DEFAULT_PUSH_RETRY: PushRetry = { limit: 5, delaySeconds: 30 };

export function pushQueue(queue: JobQueue): QueuePush {
  return (tx, job) =>
    queue.send(tx, QUEUES.push, job, {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 60,
    });
}

/**
 * The same id for the same push to the same device, so that a notification's fan-out run twice
 * (its job tried again after it had queued some) queues each device's push once.
 */
function deliveryJobId(notificationId: number, subscriptionId: string): string {
  const hex = createHash('sha256').update(`push:${notificationId}:${subscriptionId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Every instance sends push (docs/notifications.md "Push"). A notification's job writes the push
 * in its reader's language at the moment it runs and queues one delivery per device, so that a
 * device whose push service fails is tried again alone, a bounded number of times; a device the
 * push service says is gone (404, 410) is deleted. Nothing is sent for a notification that is
 * gone, to an account that is not active, or to a device that moved to another account.
 */
export async function startPushWorkers(
  queue: JobQueue,
  deps: { db: Db; sender: PushSender; retry: PushRetry; log: FastifyBaseLogger },
): Promise<void> {
  const { db, sender, retry, log } = deps;

  await queue.work<NotificationToPush>(QUEUES.push, async (job) => {
    const { notificationId, userId } = job.data;
    const notification = await findNotificationToPush(db, notificationId);
    if (!notification || notification.userId !== userId) return;
    const reader = await findUserById(db, userId);
    if (!reader || reader.accountStatus !== 'active') return;
    const message = pushMessageOf(notification, reader.preferredLanguage);
    if (!message) return;
    const devices = await listSubscriptionsOf(db, userId);
    await db.transaction(async (tx) => {
      for (const device of devices) {
        const delivery: PushDelivery = {
          notificationId,
          userId,
          subscriptionId: device.id,
          message,
          urgency: pushUrgencyOf(notification.type),
        };
        await queue.send(tx, QUEUES.pushDelivery, delivery, {
          id: deliveryJobId(notificationId, device.id),
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: true,
          expireInSeconds: 120,
        });
      }
    });
  });

  await queue.work<PushDelivery>(QUEUES.pushDelivery, async (job) => {
    const { subscriptionId, userId, notificationId, message, urgency } = job.data;
    const device = await findSubscription(db, subscriptionId);
    // Turned off meanwhile, or the browser now belongs to someone else: not theirs to see.
    if (!device || device.userId !== userId) return;
    let outcome;
    try {
      outcome = await sender.send(device, message, {
        ttl: PUSH_TTL_SECONDS,
        urgency,
        topic: `n${notificationId}`,
      });
    } catch (err) {
      log.warn(
        { err, job: job.id, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 },
        'push could not be delivered; the queue tries again',
      );
      throw err;
    }
    switch (outcome.kind) {
      case 'sent':
        await markPushed(db, device.id, new Date());
        return;
      case 'gone':
      case 'refused':
        log.info({ subscription: device.id, outcome }, 'push subscription removed');
        await deleteGoneSubscription(db, device.id, device.endpoint);
        return;
      case 'blocked':
      case 'rejected':
        log.warn({ subscription: device.id, outcome }, 'push not delivered');
        return;
    }
  });
}
