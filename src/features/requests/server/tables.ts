import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, tsvector, updatedAt } from '../../../server/db/columns';
import { categoryEnum, users } from '../../accounts/server/tables';
import { places } from '../../places/server/tables';
import { BID_STATUSES, WORK_REQUEST_STATUSES } from '../../../shared/statuses';
import type { BidLine } from '../bids.rules';

export const workRequestStatusEnum = pgEnum('work_request_status', WORK_REQUEST_STATUSES);

/**
 * A listed request: what Browse, Home, the sitemap and the town suggestions show, and what the
 * partial indexes hold: open, its client's account active. Written as literal SQL so that a
 * prepared statement's generic plan can use those indexes.
 */
export const listedRequest = (t: { status: AnyPgColumn; clientActive: AnyPgColumn }) =>
  sql`${t.status} = 'OPEN' and ${t.clientActive}`;

/** A request's columns that say where it is: its place's names and its detail line. */
type Located = { location: AnyPgColumn; placeNames: AnyPgColumn };

/**
 * The text a request is found at: the names of its place ("Košice Кошице Кошиці"), then its
 * detail line (`location`, "Juh, pri stanici"), so that the town filter finds a request by the
 * town it was placed in whatever its detail line says (migration 0041).
 */
const locatedText = (t: Located) => sql`(coalesce(${t.placeNames} || ' ', '') || ${t.location})`;

/**
 * Where a request is, alone as a full-text vector, weight C as in `search_vector`: the
 * location filter's query (`'kosice':*C`) matches it exactly when it matches the location words
 * of `search_vector`. Its own index (`work_requests_listed_location_vector_idx`) has its own
 * statistics, so a town is rare or common by how many requests are located there, not by how
 * often its name is a word of the descriptions.
 */
export const locationVector = (t: Located) =>
  sql`setweight(to_tsvector('simple', f_unaccent(${locatedText(t)})), 'C')`;

/**
 * A request's search words with the week it was made in (`week_lexeme`, migration 0032: a lexeme
 * no search word can be, "~" and the week's number since 1970). Its index
 * (`work_requests_listed_words_weeks_idx`) holds the listed requests' words (search-condition.ts
 * `listedFullText`).
 */
export const wordsAndWeek = (t: { searchVector: AnyPgColumn; createdAt: AnyPgColumn }) =>
  sql`(${t.searchVector} || week_lexeme(${t.createdAt}))`;

/**
 * A request's search words, each written after the week it was made in (`week_words`, migration
 * 0042: `2969/strecha`, the week's number since 1970). Its index
 * (`work_requests_listed_week_words_idx`) finds a word's matches among the last weeks' requests
 * and nothing else, for the newest page of a common word (search/recent-weeks.ts): with the week
 * as a lexeme of its own beside the words (0032) the index went through every request of the
 * weeks to find the word's few among them (docs/performance.md "Words by their week").
 */
export const weekWords = (t: { searchVector: AnyPgColumn; createdAt: AnyPgColumn }) =>
  sql`week_words(${t.createdAt}, ${t.searchVector})`;

/**
 * A request's location words (`locationVector`) with the week it was made in (`week_lexeme`).
 * Its index (`work_requests_listed_location_weeks_idx`) finds a town's requests among the last
 * weeks' alone, for the newest page of a town of thousands (search/recent-weeks.ts).
 */
export const locationAndWeek = (t: Located & { createdAt: AnyPgColumn }) =>
  sql`(${locationVector(t)} || week_lexeme(${t.createdAt}))`;

/**
 * A request's search words, each written after its category (`plumbing/kohutik`, migration
 * 0033: `category_words`). Its index (`work_requests_listed_category_words_idx`) finds a word's
 * matches in one category alone, without the word's matches in the other categories or the
 * category's other requests (search/search-condition.ts `wordsInCategory`).
 */
export const categoryWords = (t: { category: AnyPgColumn; searchVector: AnyPgColumn }) =>
  sql`category_words(${t.category}, ${t.searchVector})`;

/**
 * A client's job request. Deleting the client removes their requests (spec core §1:
 * deleting an account removes all data immediately).
 */
export const workRequests = pgTable(
  'work_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: categoryEnum('category').notNull().default('other'),
    location: text('location').notNull(),
    /** The town or village (places), for distance search and lead alerts; `location` is the detail. */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    /**
     * The names of `place_id`'s place in our five languages, each once ("Košice Кошице Кошиці"),
     * null without a place. Kept by the database whenever `place_id` is written (migration 0041),
     * so every way a request gets its place (posting, matching old locations) sets them.
     */
    placeNames: text('place_names'),
    status: workRequestStatusEnum('status').notNull().default('OPEN'),
    /**
     * Whether the client's account is active; kept in step by a trigger on users. Lets browsing
     * find listed requests from one index, without joining every request to its client.
     */
    clientActive: boolean('client_active').notNull().default(true),
    acceptedBidId: uuid('accepted_bid_id').references((): AnyPgColumn => bids.id, {
      onDelete: 'set null',
    }),
    deadline: date('deadline'),
    /**
     * Until when the request takes bids: chosen at posting (`bidding_days`), moved once by the
     * client's extension. Past it an OPEN request is EXPIRED by the expiry job
     * (requests/server/expiry.ts); the bid rule reads it too, so no bid slips into the gap.
     */
    bidsUntil: timestamp('bids_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '14 days'`),
    /** When the client used their one extension of `bids_until`; null until then. */
    biddingExtendedAt: timestamp('bidding_extended_at', { withTimezone: true }),
    /**
     * When the client last opened the request's page; bids placed after it are "new" in My
     * requests. Null until the first visit: every bid is new then.
     */
    bidsSeenAt: timestamp('bids_seen_at', { withTimezone: true }),
    /**
     * When the client reviewed the provider they hired for it (set by the reviews feature in the
     * review's transaction): the request knows it needs no review without asking reviews.
     */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Contact details recorded from the client's profile when the request was posted. */
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Accent-free full-text vector: title (weight A) above description (B), and where the request
     * is (C: its place's names and its detail line), which the location filter asks for by its
     * weight.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', f_unaccent(${workRequests.title})), 'A') || setweight(to_tsvector('simple', f_unaccent(${workRequests.description})), 'B') || ${locationVector(workRequests)}`,
    ),
  },
  (t) => [
    index('work_requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    index('work_requests_client_created_idx').on(t.clientId, t.createdAt.desc().nullsFirst()),
    index('work_requests_category_status_created_idx').on(
      t.category,
      t.status,
      t.createdAt.desc().nullsFirst(),
    ),
    // What the public browses: open requests of active clients, newest first.
    index('work_requests_listed_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listedRequest(t)),
    index('work_requests_listed_category_created_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(listedRequest(t)),
    // Distance search: the listed requests of each place within a radius, newest first.
    index('work_requests_listed_place_created_idx')
      .on(t.placeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${listedRequest(t)} and ${t.placeId} is not null`),
    // Distance search in one category: a place's listed requests of the category, newest first,
    // so its count reads the index alone instead of every listed request of each place.
    index('work_requests_listed_place_category_created_idx')
      .on(t.placeId, t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${listedRequest(t)} and ${t.placeId} is not null`),
    // The expiry job's sweep: open requests whose time for bids has passed, earliest first.
    index('work_requests_open_bids_until_idx')
      .on(t.bidsUntil)
      .where(sql`${t.status} = 'OPEN'`),
    index('work_requests_search_vector_idx').using('gin', t.searchVector),
    // The location filter: the listed requests whose location has the town's words, in a category
    // or any (btree_gin: one index scan finds a town's requests of the category).
    index('work_requests_listed_location_vector_idx')
      .using('gin', t.category, locationVector(t))
      .where(listedRequest(t)),
    // The listed requests' words (the week lexemes beside them are no search word).
    index('work_requests_listed_words_weeks_idx')
      .using('gin', wordsAndWeek(t))
      .where(listedRequest(t)),
    // The newest page of a common word: its matches among the last weeks' listed requests.
    index('work_requests_listed_week_words_idx').using('gin', weekWords(t)).where(listedRequest(t)),
    // The newest page of a town of thousands: its requests among the last weeks' listed ones.
    index('work_requests_listed_location_weeks_idx')
      .using('gin', locationAndWeek(t))
      .where(listedRequest(t)),
    // A word's matches in one category.
    index('work_requests_listed_category_words_idx')
      .using('gin', categoryWords(t))
      .where(listedRequest(t)),
    // Town suggestions: the distinct accent-free locations of listed requests, read in order
    // (byte order, so a prefix is a range and each next location one index step).
    index('work_requests_listed_location_idx')
      .on(sql`(lower(f_unaccent(${t.location})) collate "C")`)
      .where(listedRequest(t)),
    check('work_requests_title_check', sql`char_length(${t.title}) between 5 and 200`),
    check(
      'work_requests_description_check',
      sql`char_length(${t.description}) between 10 and 2000`,
    ),
    check('work_requests_location_check', sql`char_length(${t.location}) between 1 and 200`),
    check(
      'work_requests_accepted_bid_check',
      // A job cancelled after a dispute keeps the bid it was given to (who did the work).
      sql`${t.acceptedBidId} is null or ${t.status} <> 'OPEN'`,
    ),
  ],
);

/** Files attached to a request. The bytes live in file storage under `storageKey`. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workRequestId: uuid('work_request_id')
      .notNull()
      .references(() => workRequests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    /** The uploader's file name, cleaned; display text only. */
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /**
     * A small re-encoded preview (WebP, at most 320 px, no metadata) made at upload for images
     * the card shows; null for other files, and for images posted before previews existed.
     */
    thumbnailKey: text('thumbnail_key').unique(),
    /** Order in which the person attached the files. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_work_request_idx').on(t.workRequestId),
    check('attachments_size_check', sql`${t.sizeBytes} between 1 and 5242880`),
  ],
);

/**
 * Every distinct word of three or more letters of every request, as in the full-text index
 * (accent-free, lower case), never removed. Typo tolerance looks up similar words here (a small
 * table with a trigram index), then searches requests by those words through the full-text index;
 * a search word stands for the known words it starts (search-query.ts), found by the prefix index.
 * Filled by a trigger on work_requests.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [
    index('search_terms_term_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
    index('search_terms_term_prefix_idx').on(t.term.op('text_pattern_ops')),
  ],
);

/**
 * How many listed requests (open, of an active client) have each word of three or more letters,
 * in all (`kohutik`) and in each category (`plumbing/kohutik`, as `categoryWords` writes it),
 * kept exact by statement triggers on work_requests in the transaction that changes them
 * (migration 0037). A word's own number is a true lower bound of what a one-word search matches
 * (past the exact count's limit the search need not count), its words' numbers summed an upper
 * bound (search-query.ts).
 */
export const listedTermCounts = pgTable('listed_term_counts', {
  term: text('term').primaryKey(),
  listed: integer('listed').notNull(),
});

export const bidStatusEnum = pgEnum('bid_status', BID_STATUSES);

/** Largest bid the platform takes: one million euros, in cents. */
export const MAX_BID_CENTS = 100_000_000;

/** A provider's priced answer to a request: one per provider and request (spec core §1). */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workRequestId: uuid('work_request_id')
      .notNull()
      .references(() => workRequests.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Euro cents. */
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: bidStatusEnum('status').notNull().default('PENDING'),
    /** Priced lines (at most 20), checked by bids.schema.ts; `amountCents` is their total. */
    lines: jsonb('lines').$type<BidLine[]>().notNull().default([]),
    /** The last day the price holds (Europe/Bratislava); null: it holds until answered. */
    validUntil: date('valid_until'),
    /** The first day the provider can start. */
    earliestStart: date('earliest_start'),
    /** 1 as placed; each revision (and each agreed price change) adds one: `bid_revisions`. */
    revision: integer('revision').notNull().default(1),
    revisedAt: timestamp('revised_at', { withTimezone: true }),
    /** When the request's client first saw the bid: a revision after it is a notification. */
    clientSeenAt: timestamp('client_seen_at', { withTimezone: true }),
    /** When the client asked for a new price of the expired bid; cleared by a revision. */
    priceRequestedAt: timestamp('price_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bids_work_request_provider_key').on(t.workRequestId, t.providerId),
    index('bids_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst()),
    check('bids_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= 100000000`),
    check('bids_description_check', sql`char_length(${t.description}) between 10 and 1000`),
    check(
      'bids_lines_check',
      sql`jsonb_typeof(${t.lines}) = 'array' and jsonb_array_length(${t.lines}) <= 20`,
    ),
  ],
);

export const revisionReasonEnum = pgEnum('bid_revision_reason', [
  'placed',
  'revision',
  'price_agreed',
]);

/**
 * Every version of a bid, the first as placed: what the client and an administrator see as its
 * history. Written in the transaction of each change; goes with its bid.
 */
export const bidRevisions = pgTable(
  'bid_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidId: uuid('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    reason: revisionReasonEnum('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    lines: jsonb('lines').$type<BidLine[]>().notNull().default([]),
    validUntil: date('valid_until'),
    earliestStart: date('earliest_start'),
    createdAt: createdAt(),
  },
  (t) => [unique('bid_revisions_bid_revision_key').on(t.bidId, t.revision)],
);

export const priceProposalStatusEnum = pgEnum('price_proposal_status', [
  'PENDING',
  'ACCEPTED',
  'DECLINED',
]);

/**
 * After the hire, a price change the provider proposes and the client accepts or declines. At
 * most one waits per bid (the partial unique index), so two proposals never cross.
 */
export const priceProposals = pgTable(
  'price_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bidId: uuid('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    lines: jsonb('lines').$type<BidLine[]>().notNull().default([]),
    note: text('note').notNull(),
    status: priceProposalStatusEnum('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('price_proposals_bid_idx').on(t.bidId),
    uniqueIndex('price_proposals_one_pending_idx')
      .on(t.bidId)
      .where(sql`${t.status} = 'PENDING'`),
    check(
      'price_proposals_amount_check',
      sql`${t.amountCents} > 0 and ${t.amountCents} <= 100000000`,
    ),
  ],
);
