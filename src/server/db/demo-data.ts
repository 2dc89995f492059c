import type { Category } from '../../shared/categories';

/** Believable content for `npm run demo`: people and jobs in Slovak and Czech towns. */

export const DEMO_PASSWORD = 'Majstri2025';

export interface DemoProvider {
  name: string;
  email: string;
  phone: string;
  town: string;
  category: Category;
  bio: string;
  hourlyRate: number;
  experienceYears: number;
  availability: string;
  website?: string;
}

export interface DemoClient {
  name: string;
  email: string;
  phone: string;
  town: string;
  language: 'sk' | 'cs';
}

export interface DemoRequest {
  client: number;
  category: Category;
  title: string;
  description: string;
  daysAgo: number;
  /** Index into DEMO_PROVIDERS of the winner: the request is assigned to them. */
  assignedTo?: number;
}

const p = (
  name: string,
  town: string,
  category: Category,
  bio: string,
  hourlyRate: number,
  experienceYears: number,
  availability: string,
  website?: string,
): DemoProvider => {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');
  const phoneTail = String(100_000 + ((slug.length * 7919) % 899_999)).padStart(6, '0');
  return {
    name,
    email: `${slug}@demo.majstri.sk`,
    phone: town.endsWith('(CZ)')
      ? `+420 603 ${phoneTail.slice(0, 3)} ${phoneTail.slice(3)}`
      : `+421 905 ${phoneTail.slice(0, 3)} ${phoneTail.slice(3)}`,
    town: town.replace(' (CZ)', ''),
    category,
    bio,
    hourlyRate,
    experienceYears,
    availability,
    ...(website ? { website } : {}),
  };
};

export const DEMO_PROVIDERS: DemoProvider[] = [
  p(
    'Stavby Kováč s.r.o.',
    'Bratislava',
    'general_construction',
    'Rodinné domy na kľúč aj menšie prístavby. Vlastná partia, stavebný dozor a jasný rozpočet vopred.',
    32,
    18,
    'Voľné kapacity od budúceho mesiaca',
    'https://stavby-kovac.example.sk',
  ),
  p(
    'Ján Murár',
    'Trnava',
    'masonry',
    'Murovanie z tehly aj pórobetónu, komíny, ploty a oporné múry.',
    22,
    25,
    'Pracovné dni 7:00 – 16:00',
  ),
  p(
    'Obklady Horváth',
    'Nitra',
    'tiling',
    'Kúpeľne a kuchyne na kľúč, veľkoformátové dlažby, presné špárovanie.',
    26,
    12,
    'Termíny do 3 týždňov',
  ),
  p(
    'Peter Sadrokartón',
    'Žilina',
    'drywall',
    'Podhľady, priečky, podkrovia vrátane izolácie. Čistá práca bez prachu.',
    24,
    9,
    'Aj soboty',
  ),
  p(
    'Podlahy Novák',
    'Brno (CZ)',
    'flooring',
    'Pokládka vinylu, laminátu a dřevěných podlah, broušení a olejování parket.',
    27,
    14,
    'Volno od příštího týdne',
  ),
  p(
    'Zateplenie Slovakia',
    'Banská Bystrica',
    'insulation',
    'Kontaktné zateplenie fasád, fúkaná izolácia, energetické poradenstvo zdarma.',
    28,
    11,
    'Sezóna marec – november',
    'https://zateplenie.example.sk',
  ),
  p(
    'Strechy Baláž',
    'Prešov',
    'roofing',
    'Nové strechy, rekonštrukcie, klampiarske prvky, strešné okná.',
    30,
    20,
    'Obhliadka do týždňa',
  ),
  p(
    'Búracie práce Tóth',
    'Košice',
    'demolition',
    'Búranie priečok, jadier, vypratanie a odvoz sutiny vlastným kontajnerom.',
    25,
    8,
    'Ihneď',
  ),
  p(
    'Inštalatér Michal',
    'Bratislava',
    'plumbing',
    'Opravy a rozvody vody a kanalizácie, výmena batérií, havarijné výjazdy.',
    29,
    15,
    'Nonstop pohotovosť',
  ),
  p(
    'Elektro Dvořák',
    'Praha (CZ)',
    'electrical',
    'Elektroinstalace v bytech a domech, revize, rozvaděče, chytrá domácnost.',
    35,
    16,
    'Po–Pá 8:00 – 17:00',
    'https://elektro-dvorak.example.cz',
  ),
  p(
    'Kúrenie Plyn Šimko',
    'Martin',
    'heating_gas_sanitary',
    'Plynové kotly, tepelné čerpadlá, podlahové kúrenie, servis a revízie.',
    31,
    19,
    'Servis do 48 hodín',
  ),
  p(
    'Klima Servis Lukáč',
    'Trenčín',
    'air_conditioning',
    'Montáž a servis klimatizácií, čistenie a dezinfekcia jednotiek.',
    30,
    7,
    'Jún – august plne obsadené, inak voľno',
  ),
  p(
    'Opravy spotrebičov Varga',
    'Komárno',
    'appliance_repair',
    'Práčky, umývačky, sporáky a chladničky všetkých značiek. Oprava u vás doma.',
    23,
    13,
    'Do 2 pracovných dní',
  ),
  p(
    'Montáž nábytku Rýchlo',
    'Bratislava',
    'furniture_assembly',
    'Kuchynské linky, skrine, IKEA nábytok. Presne, rýchlo a bez škrabancov.',
    20,
    5,
    'Aj večery a víkendy',
  ),
  p(
    'Maliar Kučera',
    'Olomouc (CZ)',
    'painting',
    'Malování bytů a domů, dekorativní stěrky, nátěry oken a fasád.',
    21,
    22,
    'Termíny na objednávku',
  ),
  p(
    'Stolárstvo Benko',
    'Poprad',
    'carpentry',
    'Nábytok na mieru z masívu aj lamina, schody, drevené terasy.',
    28,
    17,
    'Dodanie 4 – 6 týždňov',
    'https://stolarstvo-benko.example.sk',
  ),
  p(
    'Záhrady Zelený',
    'Senec',
    'gardening',
    'Kosenie, strihanie živých plotov, výsadba, automatické zavlažovanie.',
    18,
    6,
    'Sezónne od apríla',
  ),
  p(
    'Upratovanie Lesk',
    'Košice',
    'cleaning',
    'Upratovanie bytov, kancelárií a po rekonštrukcii. Vlastné prostriedky.',
    15,
    4,
    'Každý deň',
  ),
  p(
    'Sťahovanie Expres',
    'Žilina',
    'moving',
    'Sťahovanie bytov a firiem po celom Slovensku aj do Česka, balenie a demontáž.',
    25,
    10,
    'Víkendy rezervujte vopred',
  ),
  p(
    'Vypratávanie Čistý dom',
    'Nitra',
    'clearing_out',
    'Vypratanie pivníc, povál a celých bytov vrátane ekologickej likvidácie.',
    19,
    6,
    'Do týždňa',
  ),
  p(
    'Okná Tiene Hruška',
    'Zvolen',
    'windows_doors_shading',
    'Plastové a hliníkové okná, dvere, žalúzie, rolety a sieťky proti hmyzu.',
    27,
    14,
    'Zameranie zdarma',
  ),
  p(
    'Zámočníctvo Šťastný',
    'Ostrava (CZ)',
    'smithing_locksmithing',
    'Otevírání zámků, výroba zábradlí a bran, svářečské práce.',
    26,
    21,
    'Nonstop otevírání',
  ),
  p(
    'Výškové práce Horolezec',
    'Bratislava',
    'high_altitude_work',
    'Umývanie okien a fasád, opravy odkvapov, orez stromov z lana.',
    33,
    9,
    'Podľa počasia',
  ),
  p(
    'Hodinový manžel Igor',
    'Trnava',
    'handyman',
    'Drobné opravy v domácnosti: police, lustre, silikóny, kohútiky a dvierka.',
    18,
    11,
    'Popoludnia a soboty',
  ),
  p(
    'Revízie Bezpečne',
    'Banská Bystrica',
    'inspections',
    'Revízie elektroinštalácie, plynu a komínov, východiskové aj periodické.',
    38,
    23,
    'Termíny do 10 dní',
  ),
  p(
    'Všetko zvládneme',
    'Prievidza',
    'other',
    'Čo sa nezmestí do kategórie: montáže, prenosy, drobné stavebné práce.',
    20,
    3,
    'Flexibilne',
  ),
  p(
    'Obklady a dlažby Vlk',
    'Plzeň (CZ)',
    'tiling',
    'Obklady koupelen, terasy a schodiště, opravy spár a silikonů.',
    24,
    8,
    'Volno od března',
  ),
  p(
    'Elektrikár Mráz',
    'Košice',
    'electrical',
    'Elektroinštalácie bytov, výmena ističov, svietidlá, odborné prehliadky.',
    27,
    12,
    'Pracovné dni',
  ),
  p(
    'Inštalatérstvo Oravec',
    'Ružomberok',
    'plumbing',
    'Kúpeľne na kľúč, rozvody PPR, čistenie odpadov.',
    24,
    9,
    'Do 3 dní',
  ),
  p(
    'Maľovanie Farebný svet',
    'Piešťany',
    'painting',
    'Maľovanie interiérov, tapetovanie, drobné murárske opravy pred maľbou.',
    19,
    7,
    'Aj víkendy',
  ),
];

export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: 'Mária Novotná',
    email: 'maria.novotna@demo.majstri.sk',
    phone: '+421 904 112 233',
    town: 'Bratislava',
    language: 'sk',
  },
  {
    name: 'Tomáš Hudec',
    email: 'tomas.hudec@demo.majstri.sk',
    phone: '+421 915 445 566',
    town: 'Žilina',
    language: 'sk',
  },
  {
    name: 'Zuzana Kráľová',
    email: 'zuzana.kralova@demo.majstri.sk',
    phone: '+421 907 778 899',
    town: 'Košice',
    language: 'sk',
  },
  {
    name: 'Martin Polák',
    email: 'martin.polak@demo.majstri.sk',
    phone: '+421 918 223 344',
    town: 'Nitra',
    language: 'sk',
  },
  {
    name: 'Lucie Černá',
    email: 'lucie.cerna@demo.majstri.sk',
    phone: '+420 731 556 677',
    town: 'Brno',
    language: 'cs',
  },
  {
    name: 'Jakub Svoboda',
    email: 'jakub.svoboda@demo.majstri.sk',
    phone: '+420 604 889 900',
    town: 'Praha',
    language: 'cs',
  },
  {
    name: 'Eva Urbanová',
    email: 'eva.urbanova@demo.majstri.sk',
    phone: '+421 949 334 455',
    town: 'Banská Bystrica',
    language: 'sk',
  },
  {
    name: 'Andrej Kollár',
    email: 'andrej.kollar@demo.majstri.sk',
    phone: '+421 944 667 788',
    town: 'Prešov',
    language: 'sk',
  },
];

export const DEMO_REQUESTS: DemoRequest[] = [
  {
    client: 0,
    category: 'tiling',
    title: 'Nový obklad v kúpeľni (6 m²)',
    description:
      'Potrebujem strhnúť starý obklad a položiť nový až po strop. Materiál mám kúpený, kúpeľňa je v paneláku na 4. poschodí s výťahom.',
    daysAgo: 0,
  },
  {
    client: 1,
    category: 'plumbing',
    title: 'Kvapkajúca batéria v kuchyni',
    description:
      'Stojanková batéria v kuchyni kvapká aj po výmene tesnenia. Chcem ju vymeniť za novú, ktorú dodám.',
    daysAgo: 0,
  },
  {
    client: 4,
    category: 'flooring',
    title: 'Pokládka vinylové podlahy 45 m²',
    description:
      'Byt 2+kk v Brně, podklad je rovný beton. Vinyl click dodám, potřebuji pokládku včetně lišt a přechodů.',
    daysAgo: 1,
  },
  {
    client: 2,
    category: 'electrical',
    title: 'Výmena ističov a nová zásuvka na balkóne',
    description:
      'V starom rozvádzači sú ešte poistky, chcem ich vymeniť za ističe a pridať vonkajšiu zásuvku na balkón.',
    daysAgo: 1,
  },
  {
    client: 6,
    category: 'gardening',
    title: 'Pravidelné kosenie záhrady 600 m²',
    description:
      'Hľadám niekoho na kosenie trávnika raz za dva týždne od mája do septembra, vrátane odvozu trávy.',
    daysAgo: 2,
  },
  {
    client: 5,
    category: 'moving',
    title: 'Stěhování bytu 3+1 z Prahy do Plzně',
    description:
      'Stěhování v sobotu, třetí patro bez výtahu. Potřebuji i demontáž a montáž dvou skříní a postele.',
    daysAgo: 2,
  },
  {
    client: 3,
    category: 'painting',
    title: 'Vymaľovanie 3-izbového bytu',
    description:
      'Steny a stropy v troch izbách, kuchyni a chodbe, spolu asi 220 m². Nábytok prikryjeme, byt je prázdny.',
    daysAgo: 3,
  },
  {
    client: 7,
    category: 'roofing',
    title: 'Oprava zatekajúcej strechy na garáži',
    description:
      'Plochá strecha garáže 18 m² zateká pri každom daždi. Treba posúdiť a opraviť lepenku alebo dať novú krytinu.',
    daysAgo: 3,
  },
  {
    client: 0,
    category: 'furniture_assembly',
    title: 'Montáž kuchynskej linky IKEA',
    description:
      'Linka 3,6 m vrátane zapojenia drezu a napojenia umývačky. Spotrebiče sú vstavané, pracovná doska dubová.',
    daysAgo: 4,
  },
  {
    client: 1,
    category: 'cleaning',
    title: 'Upratovanie po rekonštrukcii bytu',
    description:
      'Byt 70 m² po výmene okien a maľovaní. Treba umyť okná, podlahy, kúpeľňu a odstrániť prach zo všetkých povrchov.',
    daysAgo: 4,
  },
  {
    client: 2,
    category: 'heating_gas_sanitary',
    title: 'Servis plynového kotla pred zimou',
    description:
      'Kondenzačný kotol Vaillant, posledný servis pred dvoma rokmi. Prosím aj o kontrolu expanznej nádoby.',
    daysAgo: 5,
  },
  {
    client: 4,
    category: 'windows_doors_shading',
    title: 'Venkovní žaluzie na 4 okna',
    description:
      'Rodinný dům, okna plastová, chceme venkovní žaluzie s elektrickým ovládáním. Prosím o nabídku včetně montáže.',
    daysAgo: 5,
  },
  {
    client: 6,
    category: 'inspections',
    title: 'Revízia komína a plynu pri predaji domu',
    description:
      'Predávame rodinný dom, kupujúci chce aktuálnu revíziu plynu a správu o kontrole komína.',
    daysAgo: 6,
  },
  {
    client: 3,
    category: 'drywall',
    title: 'Sadrokartónová priečka s dverami',
    description:
      'Rozdelenie izby 5 × 4 m priečkou so zárubňou pre dvere, vrátane izolácie proti hluku a finálneho tmelenia.',
    daysAgo: 6,
  },
  {
    client: 7,
    category: 'clearing_out',
    title: 'Vypratanie pivnice a povaly',
    description:
      'Starý nábytok, krabice a kovový šrot. Potrebujem vyprázdniť a odviezť, približne dva nákladné autá.',
    daysAgo: 7,
  },
  {
    client: 5,
    category: 'smithing_locksmithing',
    title: 'Kovaná brána k rodinnému domu',
    description:
      'Dvoukřídlá brána šířka 3,5 m a branka, pozinkovat a natřít antracitovou barvou. Sloupky jsou hotové.',
    daysAgo: 8,
  },
  {
    client: 0,
    category: 'handyman',
    title: 'Zavesenie políc, lustra a záclon',
    description:
      'Drobné práce v novom byte: tri police, dva lustre, garniže na záclony a zrkadlo v predsieni.',
    daysAgo: 9,
  },
  {
    client: 2,
    category: 'air_conditioning',
    title: 'Montáž klimatizácie do spálne',
    description:
      'Split jednotka 3,5 kW, vonkajšia jednotka na balkón, dĺžka potrubia asi 4 m. Klimatizáciu ešte nemám kúpenú.',
    daysAgo: 10,
  },
  {
    client: 1,
    category: 'insulation',
    title: 'Zateplenie podkrovia minerálnou vlnou',
    description:
      'Podkrovie 80 m², krokvy 16 cm. Chcem zateplenie medzi a pod krokvami s parozábranou.',
    daysAgo: 11,
  },
  {
    client: 6,
    category: 'appliance_repair',
    title: 'Práčka nežmýka a hlási chybu E21',
    description:
      'Práčka Bosch, 6 rokov stará, po praní zostáva voda v bubne. Prosím o opravu u nás doma.',
    daysAgo: 12,
  },
  {
    client: 3,
    category: 'masonry',
    title: 'Murovaný plot z tvárnic (25 m)',
    description:
      'Plot z debniacich tvárnic výšky 1,5 m so základom. Pozemok je rovný, prístup pre mixér je zabezpečený.',
    daysAgo: 13,
  },
  {
    client: 7,
    category: 'carpentry',
    title: 'Drevená terasa 20 m²',
    description:
      'Terasa zo sibírskeho smrekovca na hliníkovej podkonštrukcii, podklad je betónová doska.',
    daysAgo: 14,
  },
  {
    client: 4,
    category: 'high_altitude_work',
    title: 'Mytí oken v mezonetu',
    description:
      'Velká prosklená stěna ve výšce 6 m, z vnitřní i vnější strany. Potřebuji šetrně a bez šmouh.',
    daysAgo: 15,
  },
  {
    client: 0,
    category: 'demolition',
    title: 'Búranie bytového jadra',
    description:
      'Panelákové umakartové jadro, 4. poschodie s výťahom. Vrátane odvozu sutiny a upratania.',
    daysAgo: 16,
  },
  {
    client: 5,
    category: 'general_construction',
    title: 'Přístavba zádveří k rodinnému domu',
    description:
      'Zádveří 2 × 3 m s pultovou střechou, včetně základů a napojení na stávající fasádu.',
    daysAgo: 17,
  },
  {
    client: 2,
    category: 'other',
    title: 'Montáž stojanu na bicykle do dvora',
    description:
      'Bytový dom, chceme kovový stojan na 10 bicyklov ukotviť do betónu. Stojan dodá správca.',
    daysAgo: 18,
  },
  // Assigned jobs: a bid was accepted, contact details are shared.
  {
    client: 1,
    category: 'plumbing',
    title: 'Výmena WC a bidetu',
    description:
      'Stará keramika ide von, nové WC je závesné, podomietkový modul už je osadený. Treba dokončiť montáž.',
    daysAgo: 20,
    assignedTo: 8,
  },
  {
    client: 4,
    category: 'tiling',
    title: 'Obklad kuchyňské linky',
    description:
      'Pás obkladu nad linkou 3 m × 60 cm, obklad dodám. Prosím i o silikonování pracovní desky.',
    daysAgo: 22,
    assignedTo: 26,
  },
  {
    client: 3,
    category: 'painting',
    title: 'Nátery drevených okien',
    description:
      'Šesť starých drevených okien treba obrúsiť a natrieť z vonkajšej strany. Prízemie, lešenie netreba.',
    daysAgo: 25,
    assignedTo: 29,
  },
  {
    client: 6,
    category: 'electrical',
    title: 'Nové osvetlenie v obývačke',
    description: 'Zapustené LED svetlá do sadrokartónového stropu, 8 kusov, vrátane stmievača.',
    daysAgo: 28,
    assignedTo: 27,
  },
];

/** Bid messages that read like a tradesperson wrote them. */
export const DEMO_BID_MESSAGES = [
  'Dobrý deň, prácu viem urobiť do dvoch týždňov. V cene je práca aj drobný spotrebný materiál.',
  'Robím to denne, mám referencie z okolia. Cena je konečná, bez skrytých poplatkov.',
  'Viem prísť na obhliadku ešte tento týždeň a presne naceniť. Uvedená cena je orientačná horná hranica.',
  'Dobrý den, zakázku zvládneme během jednoho dne. Odvoz odpadu je v ceně.',
];
