import { describe, expect, it } from 'vitest';
import { attemptFor, fingerprintOf } from './send-attempt';

describe('the key of a message being sent', () => {
  let made = 0;
  const newKey = () => `key-${++made}`;
  const file = new File(['photo'], 'tap.jpg', { type: 'image/jpeg', lastModified: 1 });

  it('stays the same when the same message is tried again', () => {
    const first = attemptFor(undefined, fingerprintOf('Hello', [file]), newKey);
    const again = attemptFor(first, fingerprintOf(' Hello ', [file]), newKey);
    expect(again.key).toBe(first.key);
  });

  it('is new for a changed text or other files', () => {
    const first = attemptFor(undefined, fingerprintOf('Hello', []), newKey);
    expect(attemptFor(first, fingerprintOf('Hello!', []), newKey).key).not.toBe(first.key);
    expect(attemptFor(first, fingerprintOf('Hello', [file]), newKey).key).not.toBe(first.key);
  });
});
