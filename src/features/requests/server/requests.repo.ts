import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { attachments, bids, users, workRequests } from '../../../server/db/schema';
import type { Category } from '../../../shared/categories';
import { categoriesMatching, searchWords } from './category-search';

/**
 * We count matches up to this many; beyond it the total is shown as "more than 1 000". Counting
 * every match of a common word in a million requests would cost more than the page itself.
 */
export const COUNT_CAP = 1_000;

const cardColumns = {
  id: workRequests.id,
  title: workRequests.title,
  description: workRequests.description,
  category: workRequests.category,
  location: workRequests.location,
  status: workRequests.status,
  createdAt: workRequests.createdAt,
};

/** Known words most like each searched word, at most this many per word. */
const TYPO_CANDIDATES = 4;

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The full-text query for a search: every word must match, either as the start of a word of
 * the request ("strech" finds "strechy") or as one of the known words most like it, which is
 * how a typo still finds its request ("strachy" finds "strechy"). Accents are ignored.
 */
async function searchQuery(db: Db, words: string[]): Promise<string> {
  const result = await db.execute<{ word: string; folded: string; candidates: string[] }>(sql`
    select u.word, f_unaccent(u.word) as folded,
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
  return result.rows
    .map(
      ({ folded, candidates }) =>
        `(${[`${quoteLexeme(folded)}:*`, ...candidates.map(quoteLexeme)].join(' | ')})`,
    )
    .join(' & ');
}

/**
 * What the public may browse: open requests of active clients, optionally in one category and
 * matching a search (see searchQuery), or whose category label, in any language, the words name.
 */
async function browseCondition(
  db: Db,
  query: { q?: string | undefined; category?: Category | undefined },
): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [
    eq(workRequests.status, 'OPEN'),
    eq(workRequests.clientActive, true),
  ];
  if (query.category) conditions.push(eq(workRequests.category, query.category));
  const words = query.q ? searchWords(query.q) : [];
  if (words.length > 0) {
    const categories = categoriesMatching(query.q!);
    conditions.push(
      or(
        sql`${workRequests.searchVector} @@ to_tsquery('simple', ${await searchQuery(db, words)})`,
        categories.length > 0 ? inArray(workRequests.category, categories) : undefined,
      ),
    );
  }
  return and(...conditions)!;
}

export async function listOpenRequests(
  db: Db,
  query: { q?: string | undefined; category?: Category | undefined; page: number; limit: number },
) {
  const where = await browseCondition(db, query);
  const [rows, [counted]] = await Promise.all([
    db
      .select(cardColumns)
      .from(workRequests)
      .where(where)
      .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(workRequests)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('matches'),
    ),
  ]);
  const total = counted?.n ?? 0;
  return { rows, total: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP };
}

export async function listClientRequests(db: Db, clientId: string) {
  return db
    .select({
      ...cardColumns,
      attachmentCount: sql<number>`(select count(*)::int from ${attachments} where ${attachments.workRequestId} = ${workRequests.id})`,
    })
    .from(workRequests)
    .where(eq(workRequests.clientId, clientId))
    .orderBy(desc(workRequests.createdAt));
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
  return { ...row, attachments: files };
}

export type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;
