import type pg from 'pg';
import { CATEGORIES } from '../src/shared/categories';
import { DESCRIPTION_PARTS, TITLES } from './bench-data';

/**
 * Places to put generated requests and providers in, drawn by population (a town of 80 000 gets
 * eighty times the requests of a village of 1 000), Slovak and Czech only: the marketplace's
 * people live there. Kept in a temporary table of the session: `upto` is the running total of
 * the weights, so a random number below the total finds its place with one index step.
 */
async function weighPlaces(client: pg.Client): Promise<number> {
  await client.query(`drop table if exists bench_weighted_places`);
  await client.query(
    `create temp table bench_weighted_places as
       select id, coalesce(names->>'sk', names->>'en') as name,
              sum(greatest(population, 200)) over (order by id) as upto
       from places where country in ('SK', 'CZ')`,
  );
  await client.query(`create index on bench_weighted_places (upto)`);
  const { rows } = await client.query<{ total: string }>(
    `select max(upto)::text as total from bench_weighted_places`,
  );
  return Number(rows[0]!.total);
}

/** A weighted random place for each generated row `g` (its `r` a random number below the total). */
const PLACE_OF_ROW = `cross join lateral (select id, name from bench_weighted_places w
  where w.upto >= g.r order by w.upto limit 1) p`;

/**
 * Requests as addRequests makes them (bench-data.ts), each in a place: its `place_id` and, as its
 * location, the place's name.
 */
export async function addPlacedRequests(client: pg.Client, count: number) {
  const total = await weighPlaces(client);
  const titles = TITLES.map(([, title]) => title);
  const categories = TITLES.map(([category]) => category);
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from users where role = 'client'`,
  );
  const clients = rows[0]!.n;
  for (let done = 0; done < count; done += 50_000) {
    const batch = Math.min(50_000, count - done);
    await client.query(
      `with c as (select id, name, email, row_number() over (order by id) as rn from users where role = 'client'),
            g as (select n, floor(random() * $2::int)::int + 1 as t, random() * $7::float8 as r
                  from generate_series(1, $1::int) n)
       insert into work_requests (client_id, title, description, category, location, place_id, status, contact_name, contact_email, created_at)
       select c.id,
              ($3::text[])[g.t],
              ($5::text[])[floor(random() * $6::int)::int + 1] || ' ' || ($5::text[])[floor(random() * $6::int)::int + 1],
              ($4::text[])[g.t]::category,
              p.name, p.id,
              (case when random() < 0.8 then 'OPEN' when random() < 0.6 then 'ASSIGNED' when random() < 0.6 then 'COMPLETED' else 'CANCELLED' end)::work_request_status,
              c.name, c.email,
              now() - random() * interval '365 days'
       from g ${PLACE_OF_ROW} join c on c.rn = 1 + (g.n % $8::int)`,
      [
        batch,
        titles.length,
        titles,
        categories,
        DESCRIPTION_PARTS,
        DESCRIPTION_PARTS.length,
        total,
        clients,
      ],
    );
  }
}

/**
 * Providers in places drawn by population: a main trade, up to two more, one in fifty disabled,
 * and about two reviews each (none for a third of them).
 */
export async function addProviders(client: pg.Client, count: number) {
  const total = await weighPlaces(client);
  for (let done = 0; done < count; done += 20_000) {
    const batch = Math.min(20_000, count - done);
    await client.query(
      `with g as (select n, random() * $2::float8 as r from generate_series(1, $1::int) n),
            made as (
              insert into users (email, name, role, email_verified, account_status)
              select 'bench-provider-' || $4::int + g.n || '@example.test', 'Majster ' || ($4::int + g.n),
                     'provider', true,
                     (case when g.n % 50 = 0 then 'disabled' else 'active' end)::account_status
              from g returning id, email)
       insert into provider_profiles (user_id, contact_email, contact_phone, service_category, service_categories, place_id)
       select made.id, made.email, '+421 900 000 000',
              ($3::text[])[floor(random() * $5::int)::int + 1]::category,
              (case when random() < 0.5 then '{}'::category[]
                    else array[($3::text[])[floor(random() * $5::int)::int + 1],
                               ($3::text[])[floor(random() * $5::int)::int + 1]]::category[] end),
              p.id
       from made
       -- Correlated with the row, so that each provider draws a place of its own.
       cross join lateral (select random() * $2::float8 + 0 * length(made.email) as r) g ${PLACE_OF_ROW}`,
      [batch, total, [...CATEGORIES], done, CATEGORIES.length],
    );
  }
  await client.query(
    `insert into reviews (provider_id, rating)
     select id, 1 + floor(random() * 5)::int
     from users, generate_series(1, 3) k
     where role = 'provider' and random() < 0.66`,
  );
}
