import { describe, expect, it } from 'vitest';
import { formatEuro } from './format';
import { LANGUAGES } from './languages';

describe('formatEuro', () => {
  it.each(LANGUAGES)('writes the euro sign in %s, never "EUR"', (language) => {
    const written = formatEuro(125_050, language);
    expect(written).toContain('€');
    expect(written).not.toContain('EUR');
  });

  it('groups and rounds as the language does', () => {
    expect(formatEuro(125_050, 'sk').replace(/\s/g, ' ')).toBe('1 250,50 €');
    expect(formatEuro(125_050, 'en')).toBe('€1,250.50');
  });
});
