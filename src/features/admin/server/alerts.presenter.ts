import type { z } from 'zod';
import type { alertView, metricsResponse } from '../admin.schema';
import type { AlertRow } from './alerts.repo';
import type { MetricsSnapshot } from './alerts.service';

export function presentAlert(row: AlertRow): z.infer<typeof alertView> {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    type: row.type,
    message: row.message,
  };
}

export function presentMetrics(snapshot: MetricsSnapshot): z.infer<typeof metricsResponse> {
  return {
    rates: {
      window_totals: {
        last1m: { '4xx': snapshot.last1m['4xx'], '5xx': snapshot.last1m['5xx'] },
        last10m: { lockouts: snapshot.last10m.lockouts, email_failures: snapshot.last10m.email },
      },
    },
    per_minute: snapshot.perMinute.map((entry) => ({
      minute: entry.minute.toISOString(),
      '4xx': entry['4xx'],
      '5xx': entry['5xx'],
    })),
  };
}
