import { describe, expect, it } from 'vitest';
import {
  experienceYears,
  hourlyRate,
  pictureRefusal,
  providerProfileBody,
  websiteField,
} from './providers.schema';

describe('the website of a provider', () => {
  it.each([
    ['elektro-test.sk', 'https://elektro-test.sk'],
    ['  elektro-test.sk/cennik ', 'https://elektro-test.sk/cennik'],
    ['www.elektro-test.sk', 'https://www.elektro-test.sk'],
    ['elektro-test.sk:8080', 'https://elektro-test.sk:8080'],
    ['//elektro-test.sk', 'https://elektro-test.sk'],
    ['https://elektro-test.sk', 'https://elektro-test.sk'],
    ['http://elektro-test.sk', 'http://elektro-test.sk'],
    ['HTTPS://Elektro-Test.sk/O-nas', 'HTTPS://Elektro-Test.sk/O-nas'],
    ['čistiareň-kováč.sk', 'https://čistiareň-kováč.sk'],
  ])('keeps %j as %j', (typed, kept) => {
    expect(websiteField.parse(typed)).toBe(kept);
  });

  it.each([
    'javascript:alert(1)',
    'javascript:alert(1)//x.sk',
    'JavaScript://x.sk/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://elektro-test.sk',
    'mailto:info@elektro-test.sk',
    'elektro test.sk',
    'https://elektro test.sk',
    'elektrotest',
    'localhost:3000',
    'https://localhost',
    'elektro-test.',
    '.sk',
    'https://',
    'https:/elektro-test.sk',
    'https://info@elektro-test.sk',
    'https://user:heslo@elektro-test.sk',
    'javascript:1',
  ])('refuses %j', (typed) => {
    const result = websiteField.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('website_invalid');
  });

  it('leaves an empty field empty', () => {
    const base = { name: 'Elektro Novák', contact_email: 'kontakt@elektro-novak.test' };
    expect(providerProfileBody.parse({ ...base, website: '  ' }).website).toBeUndefined();
    expect(providerProfileBody.parse({ ...base, website: 'elektro-novak.sk' }).website).toBe(
      'https://elektro-novak.sk',
    );
  });
});

describe('the numbers of a profile', () => {
  it('reads the hourly rate with a decimal comma or point, and thousands apart', () => {
    expect(hourlyRate.parse('32,50')).toBe(32.5);
    expect(hourlyRate.parse('32.50')).toBe(32.5);
    expect(hourlyRate.parse('1 250,50')).toBe(1250.5);
    expect(hourlyRate.parse(32.5)).toBe(32.5);
  });

  it.each([
    ['-1', 'hourly_rate_invalid'],
    ['tridsať', 'hourly_rate_invalid'],
    ['32,505', 'amount_decimals'],
  ])('refuses the hourly rate %j with %s', (typed, message) => {
    expect(hourlyRate.safeParse(typed).error?.issues[0]?.message).toBe(message);
  });

  it('takes whole years of experience only', () => {
    expect(experienceYears.parse('12')).toBe(12);
    expect(experienceYears.safeParse('12,5').error?.issues[0]?.message).toBe('experience_invalid');
  });
});

describe('a chosen profile picture', () => {
  const MB = 1024 * 1024;

  it.each([
    [{ name: 'ja.png', type: 'image/png', size: MB }, null],
    [{ name: 'ja.JPG', type: 'image/jpeg', size: 5 * MB }, null],
    [{ name: 'ja.jpeg', type: '', size: MB }, null],
    [{ name: 'cennik.txt', type: 'text/plain', size: 100 }, 'picture_type'],
    [{ name: 'cennik.pdf', type: 'application/pdf', size: 100 }, 'picture_type'],
    [{ name: 'ja.jpg', type: 'application/pdf', size: 100 }, 'picture_type'],
    [{ name: 'ja.webp', type: 'image/webp', size: 100 }, 'picture_type'],
    [{ name: 'ja', type: '', size: 100 }, 'picture_type'],
    [{ name: 'ja.png', type: 'image/png', size: 5 * MB + 1 }, 'file_too_large'],
  ])('%j is refused with %s', (file, refusal) => {
    expect(pictureRefusal(file)).toBe(refusal);
  });
});
