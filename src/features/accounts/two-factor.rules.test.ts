import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  acceptedStep,
  cleanCode,
  groupedKey,
  isRecoveryCode,
  newTotpSecret,
  RECOVERY_BYTES,
  recoveryCodesFrom,
  stepAt,
  totpUri,
} from './two-factor.rules';

const secret = newTotpSecret();
const codeAt = (ms: number) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: ms });
/** The middle of a step, far from both of its edges. */
const now = 1_800_000_000_000 + 15_000;

describe('authenticator codes', () => {
  it('accepts the current code and those one step early or late, naming their step', () => {
    expect(acceptedStep(secret, codeAt(now), now, null)).toBe(stepAt(now));
    expect(acceptedStep(secret, codeAt(now - 30_000), now, null)).toBe(stepAt(now) - 1);
    expect(acceptedStep(secret, codeAt(now + 30_000), now, null)).toBe(stepAt(now) + 1);
  });

  it('refuses codes two steps away, wrong codes and anything not six digits', () => {
    expect(acceptedStep(secret, codeAt(now - 60_000), now, null)).toBeUndefined();
    expect(acceptedStep(secret, codeAt(now + 60_000), now, null)).toBeUndefined();
    const wrong = String((Number(codeAt(now)) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptedStep(secret, wrong, now, null)).toBeUndefined();
    expect(acceptedStep(secret, `${codeAt(now)}0`, now, null)).toBeUndefined();
    expect(acceptedStep(secret, 'abcdef', now, null)).toBeUndefined();
  });

  it('refuses the step already used and any earlier one', () => {
    const step = stepAt(now);
    expect(acceptedStep(secret, codeAt(now), now, step)).toBeUndefined();
    expect(acceptedStep(secret, codeAt(now - 30_000), now, step)).toBeUndefined();
    expect(acceptedStep(secret, codeAt(now + 30_000), now, step)).toBe(step + 1);
  });

  it('describes the secret to authenticator apps as SHA-1, six digits, 30 seconds', () => {
    const uri = new URL(totpUri(secret, 'admin@majstri.sk'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBe('Majstri');
    expect(groupedKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('recovery codes', () => {
  const bytes = Uint8Array.from({ length: RECOVERY_BYTES }, (_, i) => (i * 37) % 256);

  it('makes ten codes of four groups of four', () => {
    const codes = recoveryCodesFrom(bytes);
    expect(codes).toHaveLength(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
      expect(isRecoveryCode(cleanCode(code))).toBe(true);
    }
  });

  it('reads a code typed in capitals, with spaces, or with O and I for 0 and 1', () => {
    expect(cleanCode(' AB12-cd0E 1fgh-JKmn ')).toBe('ab12cd0e1fghjkmn');
    expect(cleanCode('ABO2-cdie')).toBe('ab02cd1e');
    expect(cleanCode('12 34 56')).toBe('123456');
    expect(isRecoveryCode('ab12cd0e1fghjkm')).toBe(false);
    expect(isRecoveryCode('ab12cd0e1fghjkmu')).toBe(false);
  });
});
