import { describe, expect, it } from 'vitest';
import { firstAlertOf, leadsOf, wordsMatch, wordsOf, type CandidateAlert } from './leads.rules';

describe('words of a request', () => {
  it('are cut at anything not a letter or digit, without accents or case', () => {
    expect(wordsOf('Výmena BOJLERA, 80 l (Košice-Juh)')).toEqual([
      'vymena',
      'bojlera',
      '80',
      'l',
      'kosice',
      'juh',
    ]);
    expect(wordsOf('Заміна Бойлера, Їжак')).toEqual(['заміна', 'бойлера', 'їжак']);
  });

  it('match an alert when every word begins one of them', () => {
    const text = 'Obklad kúpeľne a WC\nTreba obložiť kúpeľňu, asi 12 m².';
    expect(wordsMatch([], text)).toBe(true);
    expect(wordsMatch(['obklad'], text)).toBe(true);
    expect(wordsMatch(['KUPELN'], text)).toBe(true);
    expect(wordsMatch(['obklad', 'kúpeľ'], text)).toBe(true);
    expect(wordsMatch(['obklad', 'kúpeľňa'], text)).toBe(false);
    expect(wordsMatch(['obklad', 'dlažba'], text)).toBe(false);
    // Inside a word is not the start of one.
    expect(wordsMatch(['klad'], text)).toBe(false);
    // A word written with a space or hyphen is several words, each needed.
    expect(wordsMatch(['obklad-kúpeľne'], text)).toBe(true);
    expect(wordsMatch(['obklad bazéna'], text)).toBe(false);
    expect(wordsMatch(['бойлер'], 'Заміна бойлера в Ужгороді')).toBe(true);
  });
});

const alert = (over: Partial<CandidateAlert>): CandidateAlert => ({
  alertId: 'a',
  userId: 'p1',
  frequency: 'daily',
  words: [],
  distanceKm: 10,
  ...over,
});

describe('the leads of a request', () => {
  const request = { clientId: 'c', title: 'Výmena bojlera', description: 'Starý bojler tečie.' };

  it('are one per provider, instant before daily, then the nearest', () => {
    const leads = leadsOf(
      [
        alert({ alertId: 'a1', userId: 'p1', frequency: 'daily', distanceKm: 2 }),
        alert({ alertId: 'a2', userId: 'p1', frequency: 'instant', distanceKm: 20 }),
        alert({ alertId: 'a3', userId: 'p2', distanceKm: 30 }),
        alert({ alertId: 'a4', userId: 'p2', distanceKm: 5 }),
      ],
      request,
    );
    expect(leads).toEqual([
      { providerId: 'p1', alertId: 'a2', frequency: 'instant', distanceKm: 20 },
      { providerId: 'p2', alertId: 'a4', frequency: 'daily', distanceKm: 5 },
    ]);
  });

  it('skip the request own client and alerts whose words it lacks', () => {
    expect(
      leadsOf(
        [
          alert({ userId: 'c' }),
          alert({ userId: 'p1', words: ['kúpeľňa'] }),
          alert({ userId: 'p2', words: ['BOJLER'] }),
        ],
        request,
      ).map((lead) => lead.providerId),
    ).toEqual(['p2']);
  });
});

describe('the first alert', () => {
  const area = {
    placeId: 723819,
    serviceRadiusKm: null,
    serviceCategories: [],
    serviceCategory: 'plumbing' as const,
  };

  it('is instant, without words, 30 km around when no radius is given', () => {
    expect(firstAlertOf(area)).toEqual({
      categories: ['plumbing'],
      placeId: 723819,
      radiusKm: 30,
      words: [],
      frequency: 'instant',
    });
  });

  it('takes the service categories and radius when given', () => {
    expect(
      firstAlertOf({ ...area, serviceRadiusKm: 50, serviceCategories: ['tiling', 'masonry'] }),
    ).toMatchObject({ categories: ['tiling', 'masonry'], radiusKm: 50 });
  });

  it('is none without a place or a category', () => {
    expect(firstAlertOf({ ...area, placeId: null })).toBeUndefined();
    expect(firstAlertOf({ ...area, serviceCategory: null })).toBeUndefined();
  });
});
