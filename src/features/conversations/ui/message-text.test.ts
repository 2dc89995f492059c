import { describe, expect, it } from 'vitest';
import { MASK_MARK, excerptOf, splitMasked } from './message-text';

describe('a masked message', () => {
  it('is cut around each mark of a hidden contact', () => {
    expect(splitMasked(`Call me on ${MASK_MARK} or write to ${MASK_MARK}.`)).toEqual([
      { text: 'Call me on ', masked: false },
      { text: MASK_MARK, masked: true },
      { text: ' or write to ', masked: false },
      { text: MASK_MARK, masked: true },
      { text: '.', masked: false },
    ]);
    expect(splitMasked(MASK_MARK)).toEqual([{ text: MASK_MARK, masked: true }]);
    expect(splitMasked('No contacts here')).toEqual([{ text: 'No contacts here', masked: false }]);
  });
});

describe('an excerpt', () => {
  it('is one line', () => {
    expect(excerptOf('  Hello,\n\nthe tap   drips.\t')).toBe('Hello, the tap drips.');
  });
});
