import { describe, expect, it } from 'vitest';
import { fold, searchWords, tradesIn } from './category-search';
import { regionsIn } from './regions/regions';

const words = (text: string) => searchWords(fold(text));

describe('tradesIn', () => {
  it.each([
    ['elektrikára', ['electrical']],
    ['elektrik', ['electrical']],
    ['сантехника', ['plumbing']],
    ['plumbers', ['plumbing']],
    ['hodinový manžel', ['handyman']],
    ['obkladač', ['tiling']],
  ])('%s names %j', (text, categories) => {
    expect(tradesIn(words(text))).toEqual({ categories, rest: [] });
  });

  it.each(['tesnenie', 'malina', 'stolička', 'мастер', 'ele'])('%s names no trade', (text) => {
    expect(tradesIn(words(text)).categories).toEqual([]);
  });

  it('keeps the other words', () => {
    expect(tradesIn(words('elektrikár bodovky Nitra'))).toEqual({
      categories: ['electrical'],
      rest: [1, 2],
    });
  });
});

describe('regionsIn', () => {
  it.each([
    ['Košický kraj', 'SK-KI'],
    ['v Košickom kraji', 'SK-KI'],
    ['в Кошицком крае', 'SK-KI'],
    ['Moravian-Silesian Region', 'CZ-80'],
    ['Kraj Vysočina', 'CZ-63'],
    ['Prague', 'CZ-10'],
  ])('%s names %s', (text, code) => {
    expect(regionsIn(words(text)).regions).toEqual([code]);
  });

  it.each(['Košice', 'Nitra', 'Banská Bystrica', 'kraj', 'правило'])(
    '%s names no region',
    (text) => {
      expect(regionsIn(words(text)).regions).toEqual([]);
    },
  );
});
