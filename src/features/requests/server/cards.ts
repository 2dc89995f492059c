import { sql, type SQL } from 'drizzle-orm';
import type { WorkRequestStatus } from '../../../shared/statuses';
import { attachments, bids, workRequests } from './tables';
import type { Category } from '../../../shared/categories';
import { writtenOnce, type RowMaker } from '../../../server/db/direct';

/**
 * The listed request's id, always qualified: in a one-table select Drizzle names columns bare, and
 * a bare "id" inside a subquery would be the subquery's own.
 */
const outerRequestId = sql`${sql.identifier('work_requests')}.${sql.identifier('id')}`;

// Both counted per card from an index (bids by request, attachments by request): a page of
// cards costs a few index probes more, and no counter can drift from the bids themselves.
const bidCount = sql<number>`(select count(*)::int from ${bids} where ${bids.workRequestId} = ${outerRequestId})`;
/** The first photo that has a preview; the uploaded file itself is never a card's picture. */
const thumbnailId = sql<
  string | null
>`(select ${attachments.id} from ${attachments} where ${attachments.workRequestId} = ${outerRequestId} and ${attachments.thumbnailKey} is not null order by ${attachments.position}, ${attachments.id} limit 1)`;

/**
 * A card's fields, each named in SQL as the card names it (the list's own reads run them through
 * `pg` directly, db/direct.ts, and make each card with `cardOf`); `createdAt` as ISO text.
 */
export const cardRow = {
  id: sql<string>`${workRequests.id}`.as('id'),
  title: sql<string>`${workRequests.title}`.as('title'),
  description: sql<string>`${workRequests.description}`.as('description'),
  category: sql<Category>`${workRequests.category}`.as('category'),
  location: sql<string>`${workRequests.location}`.as('location'),
  status: sql<WorkRequestStatus>`${workRequests.status}`.as('status'),
  // Already the text `Date.toISOString()` writes (UTC, milliseconds cut, not rounded): PostgreSQL
  // writes it about as fast as its own timestamp text, and Node is spared parsing and writing 100
  // dates a page (about 0.1 ms of a page's 1.2 ms).
  createdAt:
    sql<string>`to_char(${workRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
      'createdAt',
    ),
  deadline: sql<string | null>`${workRequests.deadline}`.as('deadline'),
  bidCount: bidCount.as('bidCount'),
  thumbnailId: thumbnailId.as('thumbnailId'),
  /** Until when it takes bids, as ISO text like `createdAt`. */
  bidsUntil:
    sql<string>`to_char(${workRequests.bidsUntil} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
      'bidsUntil',
    ),
  /** The request's town or village (places), named by the presenter in the reader's language. */
  placeId: sql<number | null>`${workRequests.placeId}`.as('placeId'),
};

export type Card = { [Key in keyof typeof cardRow]: (typeof cardRow)[Key]['_']['type'] };

/**
 * Fields as a select list of its own writes them (each named, in the record's order), written
 * once: Drizzle wrote a card's fields again for every page, 47 µs of the 57 a page's statement
 * took to write.
 */
export const selectList = (fields: Record<string, SQL.Aliased>) =>
  writtenOnce(
    sql.join(
      Object.values(fields).map(
        (field) => sql`${field.sql} as ${sql.identifier(field.fieldAlias)}`,
      ),
      sql`, `,
    ),
  );

/** A card's fields as a select list (`cardRow`), for the list's own reads. */
export const cardFields = selectList(cardRow);

/** A card from its fields as a page selects them, in `cardRow`'s order (direct.ts RowMaker). */
export const cardOf: RowMaker<Card> = (fields) => cardAt(fields, undefined);

/**
 * A card from its fields, with its distance from the place searched around (undefined elsewhere):
 * one literal of one shape for every list, so that the presenter reads one kind of object (a card
 * spread and extended with its distance cost V8 a copy of each).
 */
export const cardAt = (fields: unknown[], distanceKm: number | undefined) => ({
  id: fields[0] as Card['id'],
  title: fields[1] as Card['title'],
  description: fields[2] as Card['description'],
  category: fields[3] as Card['category'],
  location: fields[4] as Card['location'],
  status: fields[5] as Card['status'],
  createdAt: fields[6] as Card['createdAt'],
  deadline: fields[7] as Card['deadline'],
  bidCount: fields[8] as Card['bidCount'],
  thumbnailId: fields[9] as Card['thumbnailId'],
  bidsUntil: fields[10] as Card['bidsUntil'],
  placeId: fields[11] as Card['placeId'],
  distanceKm,
});
