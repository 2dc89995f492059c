import { describe, expect, it } from 'vitest';
import { returnPathOr, safeReturnPath, signInPathFor } from './return-path';

const REQUEST = '/request/7b0f6a52-3c1e-4f7e-9a55-0d6c1c2f4e11';

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    [REQUEST, REQUEST],
    ['/provider/abc', '/provider/abc'],
    ['/profile?tab=security', '/profile?tab=security'],
    ['/browse?q=okn%C3%A1&category=plumbing', '/browse?q=okn%C3%A1&category=plumbing'],
    ['/profile#field-bio', '/profile#field-bio'],
    ['/create', '/create'],
  ])('keeps a page of this site: %s', (value, kept) => {
    expect(safeReturnPath(value)).toBe(kept);
  });

  it.each([
    ['another host, scheme-relative', '//evil.com'],
    ['another host, scheme-relative with a path', '//evil.com/request/1'],
    ['a backslash a browser reads as a slash', '/\\evil.com'],
    ['backslashes only', '\\\\evil.com'],
    ['a backslash later on', '/request/1\\..\\..\\evil'],
    ['an absolute address', 'https://evil.com'],
    ['an absolute address of any scheme', 'http://evil.com/request/1'],
    ['script', 'javascript:alert(1)'],
    ['script behind a slash', '/javascript:alert(1)'],
    ['data', 'data:text/html,hello'],
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['encoded slashes, lower case', '/%2f%2fevil.com'],
    ['an encoded backslash', '/%5Cevil.com'],
    ['twice-encoded slashes', '/%252F%252Fevil.com'],
    ['an encoded whole address', '%2F%2Fevil.com'],
    ['a tab inside the slashes', '/\t/evil.com'],
    ['a line break', '/request/1\r\nSet-Cookie: x=1'],
    ['a NUL', '/request/1\u0000'],
    ['an encoded line break', '/request/1%0d%0aLocation:%20//evil.com'],
    ['an encoded NUL', '/profile%00'],
    ['a space first', ' /profile'],
    ['a relative path', 'profile'],
    ['a broken escape', '/request/%E0%A4%A'],
    ['a page we do not have', '/nowhere'],
    ['the sign-in page itself', '/auth?next=/profile'],
    ['Google’s return page', '/auth/callback?token=google'],
    ['the API', '/api/auth/logout'],
    ['nothing', ''],
    ['far too long', `/browse?q=${'a'.repeat(3000)}`],
  ])('refuses %s', (_why, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(['/profile'])).toBeUndefined();
  });

  it('falls back to home', () => {
    expect(returnPathOr('//evil.com')).toBe('/');
    expect(returnPathOr(REQUEST)).toBe(REQUEST);
  });
});

describe('signInPathFor', () => {
  it('carries a page through sign-in, and leaves home and refused paths out', () => {
    expect(signInPathFor(REQUEST)).toBe(`/auth?next=${encodeURIComponent(REQUEST)}`);
    expect(signInPathFor('/')).toBe('/auth');
    expect(signInPathFor('//evil.com')).toBe('/auth');
    expect(signInPathFor(undefined)).toBe('/auth');
  });
});
