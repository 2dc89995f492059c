import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../../server/db/columns';
import { categoryEnum, users } from '../../accounts/server/tables';
import { workRequests } from '../../requests/server/tables';
import { earthOf, places } from '../../places/server/tables';

/**
 * A provider's lead alert: new requests in these categories within `radius_km` of a place
 * (docs/leads.md). `lat` and `lon` copy the place's coordinates (migration 0021) so that the circle
 * of every alert is one GiST index over this table: matching a request is an index scan for the
 * circles that hold its point, not a walk over all alerts.
 */
export const leadAlerts = pgTable(
  'lead_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categories: categoryEnum('categories').array().notNull(),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    radiusKm: smallint('radius_km').notNull(),
    words: text('words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    frequency: text('frequency', { enum: ['instant', 'daily'] }).notNull(),
    createdAt: createdAt(),
    /** The place's coordinates, copied when the alert is written (a place does not move). */
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [
    index('lead_alerts_user_idx').on(t.userId),
    // The alert's circle as a box around its earth point: `@>` a request's point finds it.
    index('lead_alerts_area_idx').using(
      'gist',
      sql`earth_box(${earthOf(t.lat, t.lon)}, ${t.radiusKm}::float8 * 1000)`,
    ),
    // Where alerts crowd around a large town, the planner ANDs this with the circles' index, so
    // only the alerts of the request's category are read (docs/performance.md "Lead matching").
    index('lead_alerts_categories_idx').using('gin', t.categories),
    check('lead_alerts_radius_check', sql`${t.radiusKm} between 5 and 200`),
    check('lead_alerts_frequency_check', sql`${t.frequency} in ('instant', 'daily')`),
    check('lead_alerts_categories_check', sql`cardinality(${t.categories}) >= 1`),
  ],
);

/** One lead told to one provider: nobody is told of the same request twice. */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workRequestId: uuid('work_request_id')
      .notNull()
      .references(() => workRequests.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id').references(() => leadAlerts.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: ['instant', 'daily'] }).notNull(),
    createdAt: createdAt(),
    /** When a daily alert's lead went out in the morning's mail; null until then. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workRequestId] }),
    index('lead_deliveries_request_idx').on(t.workRequestId),
    index('lead_deliveries_daily_idx')
      .on(t.userId)
      .where(sql`${t.frequency} = 'daily' and ${t.mailedAt} is null`),
    check('lead_deliveries_frequency_check', sql`${t.frequency} in ('instant', 'daily')`),
  ],
);
