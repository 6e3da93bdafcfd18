import { describe, expect, it } from 'vitest';
import { atLeast, PACKAGES, planOf, planRank } from './plans.js';

describe('plans', () => {
  it('orders starter < growth < executive', () => {
    expect(planRank('starter')).toBeLessThan(planRank('growth'));
    expect(planRank('growth')).toBeLessThan(planRank('executive'));
  });

  it('maps the legacy package names to their plans', () => {
    expect(planOf('base')).toBe('starter');
    expect(planOf('starterlegacy')).toBe('starter');
    expect(planOf('plus')).toBe('growth');
    expect(planOf('preferred')).toBe('executive');
    for (const p of PACKAGES) expect(['starter', 'growth', 'executive']).toContain(planOf(p));
  });

  it('lets a package through a gate only at or above the plan', () => {
    expect(atLeast('starter', 'growth')).toBe(false);
    expect(atLeast('base', 'growth')).toBe(false);
    expect(atLeast('plus', 'growth')).toBe(true);
    expect(atLeast('growth', 'executive')).toBe(false);
    expect(atLeast('preferred', 'executive')).toBe(true);
  });
});
