import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored with time zone and read as Date objects. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** PostgreSQL full-text vector, only ever written by a generated column. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
