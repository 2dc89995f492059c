import type { PushDeviceView } from '../push.schema';
import type { PushSubscriptionRow } from './push.repo';

/** A subscription as the person's list of devices shows it: never its endpoint or keys. */
export function presentPushDevice(row: PushSubscriptionRow): PushDeviceView {
  return {
    id: row.id,
    device: row.device,
    created_at: row.createdAt.toISOString(),
    last_pushed_at: row.lastPushedAt?.toISOString() ?? null,
    endpoint_origin: new URL(row.endpoint).origin,
  };
}
