import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app makes them: SHA-1, six digits,
 * a new code every 30 seconds. A code is accepted one step early or late (clocks drift), and a
 * step once used is never accepted again, so a code seen over someone's shoulder cannot be replayed.
 */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** 16 characters of Crockford's base32 (no i, l, o, u): 80 random bits per code. */
const RECOVERY_CODE_LENGTH = 16;
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    ...TOTP_SETTINGS,
    issuer: 'Majstri',
    label,
    secret: Secret.fromBase32(secretBase32),
  });

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secretBase32: string, label: string) =>
  totpOf(secretBase32, label).toString();

/** The manual key as apps show it: the base32 secret in groups of four. */
export const groupedKey = (secretBase32: string) => secretBase32.replace(/(.{4})(?=.)/g, '$1 ');

export const stepAt = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_SETTINGS.period);

/**
 * The time step a code belongs to, when it is right for now (± one step) and later than the last
 * step this account used; otherwise undefined.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | undefined {
  if (!isTotpCode(code)) return undefined;
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return undefined;
  const step = stepAt(nowMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? undefined : step;
}

export const isTotpCode = (input: string) => /^\d{6}$/.test(input);

/**
 * What a person typed as a second factor, cleaned: spaces, dashes and case do not count, and the
 * letters Crockford's alphabet leaves out are read as the digits they look like.
 */
export const cleanCode = (input: string) =>
  input.replace(/[\s-]/g, '').toLowerCase().replace(/o/g, '0').replace(/[il]/g, '1');

/** Recovery codes from random bytes (one byte per character), shown as four groups of four. */
export function recoveryCodesFrom(bytes: Uint8Array): string[] {
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODE_COUNT; i++) {
    const chars = Array.from(
      bytes.subarray(i * RECOVERY_CODE_LENGTH, (i + 1) * RECOVERY_CODE_LENGTH),
      (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length],
    ).join('');
    codes.push(chars.replace(/(.{4})(?=.)/g, '$1-'));
  }
  return codes;
}

export const RECOVERY_BYTES = RECOVERY_CODE_COUNT * RECOVERY_CODE_LENGTH;

/** A cleaned recovery code has exactly the alphabet and length we hand out. */
export const isRecoveryCode = (cleaned: string) =>
  cleaned.length === RECOVERY_CODE_LENGTH &&
  [...cleaned].every((char) => RECOVERY_ALPHABET.includes(char));
