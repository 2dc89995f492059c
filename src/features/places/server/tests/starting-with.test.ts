import { describe, expect, it } from 'vitest';
import { placesStartingWith } from '..';

const named = (text: string, limit = 5) =>
  placesStartingWith(text, limit).map(({ place, names }) => [place.id, names.sort()]);

describe('places starting with what was typed', () => {
  it('finds a place by the start of any of its five names, accents and case ignored, larger first', () => {
    expect(named('KOŠ', 1)).toEqual([[724443, ['Košice']]]);
    expect(named('kos', 1)).toEqual([[724443, ['Košice']]]);
    expect(named('кошиц', 1)).toEqual([[724443, ['Кошице', 'Кошиці']]]);
    expect(named('кошиці')).toEqual([[724443, ['Кошиці']]]);
  });

  it('finds a place by a later word of its name, but not by a look-alike or a name it is not given', () => {
    expect(named('bystrica', 1)).toEqual([[3061186, ['Banská Bystrica']]]);
    expect(named('kosce')).toEqual([]);
    expect(named('xyzzy')).toEqual([]);
  });

  it('offers the largest places for nothing typed, and no more than asked for', () => {
    const largest = placesStartingWith('', 3).map(({ place }) => place.population);
    expect(largest).toHaveLength(3);
    expect([...largest].sort((a, b) => b - a)).toEqual(largest);
    expect(largest[0]).toBeGreaterThan(1_000_000);
    expect(placesStartingWith('k', 7)).toHaveLength(7);
    // Each in the name its own country gives it, once.
    const own = Object.fromEntries(
      placesStartingWith('', 200).map(({ place, names }) => [place.id, names]),
    );
    expect(own[3067696]).toEqual(['Praha']);
    expect(own[3060972]).toEqual(['Bratislava']);
    expect(own[703448]).toEqual(['Київ']);
  });
});
