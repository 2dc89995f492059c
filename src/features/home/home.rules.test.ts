import { describe, expect, it } from 'vitest';
import { MIN_SHOWN_FIGURE, shownFigure } from './home.rules';

describe('shownFigure', () => {
  it('hides a zero and any count below the minimum, and shows the minimum and above', () => {
    expect(shownFigure(0)).toBeNull();
    expect(shownFigure(MIN_SHOWN_FIGURE - 1)).toBeNull();
    expect(shownFigure(MIN_SHOWN_FIGURE)).toBe(MIN_SHOWN_FIGURE);
    expect(shownFigure(1234)).toBe(1234);
  });
});
