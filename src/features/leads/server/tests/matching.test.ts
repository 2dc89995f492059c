import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import { requestForm } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { users, workRequests } from '../../../../server/db/schema';
import type { EventBus } from '../../../../server/events/bus';
import { queuedMails, rowsOf } from '../../../notifications/server/tests/inbox-world';
import { leadDeliveries } from '../tables';
import {
  PLACES,
  person,
  post,
  providerWithAlert,
  setAlerts,
  untilMatched,
  type Person,
} from './leads-world';

/**
 * Matching a request just posted against every alert (docs/leads.md "Matching"): the category,
 * the area (the request's place within the alert's radius of the alert's place: Prešov–Košice is
 * about 32 km, in at 40 and out at 25) and the words decide; nobody hears of a job twice, nor of
 * their own request, nor of one that is not open or has no place; and the lead that reaches an
 * instant alert's provider at once (inbox and mail) names no client.
 */
let h: AccountsHarness;
let events: EventBus;
let client: Person;

beforeAll(async () => {
  h = await accountsHarness({ eventHandlers: (bus) => (events = bus) });
  client = await person(h, 'client');
});
afterAll(async () => {
  await h.close();
});

/** Who got a lead of this request: the providers with a delivery, sorted. */
async function ledTo(workRequestId: string) {
  const rows = await h.database.db
    .select({ userId: leadDeliveries.userId })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.workRequestId, workRequestId));
  return rows.map((row) => row.userId).sort();
}
const ids = (...people: Person[]) => people.map((someone) => someone.id).sort();

describe('a request posted in Košice', () => {
  let within40: Person;
  let within25: Person;
  let electrician: Person;
  let boilerOnly: Person;
  let tilesOnly: Person;
  let kosiceItself: Person;

  beforeAll(async () => {
    within40 = await providerWithAlert(h, {
      categories: ['plumbing'],
      place_id: PLACES.presov,
      radius_km: 40,
    });
    within25 = await providerWithAlert(h, {
      categories: ['plumbing'],
      place_id: PLACES.presov,
      radius_km: 25,
    });
    electrician = await providerWithAlert(h, {
      categories: ['electrical'],
      place_id: PLACES.kosice,
      radius_km: 30,
    });
    boilerOnly = await providerWithAlert(h, {
      categories: ['heating_gas_sanitary', 'plumbing'],
      place_id: PLACES.presov,
      radius_km: 50,
      words: ['BOJLER', 'vymena'],
    });
    tilesOnly = await providerWithAlert(h, {
      categories: ['plumbing'],
      place_id: PLACES.kosice,
      radius_km: 10,
      words: ['obklad'],
    });
    kosiceItself = await providerWithAlert(h, {
      categories: ['plumbing', 'electrical'],
      place_id: PLACES.kosice,
      radius_km: 5,
    });
  });

  it('reaches the alerts whose category, area and words it matches, and no other', async () => {
    const boiler = await post(h, events, client, {
      title: 'Výmena bojlera v byte',
      description: 'Starý 80-litrový bojler tečie, treba nový.',
      placeId: PLACES.kosice,
    });
    expect(await ledTo(boiler)).toEqual(ids(within40, boilerOnly, kosiceItself));

    const tiles = await post(h, events, client, {
      title: 'Obklady v kúpeľni',
      description: 'Popraskané obkladačky nad vaňou.',
      placeId: PLACES.kosice,
    });
    expect(await ledTo(tiles)).toEqual(ids(within40, tilesOnly, kosiceItself));

    const wiring = await post(h, events, client, {
      title: 'Nové zásuvky v kuchyni',
      category: 'electrical',
      placeId: PLACES.kosice,
    });
    expect(await ledTo(wiring)).toEqual(ids(electrician, kosiceItself));

    // Prešov itself: the 25 km alert now, the Košice ones (32 km) not.
    const presov = await post(h, events, client, {
      title: 'Upchatý odtok vo vani',
      placeId: PLACES.presov,
    });
    expect(await ledTo(presov)).toEqual(ids(within40, within25));

    const far = await post(h, events, client, {
      title: 'Výmena bojlera v Bratislave',
      placeId: PLACES.bratislava,
    });
    expect(await ledTo(far)).toEqual([]);
  });

  it('reaches nobody without a place, nor when it is not open', async () => {
    const placeless = await post(h, events, client, { title: 'Výmena bojlera', placeId: null });
    expect(await ledTo(placeless)).toEqual([]);

    const closed = await createWorkRequest(h.database.db, client, {
      title: 'Výmena bojlera, už vybavené',
      status: 'CANCELLED',
    });
    await h.database.db.transaction(async (tx) => {
      await tx
        .update(workRequests)
        .set({ placeId: PLACES.kosice })
        .where(eq(workRequests.id, closed.id));
      await events.publish(tx, 'request.posted', {
        workRequestId: closed.id,
        clientId: client.id,
        title: closed.title,
      });
    });
    await untilMatched(h, closed.id);
    expect(await ledTo(closed.id)).toEqual([]);
  });
});

describe('a request posted through the form', () => {
  it('is matched once it is committed, by the queue worker', async () => {
    const provider = await providerWithAlert(h, {
      categories: ['drywall'],
      place_id: PLACES.presov,
      radius_km: 40,
    });
    const posted = await client.agent.form(
      'POST',
      '/api/work-requests',
      requestForm({
        title: 'Sadrokartónová priečka v obývačke',
        description: 'Priečka 4 × 2,6 m s dverami, materiál zabezpečím.',
        category: 'drywall',
        location: 'Juh, pri stanici',
        place_id: String(PLACES.kosice),
      }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().work_request.id as string;
    await untilMatched(h, id);
    expect(await ledTo(id)).toEqual([provider.id]);
  });
});

describe('nobody hears of a job twice or of their own', () => {
  it('two matching alerts of one provider make one lead, the instant one', async () => {
    const provider = await person(h, 'provider');
    await setAlerts(provider, [
      { categories: ['roofing'], place_id: PLACES.presov, radius_km: 40, frequency: 'daily' },
      { categories: ['roofing'], place_id: PLACES.kosice, radius_km: 20, frequency: 'instant' },
      { categories: ['roofing'], place_id: PLACES.sabinov, radius_km: 60, frequency: 'daily' },
    ]);
    const roof = await post(h, events, client, {
      title: 'Zateká strecha na garáži',
      category: 'roofing',
      placeId: PLACES.kosice,
    });
    const rows = await h.database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.workRequestId, roof));
    expect(rows).toEqual([expect.objectContaining({ userId: provider.id, frequency: 'instant' })]);
    expect((await rowsOf(h, 'new_lead')).filter((row) => row.workRequestId === roof)).toHaveLength(
      1,
    );

    // The same announcement again (a retry, a replay) tells nobody again.
    await h.database.db.transaction((tx) =>
      events.publish(tx, 'request.posted', {
        workRequestId: roof,
        clientId: client.id,
        title: 'Zateká strecha na garáži',
      }),
    );
    await untilMatched(h, roof);
    expect((await rowsOf(h, 'new_lead')).filter((row) => row.workRequestId === roof)).toHaveLength(
      1,
    );
  });

  it('no lead on ones own request, nor for a disabled account', async () => {
    const alert = { categories: ['painting' as const], place_id: PLACES.presov, radius_km: 30 };
    const self = await providerWithAlert(h, alert);
    const disabled = await providerWithAlert(h, alert);
    const other = await providerWithAlert(h, alert);
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'self' })
      .where(eq(users.id, disabled.id));
    const own = await post(h, events, self, {
      title: 'Maľovanie chodby',
      category: 'painting',
      placeId: PLACES.presov,
    });
    expect(await ledTo(own)).toEqual(ids(other));
  });
});

describe('what an instant lead says', () => {
  it('is in the inbox and the mail at once, with the town and no client contact', async () => {
    const provider = await providerWithAlert(
      h,
      { categories: ['flooring'], place_id: PLACES.presov, radius_km: 40 },
      'en',
    );
    const floor = await post(h, events, client, {
      title: 'Plávajúca podlaha do obývačky',
      description: 'Asi 25 m², podlahu kúpim sám.',
      category: 'flooring',
      placeId: PLACES.kosice,
    });
    const [row] = (await rowsOf(h, 'new_lead')).filter((one) => one.userId === provider.id);
    expect(row!.data).toEqual({
      work_request_id: floor,
      title: 'Plávajúca podlaha do obývačky',
      category: 'flooring',
      place_name: 'Košice',
      distance_km: expect.any(Number),
    });
    expect(row!.data.distance_km).toBeGreaterThan(25);
    expect(row!.data.distance_km).toBeLessThan(40);
    expect(row!.link).toBe(`/request/${floor}`);

    const inbox = await provider.agent.get('/api/notifications');
    expect(inbox.json().notifications[0]).toMatchObject({ type: 'new_lead', data: row!.data });

    const [mail] = await queuedMails(h, provider.email, 'newLead');
    expect(mail!.subject).toBe('New job: “Plávajúca podlaha do obývačky”');
    expect(mail!.text).toContain('Flooring, Košice');
    expect(mail!.text).toContain(`http://localhost:3000/request/${floor}`);
    expect(mail!.unsubscribeUrl).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    for (const contact of [client.email, client.name, '911 222 333']) {
      expect(JSON.stringify(row)).not.toContain(contact);
      expect(inbox.body).not.toContain(contact);
      expect(mail!.text).not.toContain(contact);
    }

    // Its one-click link names this mail and turns it off.
    const link = mail!.unsubscribeUrl!.replace('http://localhost:3000', '');
    const page = await h.agent().get(link);
    expect(page.body).toContain('new jobs matching your job alerts');
    expect((await h.agent().request({ method: 'POST', url: link, csrf: false })).statusCode).toBe(
      200,
    );
    const choices = await provider.agent.get('/api/users/notification-preferences');
    expect(choices.json().preferences.new_lead).toEqual({ email: false, push: true });
  });

  it('is not mailed when the provider turned lead mail off', async () => {
    const provider = await providerWithAlert(h, {
      categories: ['moving'],
      place_id: PLACES.presov,
      radius_km: 40,
    });
    const off = await provider.agent.put('/api/users/notification-preferences', {
      preferences: { new_lead: { email: false, push: true } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await post(h, events, client, {
      title: 'Sťahovanie garsónky',
      category: 'moving',
      placeId: PLACES.presov,
    });
    expect(await queuedMails(h, provider.email, 'newLead')).toEqual([]);
    expect((await rowsOf(h, 'new_lead')).some((row) => row.userId === provider.id)).toBe(true);
  });
});
