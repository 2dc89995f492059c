import type pg from 'pg';
import type { Category } from '../src/shared/categories';

/** Texts for generated requests: a few believable titles per category, in the five languages. */
export const TITLES: [Category, string][] = [
  ['general_construction', 'Prístavba garáže k rodinnému domu'],
  ['general_construction', 'Přístavba zádveří k domu'],
  ['masonry', 'Murovanie oplotenia z tvárnic'],
  ['masonry', 'Zdění příčky z pórobetonu'],
  ['tiling', 'Nový obklad v kúpeľni'],
  ['tiling', 'Obklad kuchyňské linky'],
  ['tiling', 'Tiling a small bathroom'],
  ['drywall', 'Sadrokartónový podhľad v obývačke'],
  ['drywall', 'Гіпсокартонна перегородка у спальні'],
  ['flooring', 'Pokládka vinylové podlahy'],
  ['flooring', 'Укладка ламината в квартире'],
  ['insulation', 'Zateplenie fasády rodinného domu'],
  ['insulation', 'Zateplení podkroví minerální vatou'],
  ['roofing', 'Oprava strechy na garáži'],
  ['roofing', 'Výměna střešní krytiny'],
  ['demolition', 'Búranie bytového jadra'],
  ['plumbing', 'Výmena batérie v kuchyni'],
  ['plumbing', 'Kapající kohoutek v koupelně'],
  ['plumbing', 'Заміна змішувача у ванній'],
  ['electrical', 'Výmena ističov v rozvádzači'],
  ['electrical', 'New sockets in the living room'],
  ['electrical', 'Замена проводки в квартире'],
  ['heating_gas_sanitary', 'Servis plynového kotla'],
  ['heating_gas_sanitary', 'Montáž podlahového topení'],
  ['air_conditioning', 'Montáž klimatizácie do spálne'],
  ['appliance_repair', 'Oprava práčky, nežmýka'],
  ['appliance_repair', 'Ремонт посудомийної машини'],
  ['furniture_assembly', 'Montáž kuchynskej linky IKEA'],
  ['furniture_assembly', 'Assembly of a wardrobe'],
  ['painting', 'Vymaľovanie trojizbového bytu'],
  ['painting', 'Malování obývacího pokoje'],
  ['carpentry', 'Drevená terasa na záhrade'],
  ['gardening', 'Pravidelné kosenie záhrady'],
  ['gardening', 'Стрижка живої огорожі'],
  ['cleaning', 'Upratovanie po rekonštrukcii'],
  ['cleaning', 'Generální úklid bytu'],
  ['moving', 'Sťahovanie bytu do Žiliny'],
  ['moving', 'Переезд квартиры в Братиславу'],
  ['clearing_out', 'Vypratanie pivnice a povaly'],
  ['windows_doors_shading', 'Vonkajšie žalúzie na okná'],
  ['windows_doors_shading', 'Výměna vchodových dveří'],
  ['smithing_locksmithing', 'Kovaná brána k domu'],
  ['high_altitude_work', 'Umývanie okien vo výškach'],
  ['handyman', 'Zavesenie políc a lustra'],
  ['handyman', 'Small repairs around the flat'],
  ['inspections', 'Revízia elektroinštalácie'],
  ['inspections', 'Revize komína a plynu'],
  ['other', 'Montáž stojana na bicykle'],
];

export const DESCRIPTION_PARTS = [
  'Potrebujem to čo najskôr, ideálne do dvoch týždňov.',
  'Materiál mám kúpený, treba iba prácu.',
  'Byt je na štvrtom poschodí s výťahom.',
  'Prosím o cenovú ponuku vrátane dopravy.',
  'Práce je potřeba udělat do konce měsíce.',
  'Materiál zajistím, hledám řemeslníka s referencemi.',
  'Please include materials in your price.',
  'Access is easy, parking right in front of the house.',
  'Потрібно виконати роботу до кінця місяця.',
  'Материалы куплены, нужна только работа мастера.',
  'Rodinný dom, prístup autom bez problémov.',
  'Dom je po rekonštrukcii, treba pracovať čisto.',
  'Kondenzačný kotol Vaillant, posledný servis pred dvoma rokmi.',
  'Starý obklad treba strhnúť a vyviezť.',
  'Strecha zateká pri silnom daždi.',
];

export const TOWNS = [
  'Bratislava',
  'Košice',
  'Prešov',
  'Žilina',
  'Nitra',
  'Banská Bystrica',
  'Trnava',
  'Trenčín',
  'Martin',
  'Poprad',
  'Zvolen',
  'Komárno',
  'Senec',
  'Piešťany',
  'Praha',
  'Brno',
  'Ostrava',
  'Plzeň',
  'Olomouc',
];

const CLIENTS = 20_000;

export async function seedClients(client: pg.Client) {
  await client.query(
    `insert into users (email, name, role, email_verified, account_status)
     select 'bench-' || g || '@example.test', 'Klient ' || g, 'client', true,
            (case when g % 100 = 0 then 'disabled' else 'active' end)::account_status
     from generate_series(1, $1::int) g`,
    [CLIENTS],
  );
  await client.query(
    `insert into client_profiles (user_id) select id from users where role = 'client'`,
  );
}

export async function addRequests(client: pg.Client, count: number) {
  const titles = TITLES.map(([, title]) => title);
  const categories = TITLES.map(([category]) => category);
  for (let done = 0; done < count; done += 50_000) {
    const batch = Math.min(50_000, count - done);
    await client.query(
      `with c as (select id, name, email, row_number() over (order by id) as rn from users where role = 'client'),
            g as (select n, floor(random() * $2::int)::int + 1 as t from generate_series(1, $1::int) n)
       insert into work_requests (client_id, title, description, category, location, status, contact_name, contact_email, created_at)
       select c.id,
              ($3::text[])[g.t],
              ($5::text[])[floor(random() * $6::int)::int + 1] || ' ' || ($5::text[])[floor(random() * $6::int)::int + 1],
              ($4::text[])[g.t]::category,
              ($7::text[])[floor(random() * $8::int)::int + 1],
              (case when random() < 0.8 then 'OPEN' when random() < 0.6 then 'ASSIGNED' when random() < 0.6 then 'COMPLETED' else 'CANCELLED' end)::work_request_status,
              c.name, c.email,
              now() - random() * interval '365 days'
       from g join c on c.rn = 1 + (g.n % $9::int)`,
      [
        batch,
        titles.length,
        titles,
        categories,
        DESCRIPTION_PARTS,
        DESCRIPTION_PARTS.length,
        TOWNS,
        TOWNS.length,
        CLIENTS,
      ],
    );
  }
  await client.query('analyze');
}
