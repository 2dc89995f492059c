import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  claimedExpiryRefusal,
  documentState,
  expiryDateRefusal,
  isValidIco,
  lapsesAt,
  noticeDue,
  type DocumentFacts,
} from './verifications.rules';

describe('IČO', () => {
  // Published numbers of the Slovak and Czech registers: weights 8..2 over the first seven
  // digits, r = sum mod 11, check digit (11 - r) mod 10.
  it.each([
    ['00151742', 'Slovak Republic example (r = 9, check 2)'],
    ['00151653', 'Slovenská sporiteľňa (r = 8, check 3)'],
    ['45274649', 'ČEZ, a. s. (r = 2, check 9)'],
    ['00006947', 'Ministry of Finance of the Czech Republic (r = 4, check 7)'],
    ['25596641', 'a Czech company (r = 0, check 1)'],
  ])('takes %s (%s)', (ico) => {
    expect(isValidIco(ico)).toBe(true);
  });

  it('follows the two edge rules: r = 0 gives 1, r = 1 gives 0', () => {
    // 0001110: 5 + 4 + 3 = 12, r = 1, check 0; 0001101: 5 + 4 + 2 = 11, r = 0, check 1.
    expect(isValidIco('00011100')).toBe(true);
    expect(isValidIco('00011011')).toBe(true);
    expect(isValidIco('00011101')).toBe(false);
    expect(isValidIco('00011010')).toBe(false);
  });

  it.each([
    ['00151743', 'a wrong check digit'],
    ['45274648', 'a wrong check digit'],
    ['0015174', 'seven digits'],
    ['001517420', 'nine digits'],
    ['0015174a', 'a letter'],
    ['', 'nothing'],
    ['0015 1742', 'a space (the form takes them out first)'],
  ])('refuses %s (%s)', (ico) => {
    expect(isValidIco(ico)).toBe(false);
  });
});

const NOW = new Date('2026-12-05T12:00:00Z');
const approved = (kind: DocumentFacts['kind'], expiresOn: string): DocumentFacts => ({
  kind,
  status: 'approved',
  expiresOn,
  decidedAt: new Date('2026-11-20T09:30:00Z'),
});

describe('expiry dates', () => {
  it('a check holds through its day and lapses when it ends', () => {
    expect(lapsesAt('2026-12-05').toISOString()).toBe('2026-12-06T00:00:00.000Z');
  });

  it('refuses a date that does not exist, one past, and one over ten years ahead', () => {
    expect(expiryDateRefusal('2026-02-29', NOW)).toBe('expiry_invalid');
    expect(expiryDateRefusal('5.12.2027', NOW)).toBe('expiry_invalid');
    expect(expiryDateRefusal('2026-12-04', NOW)).toBe('expiry_past');
    expect(expiryDateRefusal('2026-12-05', NOW)).toBeNull();
    expect(expiryDateRefusal('2036-12-05', NOW)).toBeNull();
    expect(expiryDateRefusal('2036-12-06', NOW)).toBe('expiry_too_far');
  });

  it('insurance needs the date on its certificate; a register extract does not', () => {
    expect(claimedExpiryRefusal('insurance', undefined, NOW)).toBe('expiry_required');
    expect(claimedExpiryRefusal('trade_register', undefined, NOW)).toBeNull();
    expect(claimedExpiryRefusal('insurance', '2027-06-30', NOW)).toBeNull();
  });
});

describe('badges', () => {
  it('an approval in force earns its badge; a pending, rejected or lapsed one earns none', () => {
    expect(
      badgesOf(
        [approved('trade_register', '2027-11-20'), approved('insurance', '2027-03-31')],
        NOW,
      ),
    ).toEqual([
      { kind: 'business_checked', checked_on: '2026-11-20', until: '2027-11-20' },
      { kind: 'insured', until: '2027-03-31' },
    ]);
    expect(badgesOf([{ ...approved('insurance', '2027-03-31'), status: 'pending' }], NOW)).toEqual(
      [],
    );
    expect(badgesOf([approved('insurance', '2026-12-04')], NOW)).toEqual([]);
    expect(badgesOf([approved('insurance', '2026-12-05')], NOW)).toHaveLength(1);
  });

  it('a document shows as expired once its approval lapsed', () => {
    expect(documentState(approved('insurance', '2026-12-04'), NOW)).toBe('expired');
    expect(documentState(approved('insurance', '2026-12-05'), NOW)).toBe('approved');
  });
});

describe('notices', () => {
  const notice = (expiresOn: string, told: { expiring?: boolean; expired?: boolean } = {}) =>
    noticeDue(
      {
        status: 'approved',
        expiresOn,
        expiringNoticeAt: told.expiring ? NOW : null,
        expiredNoticeAt: told.expired ? NOW : null,
      },
      NOW,
    );

  it('30 days before it lapses, once; at expiry, once', () => {
    // 2027-01-03 lapses 2027-01-04T00:00Z: 29.5 days after NOW; 2027-01-04 lapses 30.5 days after.
    expect(notice('2027-01-04')).toBeNull();
    expect(notice('2027-01-03')).toBe('expiring');
    expect(notice('2027-01-03', { expiring: true })).toBeNull();
    expect(notice('2026-12-04', { expiring: true })).toBe('expired');
    expect(notice('2026-12-04', { expiring: true, expired: true })).toBeNull();
    // Lapsed before it was ever told: told that it lapsed, only.
    expect(notice('2026-12-04')).toBe('expired');
  });
});
