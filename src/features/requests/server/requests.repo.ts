import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../server/db/database';
import type { WorkRequestStatus } from '../../../shared/statuses';
import type { RequestFacts } from '../requests.rules';
import { users } from '../../accounts/server';
import { bids } from '../../bids/server';
import { attachments, workRequests } from './requests.table';
import type { Category } from '../../../shared/categories';
import { categoriesMatching, searchWords } from './category-search';
import { expectedShare, termStats, type WordGroup } from './term-stats';

/** Matches are counted exactly up to this many; beyond, the total is an estimate. */
export const EXACT_COUNT_LIMIT = 200;

/** With an estimated total, paging stops here: deep pages of a common word cost more and help nobody. */
export const MAX_ESTIMATED_PAGES = 50;

/**
 * The listed request's id, always qualified: in a one-table select Drizzle names columns bare, and
 * a bare "id" inside a subquery would be the subquery's own.
 */
const outerRequestId = sql`${sql.identifier('work_requests')}.${sql.identifier('id')}`;

const cardColumns = {
  id: workRequests.id,
  title: workRequests.title,
  description: workRequests.description,
  category: workRequests.category,
  location: workRequests.location,
  status: workRequests.status,
  createdAt: workRequests.createdAt,
  deadline: workRequests.deadline,
  // Both counted per card from an index (bids by request, attachments by request): a page of
  // cards costs a few index probes more, and no counter can drift from the bids themselves.
  bidCount: sql<number>`(select count(*)::int from ${bids} where ${bids.workRequestId} = ${outerRequestId})`,
  /** The first photo that has a preview; the uploaded file itself is never a card's picture. */
  thumbnailId: sql<
    string | null
  >`(select ${attachments.id} from ${attachments} where ${attachments.workRequestId} = ${outerRequestId} and ${attachments.thumbnailKey} is not null order by ${attachments.position}, ${attachments.id} limit 1)`,
};

/** Known words most like each searched word, at most this many per word. */
const TYPO_CANDIDATES = 4;

/**
 * Below this many expected matches a search reads the full-text index first and sorts what it
 * finds; above it, walking requests newest first and stopping at a full page is cheaper.
 */
const RARE_MATCHES = 5_000;

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The full-text query for a search: every word must match, either as the start of a word of
 * the request ("strech" finds "strechy") or as one of the known words most like it, which is
 * how a typo still finds its request ("strachy" finds "strechy"). Accents are ignored.
 */
async function searchQuery(
  db: Db,
  words: string[],
): Promise<{ tsquery: string; groups: WordGroup[] }> {
  const result = await db.execute<{ folded: string; candidates: string[] }>(sql`
    select f_unaccent(u.word) as folded,
      array(
        select t.term from search_terms t
        where char_length(u.word) >= 4 and t.term % f_unaccent(u.word)
        order by similarity(t.term, f_unaccent(u.word)) desc, t.term
        limit ${TYPO_CANDIDATES}
      ) as candidates
    from unnest(${sql`array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]`}) with ordinality as u(word, position)
    order by u.position`);
  const groups = result.rows.map(({ folded, candidates }) => ({
    prefix: folded,
    exact: candidates,
  }));
  const tsquery = groups
    .map(
      ({ prefix, exact }) =>
        `(${[`${quoteLexeme(prefix)}:*`, ...exact.map(quoteLexeme)].join(' | ')})`,
    )
    .join(' & ');
  return { tsquery, groups };
}

type Reader = Pick<Db, 'select' | 'execute'>;

function readPage(reader: Reader, where: SQL, limit: number, offset: number) {
  return reader
    .select(cardColumns)
    .from(workRequests)
    .where(where)
    .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The page and the number of matches. A page that is not full is the last one, so the total is
 * known. Otherwise matches are counted exactly up to EXACT_COUNT_LIMIT; past that the total is
 * PostgreSQL's estimate, marked as such: counting every match of a common word in a million
 * requests would cost far more than the page itself.
 */
async function readPageAndTotal(reader: Reader, where: SQL, limit: number, page: number) {
  const offset = (page - 1) * limit;
  const rows = await readPage(reader, where, limit, offset);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { rows, total: offset + rows.length, estimated: false };
  }
  // Counted in the page's own order, so the count walks the same (narrowest) index as the page.
  const [counted] = await reader.select({ n: count() }).from(
    reader
      .select({ one: sql`1` })
      .from(workRequests)
      .where(where)
      .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('matches'),
  );
  const exact = counted?.n ?? 0;
  if (exact <= EXACT_COUNT_LIMIT) return { rows, total: exact, estimated: false };
  const plan = await reader.execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    sql`explain (format json) select 1 from ${workRequests} where ${where}`,
  );
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { rows, total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}

/**
 * What the public may browse: open requests of active clients (one partial index), optionally
 * in one category and matching a search (see searchQuery), or in a category whose label, in
 * any language, the words name (category-search.ts).
 */
export async function listOpenRequests(
  db: Db,
  query: { q?: string | undefined; category?: Category | undefined; page: number; limit: number },
) {
  const listed: (SQL | undefined)[] = [
    eq(workRequests.status, 'OPEN'),
    eq(workRequests.clientActive, true),
    query.category ? eq(workRequests.category, query.category) : undefined,
  ];
  const words = query.q ? searchWords(query.q) : [];
  if (words.length === 0) return readPageAndTotal(db, and(...listed)!, query.limit, query.page);

  const [{ tsquery, groups }, stats] = await Promise.all([searchQuery(db, words), termStats(db)]);
  const categories = categoriesMatching(query.q!);
  const where = and(
    ...listed,
    or(
      sql`${workRequests.searchVector} @@ to_tsquery('simple', ${tsquery})`,
      categories.length > 0 ? inArray(workRequests.category, categories) : undefined,
    ),
  )!;
  // PostgreSQL cannot tell a rare word from a common one in a prefix query: it may walk every
  // request looking for a word nobody used, or sort every request containing a common one. Our
  // own estimate chooses: rare words read the full-text index and sort the few matches; common
  // words walk requests newest first and stop at a full page.
  const rare = categories.length === 0 && expectedShare(groups, stats) * stats.rows < RARE_MATCHES;
  return db.transaction(async (tx) => {
    await tx.execute(
      rare
        ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`
        : sql`select set_config('enable_bitmapscan', 'off', true)`,
    );
    return readPageAndTotal(tx, where, query.limit, query.page);
  });
}

export async function listClientRequests(db: Db, clientId: string) {
  return db
    .select({
      ...cardColumns,
      clientId: workRequests.clientId,
      clientActive: workRequests.clientActive,
      acceptedProviderId: bids.providerId,
      attachmentCount: sql<number>`(select count(*)::int from ${attachments} where ${attachments.workRequestId} = ${workRequests.id})`,
      newBidCount: sql<number>`(select count(*)::int from ${bids} where ${bids.workRequestId} = ${workRequests.id} and ${bids.createdAt} > coalesce(${workRequests.bidsSeenAt}, '-infinity'))`,
    })
    .from(workRequests)
    .leftJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(eq(workRequests.clientId, clientId))
    .orderBy(desc(workRequests.createdAt));
}

/**
 * The client has seen the request's bids: those placed up to the newest one now stored stop being
 * "new" in My requests. Writes only when there is a newer bid, so opening the page again is a read.
 * `updated_at` stays: having looked changes nothing about the request.
 */
export async function markBidsSeen(db: Db, id: string) {
  const latest = db
    .select({ at: sql<Date>`max(${bids.createdAt})`.as('at') })
    .from(bids)
    .where(eq(bids.workRequestId, id))
    .as('latest');
  await db
    .update(workRequests)
    .set({ bidsSeenAt: sql`${latest.at}`, updatedAt: sql`${workRequests.updatedAt}` })
    .from(latest)
    .where(
      and(
        eq(workRequests.id, id),
        sql`${latest.at} > coalesce(${workRequests.bidsSeenAt}, '-infinity')`,
      ),
    );
}

/** The facts the lifecycle rules (requests.rules.ts) decide on. */
export function factsOf(row: {
  clientId: string;
  status: WorkRequestStatus;
  clientActive: boolean;
  acceptedProviderId: string | null;
}): RequestFacts {
  return {
    clientId: row.clientId,
    status: row.status,
    clientActive: row.clientActive,
    acceptedProviderId: row.acceptedProviderId,
  };
}

/**
 * The request row with the facts the rules need. With a `lock`, the row stays locked for the rest
 * of the transaction (`update` to change it, `share` to keep it from changing) and the facts are
 * read under that lock; without one, it is a plain read for decisions that change nothing.
 */
export async function readRequestRow(reader: Tx | Db, id: string, lock?: 'update' | 'share') {
  const query = reader.select().from(workRequests).where(eq(workRequests.id, id));
  const [request] = lock ? await query.for(lock) : await query;
  if (!request) return undefined;
  const [accepted] = request.acceptedBidId
    ? await reader
        .select({ providerId: bids.providerId })
        .from(bids)
        .where(eq(bids.id, request.acceptedBidId))
    : [];
  return {
    request,
    facts: factsOf({ ...request, acceptedProviderId: accepted?.providerId ?? null }),
  };
}

export async function findRequest(db: Db, id: string) {
  const [row] = await db
    .select({
      request: workRequests,
      clientStatus: users.accountStatus,
      acceptedProviderId: bids.providerId,
    })
    .from(workRequests)
    .innerJoin(users, eq(users.id, workRequests.clientId))
    .leftJoin(bids, eq(bids.id, workRequests.acceptedBidId))
    .where(eq(workRequests.id, id))
    .limit(1);
  if (!row) return undefined;
  const files = await db
    .select()
    .from(attachments)
    .where(eq(attachments.workRequestId, id))
    .orderBy(attachments.position, attachments.id);
  return {
    ...row,
    attachments: files,
    facts: factsOf({ ...row.request, acceptedProviderId: row.acceptedProviderId }),
  };
}

export type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;
