import { describe, expect, it } from 'vitest';
import { rememberedPerDatabase } from './remembered';

describe('values remembered per database', () => {
  const remembered = () => rememberedPerDatabase<string>({ ms: 60_000, max: 3 });

  it('are given back for their time, then forgotten', () => {
    const memory = remembered();
    const database = {};
    expect(memory.get(database, 'oprava', 0)).toBeUndefined();
    memory.set(database, 'oprava', 'many', 1_000);
    expect(memory.get(database, 'oprava', 60_999)).toBe('many');
    expect(memory.get(database, 'oprava', 61_000)).toBeUndefined();
    expect(memory.get(database, 'oprava', 1_000)).toBeUndefined();
  });

  it('are kept apart for each database', () => {
    const memory = remembered();
    const one = {};
    memory.set(one, 'strecha', 'many', 0);
    expect(memory.get(one, 'strecha', 0)).toBe('many');
    expect(memory.get({}, 'strecha', 0)).toBeUndefined();
  });

  it('keep only the most recently set, up to their limit', () => {
    const memory = remembered();
    const database = {};
    for (const word of ['a', 'b', 'c', 'd']) memory.set(database, word, word, 0);
    expect(memory.get(database, 'a', 0)).toBeUndefined();
    expect(['b', 'c', 'd'].map((word) => memory.get(database, word, 0))).toEqual(['b', 'c', 'd']);
    memory.set(database, 'b', 'again', 0);
    memory.set(database, 'e', 'e', 0);
    expect(memory.get(database, 'c', 0)).toBeUndefined();
    expect(memory.get(database, 'b', 0)).toBe('again');
  });

  it('make a value once for its time when recalled, and again once it is forgotten', () => {
    const memory = remembered();
    const database = {};
    let made = 0;
    const make = () => `text ${++made}`;
    expect(memory.recall(database, 'oprava', make, 0)).toBe('text 1');
    expect(memory.recall(database, 'oprava', make, 59_999)).toBe('text 1');
    expect(memory.recall(database, 'oprava', make, 60_000)).toBe('text 2');
    expect(made).toBe(2);
  });
});
