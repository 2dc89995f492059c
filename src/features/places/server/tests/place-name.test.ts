import { describe, expect, it } from 'vitest';
import { findPlace, placeName } from '..';
import { startsWithName } from '../../fold';

const KOSICE = findPlace(724443)!;
const BRNO = findPlace(3078610)!;

describe('a place’s name beside a detail line', () => {
  it('is the reader’s language’s, unless the line starts with another of its names', () => {
    expect(placeName(KOSICE, 'ru')).toBe('Кошице');
    expect(placeName(KOSICE, 'ru', 'Juh, pri stanici')).toBe('Кошице');
    expect(placeName(KOSICE, 'ru', 'Košice - Juh')).toBe('Košice');
    expect(placeName(KOSICE, 'ru', 'KOSICE, Terasa')).toBe('Košice');
    expect(placeName(KOSICE, 'sk', 'Кошиці, центр')).toBe('Кошиці');
  });

  it('does not take a word that only starts with the same letters for the name', () => {
    expect(placeName(BRNO, 'uk', 'Brnová 12')).toBe(BRNO.names.uk);
    expect(placeName(BRNO, 'uk', 'Brno-Líšeň')).toBe('Brno');
  });
});

describe('a name at the start of a line', () => {
  it('ends where a word ends, also when the line’s accents are written apart', () => {
    expect(startsWithName('Brno - Líšeň', 'Brno')).toBe(true);
    expect(startsWithName('Brno', 'Brno')).toBe(true);
    expect(startsWithName('Brnová 12', 'Brno')).toBe(false);
    // "Brnóva" with its accent as a separate combining mark (NFD) is not "Brno" either.
    expect(startsWithName('Brno\u0301va 12', 'Brno')).toBe(false);
  });
});
