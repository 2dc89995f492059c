import { count, eq, sql } from 'drizzle-orm';
import { poolOf, type Db } from './database';
import { matchLocations } from '../../features/places/server';
import {
  administratorProfiles,
  bids,
  clientProfiles,
  conversations,
  messages,
  providerProfiles,
  users,
  workRequests,
} from './schema';
import {
  DEMO_BID_MESSAGES,
  DEMO_CLIENTS,
  DEMO_PASSWORD,
  DEMO_PROVIDERS,
  DEMO_REQUESTS,
} from './demo-data';
import { hashPassword } from '../../features/accounts/server/password';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A question the first bidder asked before pricing, and the client's answer; and, once hired, how
 * they agreed on the day. No contact details: before a hire they would have been masked.
 */
const DEMO_QUESTION = [
  'Dobrý deň, treba odstrániť aj to, čo je tam teraz, alebo to už je pripravené?',
  'Dobrý deň, staré treba odstrániť, odvoz sutiny by som prosil tiež.',
];
const DEMO_AFTER_HIRE = [
  'Ďakujem za dôveru. Hodil by sa vám budúci utorok od 8:00?',
  'Utorok je v poriadku, budem doma celý deň.',
];
const BID_STEP_MS = 3 * 60 * 60 * 1000;
const ADMIN_EMAIL = 'admin@demo.majstri.sk';

/**
 * Loads the demo content into an empty database. Called only in demo mode (DEMO=1, which
 * `npm run demo` sets); a database that already has accounts is left untouched.
 */
export async function seedDemo(db: Db, log: (line: string) => void): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    log('Demo data is already loaded.');
  } else {
    await loadDemo(db);
    log(
      `Demo data loaded: ${DEMO_PROVIDERS.length} providers, ${DEMO_CLIENTS.length} clients, ${DEMO_REQUESTS.length} requests.`,
    );
  }
  log('Demo sign-ins (every demo account uses the same password):');
  log(`  password:      ${DEMO_PASSWORD}`);
  log(`  administrator: ${ADMIN_EMAIL}`);
  log(`  client:        ${DEMO_CLIENTS[0]!.email}`);
  log(`  client:        ${DEMO_CLIENTS[4]!.email}`);
  log(`  provider:      ${DEMO_PROVIDERS[8]!.email}`);
  log(`  provider:      ${DEMO_PROVIDERS[2]!.email}`);
}

async function loadDemo(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email: ADMIN_EMAIL,
        name: 'Správca Majstri',
        role: 'administrator',
        passwordHash,
        emailVerified: true,
      })
      .returning({ id: users.id });
    await tx.insert(administratorProfiles).values({ userId: admin!.id, permissions: ['*'] });

    const providerIds: string[] = [];
    for (const [index, provider] of DEMO_PROVIDERS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: provider.email,
          name: provider.name,
          role: 'provider',
          passwordHash,
          emailVerified: true,
          preferredLanguage: provider.phone.startsWith('+420') ? 'cs' : 'sk',
          createdAt: new Date(now - (400 - index * 7) * DAY_MS),
        })
        .returning({ id: users.id });
      providerIds.push(row!.id);
      await tx.insert(providerProfiles).values({
        userId: row!.id,
        contactEmail: provider.email,
        contactPhone: provider.phone,
        bio: provider.bio,
        serviceCategory: provider.category,
        location: provider.town,
        hourlyRateCents: provider.hourlyRate * 100,
        experienceYears: provider.experienceYears,
        availability: provider.availability,
        website: provider.website ?? null,
      });
    }

    const clientIds: string[] = [];
    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const [row] = await tx
        .insert(users)
        .values({
          email: client.email,
          name: client.name,
          role: 'client',
          passwordHash,
          emailVerified: true,
          preferredLanguage: client.language,
          createdAt: new Date(now - (200 - index * 11) * DAY_MS),
        })
        .returning({ id: users.id });
      clientIds.push(row!.id);
      await tx.insert(clientProfiles).values({ userId: row!.id, phoneNumber: client.phone });
    }

    for (const [index, request] of DEMO_REQUESTS.entries()) {
      const client = DEMO_CLIENTS[request.client]!;
      const createdAt = new Date(now - request.daysAgo * DAY_MS - index * 37 * 60 * 1000);
      const [row] = await tx
        .insert(workRequests)
        .values({
          clientId: clientIds[request.client]!,
          title: request.title,
          description: request.description,
          category: request.category,
          location: client.town,
          contactName: client.name,
          contactEmail: client.email,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: workRequests.id });

      // Bidders: the winner (if any) plus providers of the same trade, then a generalist.
      const sameTrade = DEMO_PROVIDERS.flatMap((provider, i) =>
        provider.category === request.category ? [i] : [],
      );
      const bidders = [
        ...new Set([
          ...(request.assignedTo !== undefined ? [request.assignedTo] : []),
          ...sameTrade,
          23,
        ]),
      ].slice(0, 1 + (index % 3));
      let acceptedBidId: string | undefined;
      const asker = bidders[0];
      // Bids come in every 3 hours after the request, squeezed closer for a request of today, so
      // none is dated before its request or after now.
      const bidStep = Math.min(BID_STEP_MS, (now - createdAt.getTime()) / (bidders.length + 1));
      for (const [order, providerIndex] of bidders.entries()) {
        const provider = DEMO_PROVIDERS[providerIndex]!;
        const hours = 6 + ((index * 5 + order * 3) % 30);
        const won = request.assignedTo === providerIndex;
        const [bid] = await tx
          .insert(bids)
          .values({
            workRequestId: row!.id,
            providerId: providerIds[providerIndex]!,
            amountCents: hours * provider.hourlyRate * 100 + (order % 2) * 50,
            description: DEMO_BID_MESSAGES[(index + order) % DEMO_BID_MESSAGES.length]!,
            status: request.assignedTo === undefined ? 'PENDING' : won ? 'ACCEPTED' : 'REJECTED',
            createdAt: new Date(createdAt.getTime() + (order + 1) * bidStep),
          })
          .returning({ id: bids.id });
        if (won) acceptedBidId = bid!.id;
      }
      if (acceptedBidId) {
        await tx
          .update(workRequests)
          .set({ status: 'ASSIGNED', acceptedBidId })
          .where(eq(workRequests.id, row!.id));
      }
      // Every other request has a conversation with its first bidder (not one posted this very
      // hour: its messages would share one moment, and their order with it).
      if (asker !== undefined && index % 2 === 0 && now - createdAt.getTime() >= HOUR_MS) {
        const providerId = providerIds[asker]!;
        const clientId = clientIds[request.client]!;
        const hired = request.assignedTo === asker;
        const texts = hired ? [...DEMO_QUESTION, ...DEMO_AFTER_HIRE] : DEMO_QUESTION;
        const step = Math.min(BID_STEP_MS, (now - createdAt.getTime()) / (texts.length + 2)) / 2;
        const at = (order: number) => new Date(createdAt.getTime() + (order + 1) * step);
        const [thread] = await tx
          .insert(conversations)
          .values({
            workRequestId: row!.id,
            requestTitle: request.title,
            clientId,
            providerId,
            startedBy: providerId,
            createdAt: at(0),
            lastMessageAt: at(texts.length - 1),
            // The provider read everything; the client has the last message unread, if it is theirs.
            providerReadAt: at(texts.length - 1),
            clientReadAt: at(texts.length - 2),
          })
          .returning({ id: conversations.id });
        await tx.insert(messages).values(
          texts.map((body, order) => ({
            conversationId: thread!.id,
            senderId: order % 2 === 0 ? providerId : clientId,
            body,
            reminded: true,
            createdAt: at(order),
          })),
        );
      }
    }
  });
  // The demo's towns become places (as a migration does for locations written before places),
  // and each provider serves 30 km around theirs.
  await matchLocations(poolOf(db));
  await db.execute(sql`
    update provider_profiles
       set service_radius_km = 30,
           service_categories = array[service_category]
     where place_id is not null and service_radius_km is null and service_category is not null`);
  // Each such provider has the first lead alert a completed profile makes (docs/leads.md).
  await db.execute(sql`
    with seeded as (
      update provider_profiles set lead_alerts_seeded = true
       where place_id is not null and cardinality(service_categories) > 0
      returning user_id, service_categories, place_id, service_radius_km
    )
    insert into lead_alerts (user_id, categories, place_id, radius_km, frequency, lat, lon)
    select s.user_id, s.service_categories, s.place_id, s.service_radius_km, 'instant', p.lat, p.lon
      from seeded s join places p on p.id = s.place_id`);
}
