import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import { attachments, bids, users, workRequests } from '../../../server/db/schema';
import type { Category } from '../../../shared/categories';
import { categoriesMatching, searchWords } from './category-search';

/** We count matches up to this many; beyond it the total is shown as "10 000+". */
export const COUNT_CAP = 10_000;

const cardColumns = {
  id: workRequests.id,
  title: workRequests.title,
  description: workRequests.description,
  category: workRequests.category,
  location: workRequests.location,
  status: workRequests.status,
  createdAt: workRequests.createdAt,
};

/**
 * What the public may browse: open requests of active clients, optionally in one category and
 * matching a search. The search is accent- and case-insensitive (f_unaccent), finds word
 * prefixes through the full-text index, tolerates typos through trigram word similarity, and
 * also matches requests whose category label (in any language) the words name.
 */
function browseCondition(query: { q?: string | undefined; category?: Category | undefined }): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(workRequests.status, 'OPEN'),
    eq(users.accountStatus, 'active'),
  ];
  if (query.category) conditions.push(eq(workRequests.category, query.category));
  const words = query.q ? searchWords(query.q) : [];
  if (words.length > 0) {
    const wordArray = sql`array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]`;
    const prefixQuery = sql`to_tsquery('simple', array_to_string(array(select f_unaccent(w) || ':*' from unnest(${wordArray}) as w), ' & '))`;
    const phrase = sql`f_unaccent(${words.join(' ')})`;
    const categories = categoriesMatching(query.q!);
    conditions.push(
      or(
        sql`${workRequests.searchVector} @@ ${prefixQuery}`,
        sql`${phrase} <<% ${workRequests.searchText}`,
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
  const where = browseCondition(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select(cardColumns)
      .from(workRequests)
      .innerJoin(users, eq(users.id, workRequests.clientId))
      .where(where)
      .orderBy(desc(workRequests.createdAt), desc(workRequests.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(workRequests)
        .innerJoin(users, eq(users.id, workRequests.clientId))
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
