import { describe, expect, it } from 'vitest';
import { placeLine } from './place-line';

describe('a request’s place as it reads', () => {
  it('puts the town before the detail line', () => {
    expect(placeLine({ name: 'Košice' }, 'Juh, pri stanici')).toBe('Košice · Juh, pri stanici');
  });

  it('shows a detail that already names the town alone, accents and case aside', () => {
    expect(placeLine({ name: 'Košice' }, 'Košice - Juh')).toBe('Košice - Juh');
    expect(placeLine({ name: 'Košice' }, 'kosice')).toBe('kosice');
    expect(placeLine({ name: 'Кошице' }, 'Кошице, центр')).toBe('Кошице, центр');
  });

  it('keeps the town before a detail that only starts with the same letters', () => {
    expect(placeLine({ name: 'Brno' }, 'Brnová 12')).toBe('Brno · Brnová 12');
    expect(placeLine({ name: 'Nitra' }, 'Nitrianska cesta')).toBe('Nitra · Nitrianska cesta');
  });

  it('is the detail alone without a place, and the town alone without a detail', () => {
    expect(placeLine(null, ' Prešov ')).toBe('Prešov');
    expect(placeLine({ name: 'Sabinov' }, '  ')).toBe('Sabinov');
  });
});
