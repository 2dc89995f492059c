/** The wire speaks snake_case; the browser's code speaks camelCase. These convert keys deeply. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [convert(key), convertKeys(item, convert)]),
    );
  }
  return value;
}

export const camelizeKeys = <T>(value: unknown): T => convertKeys(value, toCamel) as T;
export const snakeizeKeys = (value: unknown): Json => convertKeys(value, toSnake) as Json;
