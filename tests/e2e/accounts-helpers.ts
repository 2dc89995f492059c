import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { CASING, type Db } from '../../src/server/db/database';
import * as schema from '../../src/server/db/schema';
import type { Category } from '../../src/shared/categories';
import { createAccount, TEST_PASSWORD } from '../factories/accounts';
import { baseUrl, mailTo, uniqueEmail, visitorAddress } from './browser';

/**
 * Headers for a write over HTTP from a new visitor at `headers`' address: the CSRF token the
 * session read hands out, as cookie and header (the double submit the app checks).
 */
export async function withCsrf(headers: Record<string, string>): Promise<Record<string, string>> {
  const issued = await fetch(`${baseUrl()}/api/auth/session`, { headers });
  const csrf = /csrf_token=([^;]+)/.exec(issued.headers.get('set-cookie') ?? '')![1]!;
  return {
    ...headers,
    'content-type': 'application/json',
    cookie: `csrf_token=${csrf}`,
    'x-csrf-token': csrf,
  };
}

/** Answers the maths question as a person reading it would. */
export function solve(question: string): number {
  const match = /(\d+)\s*([+\-×])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`not a maths question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return op === '+' ? a + b : op === '-' ? a - b : a * b;
}

/**
 * A verified account for a journey about something else than registering: written straight into
 * the app's database by the factories the integration tests use (registration has journeys of its
 * own in accounts.test.ts). Its password is hashed at the test cost and the app verifies a hash
 * at the cost it records, so signing in through the form spends milliseconds, not a second of
 * scrypt at the production cost, while everything else runs as shipped.
 */
export async function verifiedAccount(role: 'client' | 'provider', name = 'Testovacia Osoba') {
  const email = uniqueEmail(role);
  await createAccount(appDatabase(), role, { email, name, phoneNumber: '+421 905 123 456' });
  return { email, password: TEST_PASSWORD, name };
}

/**
 * A verified provider of one trade whose own place is `placeId` (a GeoNames id), with a contact
 * phone and website of their own: what the public directory lists, and must not show.
 */
export async function providerInPlace(name: string, category: Category, placeId: number) {
  const account = await verifiedAccount('provider', name);
  const phone = `+421 907 ${String(Math.floor(Math.random() * 900) + 100)} ${String(Math.floor(Math.random() * 900) + 100)}`;
  const website = `https://${account.email.split('@')[0]}.example.sk`;
  await appDatabase().execute(sql`
    update provider_profiles
       set place_id = ${placeId}, service_category = ${category}, contact_phone = ${phone},
           website = ${website}
     where user_id = (select id from users where email = ${account.email})`);
  return { ...account, phone, website };
}

/** An administrator of the journey's own, made as `verifiedAccount` makes its accounts. */
export async function administratorAccount(name = 'Správca Testovací') {
  const email = uniqueEmail('administrator');
  await createAccount(appDatabase(), 'administrator', { email, name });
  return { email, password: TEST_PASSWORD, name };
}

let database: Db | undefined;
/** The app's own database, for the factories; its idle connections never keep a run open. */
function appDatabase(): Db {
  if (database) return database;
  const pool = new pg.Pool({
    connectionString: inject('databaseUrl'),
    max: 2,
    allowExitOnIdle: true,
  });
  pool.on('error', () => {});
  database = drizzle(pool, { schema, casing: CASING });
  return database;
}

/**
 * A verified account made the way a person makes one, but over HTTP: register (with the
 * security question), then open the link from the mail the server sent.
 */
export async function registeredAccount(role: 'client' | 'provider', name = 'Testovacia Osoba') {
  const email = uniqueEmail(role);
  const password = 'Bezpecne2026x';
  const headers: Record<string, string> = { 'x-forwarded-for': visitorAddress() };
  const writeHeaders = await withCsrf(headers);
  const challenge = (await (await fetch(`${baseUrl()}/api/challenge`, { headers })).json()) as {
    question: string;
    token: string;
  };
  const register = await fetch(`${baseUrl()}/api/auth/register/${role}`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({
      name,
      email,
      password,
      phone_number: '+421 905 123 456',
      math_answer: solve(challenge.question),
      challenge_token: challenge.token,
    }),
  });
  if (register.status !== 201) throw new Error(`registration failed: ${await register.text()}`);
  const mail = await mailTo(email, 'Potvrďte');
  const link = new URL(mail.links[0]!);
  const verified = await fetch(`${baseUrl()}/api/auth/verify-email${link.search}`, { headers });
  if (!verified.ok) throw new Error(`verification failed: ${await verified.text()}`);
  return { email, password, name };
}
