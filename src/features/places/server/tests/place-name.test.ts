import { describe, expect, it } from 'vitest';
import { findPlace, placeName } from '..';

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
