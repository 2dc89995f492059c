import type { ServerContext } from '../../../server/context';
import type { AlertType } from '../../../shared/statuses';
import { countAlertsSince, findAlerts } from './alerts.repo';
import { lastSixtySeconds, type MinuteCounts, type ResponseCounts } from './metrics';

export function listAlerts(
  ctx: Pick<ServerContext, 'db'>,
  type: AlertType | undefined,
  page: number,
  limit: number,
) {
  return findAlerts(ctx.db, type, page, limit);
}

export interface MetricsSnapshot {
  last1m: { '4xx': number; '5xx': number };
  last10m: { lockouts: number; email: number };
  /** Sixty minutes, oldest first, the current minute last. */
  perMinute: MinuteCounts[];
}

/**
 * The alert counters (accounts spec §3 "Alert snapshot", §9): error answers of the last minute
 * from the response counts (every instance's, with Redis), lockouts and mail failures of the
 * last ten minutes from the alerts table; and the last hour minute by minute.
 */
export async function metricsSnapshot(
  ctx: Pick<ServerContext, 'db'>,
  counts: ResponseCounts,
  now = new Date(),
): Promise<MetricsSnapshot> {
  const [perMinute, recent] = await Promise.all([
    counts.lastMinutes(now, 60),
    countAlertsSince(ctx.db, ['lockout', 'email'], new Date(now.getTime() - 10 * 60_000)),
  ]);
  const current = perMinute[perMinute.length - 1]!;
  const previous = perMinute[perMinute.length - 2]!;
  return {
    last1m: {
      '4xx': lastSixtySeconds(now, previous['4xx'], current['4xx']),
      '5xx': lastSixtySeconds(now, previous['5xx'], current['5xx']),
    },
    last10m: { lockouts: recent.get('lockout') ?? 0, email: recent.get('email') ?? 0 },
    perMinute,
  };
}
