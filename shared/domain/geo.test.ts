import { describe, expect, it } from 'vitest';
import { COUNTRIES, isCountry } from './geo.js';

describe('countries', () => {
  it('are listed by name, as the country dropdown shows them', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names.slice(0, 5)).toEqual(['Afghanistan', 'Åland Islands', 'Albania', 'Algeria', 'American Samoa']);
    expect(names.at(-1)).toBe('Zimbabwe');
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(names).toEqual(sorted);
    expect(names.indexOf('Côte d’Ivoire')).toBeLessThan(names.indexOf('Croatia'));
  });

  it('are still each ISO 3166 code once', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(COUNTRIES).toContainEqual({ code: 'US', name: 'United States' });
    expect(isCountry('us')).toBe(true);
  });
});
