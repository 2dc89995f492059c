import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { PDF, file, requestForm } from '../../../../../tests/factories/files';
import type { Agent } from '../../../../../tests/support/agent';
import { users } from '../../../../server/db/schema';

let h: AccountsHarness;
let admin: Agent;
beforeAll(async () => {
  h = await accountsHarness();
  admin = (await h.signedIn('administrator')).agent;
});
afterAll(async () => h.close());

const profile = {
  name: 'Elektro Novák',
  contact_email: 'kontakt@elektro-novak.test',
  contact_phone: '+421 905 111 222',
  bio: 'Elektroinštalácie, revízie a opravy.',
  service_category: 'electrical',
  location: 'Žilina',
  hourly_rate: '32.5',
  experience_years: '12',
  availability: 'Pracovné dni',
  website: 'https://elektro-novak.test',
};

function profileForm(fields: Record<string, string>, picture?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (picture) form.set('profile_picture', picture);
  return form;
}

/** A provider with a complete profile, a client who hired them, and one who did not. */
async function hiredScene() {
  const provider = await h.signedIn('provider', { name: 'Elektro Novák' });
  await provider.agent.form('PUT', '/api/users/profile', profileForm(profile));
  const hirer = await h.signedIn('client');
  const posted = await hirer.agent.form(
    'POST',
    '/api/work-requests',
    requestForm({
      title: 'Nové zásuvky v kuchyni',
      category: 'electrical',
      description: 'Tri nové zásuvky nad linkou.',
      location: 'Žilina',
    }),
  );
  const requestId = posted.json().work_request.id as string;
  const bid = (
    await provider.agent.post('/api/bids', {
      work_request_id: requestId,
      amount: 120,
      description: 'Urobím do týždňa, vrátane materiálu.',
    })
  ).json().bid;
  await hirer.agent.patch(`/api/bids/${bid.id}/accept`);
  const stranger = await h.signedIn('client');
  return { provider, hirer, stranger, requestId };
}

describe('provider profiles and their contact details', () => {
  it('shows public fields to everyone and the contact only to the provider, admins and a client who hired them', async () => {
    const { provider, hirer, stranger } = await hiredScene();
    const url = `/api/providers/${provider.id}`;
    const visitorView = (await h.agent().get(url)).json().user;
    expect(visitorView).toMatchObject({
      name: 'Elektro Novák',
      location: 'Žilina',
      hourly_rate: 32.5,
      experience_years: 12,
      service_category: 'electrical',
      contact: null,
    });
    for (const agent of [h.agent(), stranger.agent]) {
      const body = (await agent.get(url)).body;
      expect(body).not.toContain('kontakt@elektro-novak.test');
      expect(body).not.toContain('+421 905 111 222');
      expect(body).not.toContain('elektro-novak.test"');
    }
    for (const agent of [provider.agent, hirer.agent, admin]) {
      expect((await agent.get(url)).json().user.contact).toEqual({
        email: 'kontakt@elektro-novak.test',
        phone: '+421 905 111 222',
        website: 'https://elektro-novak.test',
      });
    }
    const otherProvider = (await h.signedIn('provider')).agent;
    expect((await otherProvider.get(url)).statusCode).toBe(403);
  });

  it('says provider_disabled for a disabled provider, except to admins', async () => {
    const provider = await h.signedIn('provider');
    await h.database.db
      .update(users)
      .set({ accountStatus: 'disabled', disabledBy: 'administrator' })
      .where(eq(users.id, provider.id));
    const response = await h.agent().get(`/api/providers/${provider.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('provider_disabled');
    expect((await admin.get(`/api/providers/${provider.id}`)).statusCode).toBe(200);
    expect(
      (await h.agent().get('/api/providers/00000000-0000-4000-8000-000000000000')).json().error,
    ).toBe('provider_not_found');
  });
});

describe('the provider edits their profile', () => {
  it('saves every field and keeps credits out of their reach', async () => {
    const provider = await h.signedIn('provider');
    const response = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm({ ...profile, credits: '999' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.provider_profile).toMatchObject({
      contact_email: 'kontakt@elektro-novak.test',
      hourly_rate: 32.5,
      experience_years: 12,
      credits: 0,
    });
  });

  it.each([
    ['32,50', 32.5],
    ['32.50', 32.5],
    ['1 250,50', 1250.5],
  ])('reads the hourly rate %j with either decimal mark', async (typed, euros) => {
    const provider = await h.signedIn('provider');
    const response = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm({ ...profile, hourly_rate: typed, experience_years: '12' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.provider_profile.hourly_rate).toBe(euros);
  });

  it('adds https:// to a website written as a bare domain', async () => {
    const provider = await h.signedIn('provider');
    const response = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm({ ...profile, website: 'elektro-test.sk' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.provider_profile.website).toBe('https://elektro-test.sk');
  });

  it.each([
    ['hourly_rate', { hourly_rate: '-1' }, 'hourly_rate_invalid'],
    ['hourly_rate', { hourly_rate: '10.123' }, 'amount_decimals'],
    ['experience_years', { experience_years: '101' }, 'experience_invalid'],
    ['contact_phone', { contact_phone: '0905-111-222' }, 'phone_profile_invalid'],
    ['website', { website: 'elektro novak' }, 'website_invalid'],
    ['website', { website: 'javascript:alert(1)' }, 'website_invalid'],
    ['website', { website: 'elektronovak' }, 'website_invalid'],
    ['hourly_rate', { hourly_rate: '32,5,0' }, 'hourly_rate_invalid'],
    ['contact_email', { contact_email: 'nie' }, 'email_invalid'],
  ])('refuses a bad %s', async (field, change, message) => {
    const provider = await h.signedIn('provider');
    const response = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm({ ...profile, ...change }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('takes a JPEG or PNG picture, re-encoded, resized and without metadata', async () => {
    const provider = await h.signedIn('provider');
    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#0f766e' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Tajná poloha' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm(profile, file(photo, 'ja.jpg', 'image/jpeg')),
    );
    expect(response.statusCode).toBe(200);
    const url = response.json().user.provider_profile.profile_picture_url as string;
    const served = await h.agent().get(url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Tajná'))).toBe(false);
  });

  it('refuses a picture that is not JPEG or PNG, whatever its name says', async () => {
    const provider = await h.signedIn('provider');
    const response = await provider.agent.form(
      'PUT',
      '/api/users/profile',
      profileForm(profile, file(PDF, 'ja.jpg', 'image/jpeg')),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('picture_type');
  });

  it('answers 404 for a provider without a picture', async () => {
    const provider = await h.signedIn('provider');
    expect(
      (await h.agent().get(`/api/users/profile-picture/provider/${provider.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('verified reviews', () => {
  it('only the client who hired the provider reviews, once per job; anonymity hides the name', async () => {
    const { provider, hirer, stranger, requestId } = await hiredScene();
    const url = `/api/providers/${provider.id}/reviews`;
    const noRating = await hirer.agent.post(url, { work_request_id: requestId, comment: 'Super.' });
    expect(noRating.statusCode).toBe(400);
    expect(noRating.json().details).toContainEqual({ field: 'rating', message: 'rating_required' });

    expect(
      (await stranger.agent.post(url, { work_request_id: requestId, rating: 1 })).json().error,
    ).toBe('review_not_allowed');
    expect(
      (await provider.agent.post(url, { work_request_id: requestId, rating: 5 })).json().error,
    ).toBe('review_not_allowed');
    expect((await h.agent().post(url, { work_request_id: requestId, rating: 5 })).statusCode).toBe(
      401,
    );

    const reviewable = async (agent: Agent) =>
      (await agent.get(`/api/providers/${provider.id}`)).json().user.reviewable_request_ids;
    expect(await reviewable(hirer.agent)).toEqual([requestId]);
    expect(await reviewable(stranger.agent)).toEqual([]);
    const created = await hirer.agent.post(url, {
      work_request_id: requestId,
      rating: 4,
      comment: 'Rýchlo a čisto.',
      anonymous: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().review).toMatchObject({ rating: 4, author_name: null });
    expect(
      (await hirer.agent.post(url, { work_request_id: requestId, rating: 5 })).json().error,
    ).toBe('review_exists');
    expect(await reviewable(hirer.agent)).toEqual([]);

    const list = (await h.agent().get(url)).json();
    expect(list.reviews).toHaveLength(1);
    expect(list.pagination).toEqual({ page: 1, total_pages: 1, total: 1 });
    expect((await h.agent().get(`/api/providers/${provider.id}`)).json().user).toMatchObject({
      average_rating: 4,
      review_count: 1,
    });
  });
});
