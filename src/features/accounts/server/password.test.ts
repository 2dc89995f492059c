import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, hashPassword, verifyPassword } from './password';

/** Made by the code before costs could vary: every stored hash has this shape. */
const STORED_BEFORE =
  'scrypt$131072$8$1$kkyxAUZEWoyEs3AQi0Eyfg$NSz3Bkx3ipQ2hUe4v7bgu12O-wpfyVZY0Oek-xonW3Q45Kso08O6516tRS31qqxZF4zkOcsNSaQGZWIh5oC5Lg';

describe('password hashes', () => {
  it('are made at the OWASP cost unless told otherwise, and record it', async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword('Čučoriedka1');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it('verify at the cost recorded in them, whatever it was', async () => {
    const cheap = await hashPassword('ŽltýKôň99', { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('ŽltýKôň99', cheap)).toBe(true);
    expect(await verifyPassword('ŽltýKôň98', cheap)).toBe(false);
    expect(await verifyPassword('Čučoriedka1', STORED_BEFORE)).toBe(true);
  });

  it('compare the same text however its letters are composed', async () => {
    const composed = 'Čučoriedka1'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const hash = await hashPassword(composed, { N: 2 ** 10, r: 8, p: 1 });
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it('refuse anything that is not one of ours', async () => {
    expect(await verifyPassword('Čučoriedka1', '')).toBe(false);
    expect(await verifyPassword('Čučoriedka1', 'bcrypt$2b$10$abc')).toBe(false);
  });
});
