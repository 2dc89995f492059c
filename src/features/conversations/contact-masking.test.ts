import { describe, expect, it } from 'vitest';
import { MASK, maskContacts } from './contact-masking';

/**
 * Contact details as people write them in sk, cs, en, ru and uk: [language, message, a part of
 * the detail that must be gone afterwards].
 */
const CONTACTS: Array<[string, string, string]> = [
  // E-mail addresses, plain and spelled out
  ['sk', 'Píšte na jozo.obklady@gmail.com', 'gmail'],
  ['sk', 'Môj mail: meno (zavináč) firma bodka sk', 'firma'],
  ['sk', 'Napíšte mi: jozef(at)azet(bodka)sk', 'azet'],
  ['sk', 'mail: jozef.novak(zavináč)gmail.com', 'novak'],
  ['sk', 'jožko.mrkvička@firma.sk', 'mrkvička'],
  ['sk', 'JOZO [AT] FIRMA [DOT] SK', 'FIRMA'],
  ['sk', 'Adresa je jozo@gmail, ozvite sa', 'jozo'],
  ['cs', 'jan at firma dot cz', 'firma'],
  ['cs', 'petr zavinac seznam tecka cz', 'seznam'],
  ['cs', 'Můj e-mail je petr.novak (zavináč) seznam (tečka) cz', 'seznam'],
  ['cs', 'pište na jan.novak (a) seznam.cz', 'seznam'],
  ['en', 'email: ivan [at] gmail [dot] com', 'gmail'],
  ['en', 'write to john dot smith at gmail dot com', 'smith'],
  ['en', 'my address is jozo @ gmail . com', 'gmail'],
  ['ru', 'ivan собака gmail точка com', 'gmail'],
  ['ru', 'пишите: ivan эт mail точка ru', 'mail'],
  ['ru', 'почта ivan(собака)mail.ru', 'mail'],
  ['ru', 'иван@почта.рф', 'почта'],
  ['uk', 'пишіть: ivan собачка ukr крапка net', 'ukr'],
  ['uk', "ім'я равлик ukr крапка net", 'ukr'],
  ['uk', 'пиши на ivan.petrov@ukr.net', 'petrov'],
  // Phone numbers
  ['sk', 'Volajte 0905 123 456', '0905'],
  ['sk', '+421 905 123 456', '905'],
  ['sk', '00421 905 123 456', '905'],
  ['sk', 'tel. 0905/123 456', '0905'],
  ['sk', 'číslo: 0 9 1 2 3 4 5 6 7 8', '7 8'],
  ['sk', 'mob.: 0911-222-333', '0911'],
  ['sk', '0905.123.456', '0905'],
  ['sk', 'Bratislava 02/123 456 78', '456'],
  ['sk', '+421 (0) 905 123 456', '905'],
  ['sk', 'tel:0905123456', '0905'],
  ['sk', 'to je 0 9 0 5 - 1 2 3 - 4 5 6', '4 5 6'],
  ['sk', 'volaj 421905123456', '421905'],
  ['cs', 'Zavolejte na +420 777 123 456', '777'],
  ['cs', 'Můj telefon: 777 123 456', '777'],
  ['cs', 'mobil 602123456', '602'],
  ['cs', 'tel. 777-123-456', '777'],
  ['en', 'my number is +44 7911 123456', '7911'],
  ['ru', 'звоните 8 050 123 45 67', '050'],
  ['ru', 'Мой номер 8 (050) 123-45-67', '050'],
  ['uk', 'Телефон +380 67 123 45 67', '123 45'],
  ['uk', 'дзвоніть 067-123-45-67', '067'],
  ['uk', 'номер (067) 123 45 67', '067'],
  ['uk', 'мій номер +38 (067) 123-45-67', '067'],
  // Links
  ['sk', 'Viac na https://www.majster-jozo.sk/kontakt', 'majster'],
  ['sk', 'www.obklady-jozo.sk', 'obklady'],
  ['sk', 'Pozrite firma.sk, tam je všetko', 'firma'],
  ['sk', 'stránka firma bodka sk', 'firma'],
  ['cs', 'majster-jozo.cz/kontakt', 'majster'],
  ['en', 'see fb.com/jozo', 'jozo'],
  ['en', 'instagram.com/jozo.obklady/', 'jozo'],
  ['en', 'short link bit.ly/3xYz12', '3xYz12'],
  ['ru', 'пишите t.me/jozo', 'jozo'],
  ['uk', 'тисніть wa.me/421905123456', '421905'],
  ['uk', 'сайт remont-kyiv.com.ua', 'remont'],
  // Handles and messengers
  ['sk', 'nájdete ma ako @jozo_obklady', 'jozo_obklady'],
  ['sk', 'WhatsApp: 0905 123 456', '0905'],
  ['sk', 'insta: jozo.obklady', 'jozo'],
  ['sk', 'ig: jozo', 'jozo'],
  ['sk', 'napíšte mi na whatsapp jozo123', 'jozo123'],
  ['sk', 'napíšte na vajber jozo_123', 'jozo_123'],
  ['sk', 'Napíš mi na insta @jozo.obklady alebo na telegram jozo_tg', 'jozo'],
  ['cs', 'skype: jozo.m', 'jozo'],
  ['cs', 'Signal jozo_m', 'jozo_m'],
  ['en', 'viber +380 67 123 45 67', '380'],
  ['en', 'telegram @ivan', 'ivan'],
  ['ru', 'мой ватсап ivanko', 'ivanko'],
  ['ru', 'в телеге ivan_petrov', 'ivan'],
  ['ru', 'инста: ivan.remont', 'ivan'],
  ['ru', 'пишите в вайбер ivan', 'ivan'],
  ['uk', 'вотсап ivan2024', 'ivan'],
  ['uk', 'у телеграмі ivan_remont', 'ivan'],
  ['uk', 'пишіть у телеграм: @ivan_master', 'ivan'],
  ['uk', 'ось мій вайбер: +380671234567', '380'],
];

/** Ordinary sentences with numbers, and words that only look like parts of an address. */
const ORDINARY = [
  'Cena je 1 250 € vrátane materiálu.',
  'Spolu 1 250,50 EUR s DPH.',
  'cena 350 eur',
  'Celkom 2.500 Kč bez DPH.',
  'Вартість робіт 12 000 грн.',
  'Работа займёт 3 дня, цена 15 000 руб.',
  'Náklady na stavbu 1 250 000 Kč.',
  'Prídem 15. 3. 2027 ráno.',
  'Termín 15.03.2027 mi vyhovuje.',
  'Start date 2027-03-15.',
  'Hotovo bude do 20.12.',
  'Termín 15.03.2027 – 20.03.2027',
  'Термін з 15.03.2027 по 20.03.2027.',
  'I can start on 15/03/2027 - 20/03/2027.',
  'Budem tam o 8:30.',
  'Môžem medzi 10:00-12:00.',
  'Přijedu v 7.30 a skončím v 16.00.',
  'Kúpeľňa má 35 m2.',
  'Obklad 35 m² v kuchyni.',
  'Doska 120 x 60 cm.',
  'Strop je 2,5 m vysoko.',
  'Rozmer okna 1200/1500 mm, výška 2 650 mm.',
  'Treba 3 ks batérií a 40 dlaždíc.',
  'Potrebujem 5 vriec lepidla.',
  'Je to dom z roku 1985, rekonštrukcia 2010 a 2019.',
  'Adresa: Hlavná 125/7, 821 08 Bratislava.',
  'Byt je na 4. poschodí, č. 12.',
  'Záloha 20 % vopred.',
  'Mám vŕtačku Bosch GSR 18V-55.',
  'IČO 12345678',
  'Firma ABC s.r.o. ponúka zľavu, t.j. 125 €.',
  "I'll be at the site at 9.",
  'Please dot the tiles with glue.',
  'Meet me at the gate. Dot points are fine.',
  'у нас собака во дворе',
  'Собака гавкає, коли приходять робітники.',
  'моя точка зрения такая',
  'Pošlem fotky cez WhatsApp zajtra.',
  'Napíšte mi tu v správach, ďakujem.',
];

describe('maskContacts', () => {
  it('marks a masked detail with three bullets', () => {
    expect(MASK).toBe('•••');
  });

  it.each(CONTACTS)('masks a contact (%s): %s', (_language, message, detail) => {
    const { text, masked } = maskContacts(message);
    expect(masked).toBe(true);
    expect(text).toContain(MASK);
    expect(text.toLowerCase()).not.toContain(detail.toLowerCase());
    // No phone number is left, however its digits were separated.
    expect(text.replace(/[\s()./-]/g, '')).not.toMatch(/\d{7}/);
    // No e-mail address or handle is left.
    expect(text).not.toMatch(/[\p{L}\p{N}_]@|@[\p{L}\p{N}_]/u);
  });

  it('knows at least 45 spellings of contacts in all five languages', () => {
    expect(CONTACTS.length).toBeGreaterThanOrEqual(45);
    const languages = new Set(CONTACTS.map(([language]) => language));
    expect([...languages].sort()).toEqual(['cs', 'en', 'ru', 'sk', 'uk']);
  });

  it.each(ORDINARY)('leaves an ordinary sentence as it is: %s', (message) => {
    expect(maskContacts(message)).toEqual({ text: message, masked: false });
  });

  it('knows at least 25 ordinary sentences', () => {
    expect(ORDINARY.length).toBeGreaterThanOrEqual(25);
  });

  it('keeps the price and masks the phone number in one message', () => {
    expect(maskContacts('Dobrý deň, cena 1 250 €, volajte 0905 123 456')).toEqual({
      text: `Dobrý deň, cena 1 250 €, volajte ${MASK}`,
      masked: true,
    });
  });

  it('masks every contact in a message and keeps the rest exactly', () => {
    const message =
      'Můj web: www.novak-obklady.cz, mail novak@seznam.cz, tel. 777 123 456 / 0911 222 333, ' +
      'insta: novak.obklady. Termín 15.03.2027, cena 2.500 Kč.';
    expect(maskContacts(message).text).toBe(
      `Můj web: ${MASK}, mail ${MASK}, tel. ${MASK} / ${MASK}, insta: ${MASK}. ` +
        'Termín 15.03.2027, cena 2.500 Kč.',
    );
  });

  it('masks only the matched spans, keeping brackets and punctuation around them', () => {
    expect(maskContacts('Volajte (0905 123 456), ďakujem.').text).toBe(
      `Volajte (${MASK}), ďakujem.`,
    );
    expect(maskContacts('Web: https://firma.sk/kontakt.').text).toBe(`Web: ${MASK}.`);
    expect(maskContacts('Пишіть у вайбер 067 123 45 67 або на ivan@ukr.net!').text).toBe(
      `Пишіть у вайбер ${MASK} або на ${MASK}!`,
    );
  });

  it('leaves a masked message as it is when masked again', () => {
    for (const [, message] of CONTACTS) {
      const once = maskContacts(message).text;
      expect(maskContacts(once)).toEqual({ text: once, masked: false });
    }
  });

  it('takes an empty message', () => {
    expect(maskContacts('')).toEqual({ text: '', masked: false });
  });

  it('takes a long message', () => {
    const sentence = 'Obklad 35 m² urobím do 20.12. za 1 250 €, materiál 3 ks po 40 €. ';
    const ordinary = sentence.repeat(Math.ceil(2000 / sentence.length)).slice(0, 2000);
    expect(maskContacts(ordinary)).toEqual({ text: ordinary, masked: false });

    const withPhone = ordinary.slice(0, 1980) + ' tel. 0905 123 456';
    expect(maskContacts(withPhone).text).toBe(ordinary.slice(0, 1980) + ` tel. ${MASK}`);
  });

  // Linear time by design (contact-patterns.ts): a pattern with nested quantifiers over
  // overlapping characters would not finish on these in any test timeout.
  it.each([
    ['spaced digits', '1 '],
    ['spaced zeros', '0 '],
    ['digits and separators', '1.2-3/4 '],
    ['bracketed digits', '(1'],
    ['dotted letters', 'a.'],
    ['spelled at', 'a at '],
    ['spelled dots', 'a dot a bodka '],
    ['at signs', 'a@'],
    ['dates', '15.03.'],
    ['domains', 'a.sk.'],
    ['messengers', 'whatsapp: '],
    ['Cyrillic words', 'собака точка '],
    ['phone numbers', '0905 123 456 '],
  ])('takes 2000 characters of %s', (_name, piece) => {
    const hostile = piece.repeat(Math.ceil(2000 / piece.length)).slice(0, 2000);
    expect(maskContacts(hostile).text).toEqual(expect.any(String));
  });
});
