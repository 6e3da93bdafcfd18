import { describe, expect, it } from 'vitest';
import type { RewardEmailRequested } from '../../events/schemas.js';
import { renderRewardEmail } from './reward-emails.js';

const base = { type: 'reward-email.requested', sellerId: 's1', customerId: 'c1', period: 'p', rewardText: 'A free candle' } as const;
const names = { firstName: 'Ada', sellerName: "Dana's Direct Sales" };
const render = (m: Partial<RewardEmailRequested> & Pick<RewardEmailRequested, 'kind'>) => renderRewardEmail({ ...base, ...m }, names).text;

describe('reward email wording', () => {
  it('says the unit of the progress once, after the goal', () => {
    const almost = render({ kind: 'almost', points: 8, goalCount: 10, goalType: 'items' });
    expect(almost).toContain('You have 8 of 10 items.');
    expect(almost).toContain('Only 2 items to go!');
    expect(render({ kind: 'reminder', points: 30, goalCount: 10, goalType: 'items' })).toContain('You have 30 of 10 items.');
  });

  it('reads a goal of one item, and one item left, in the singular', () => {
    expect(render({ kind: 'almost', points: 0, goalCount: 1, goalType: 'items' })).toContain('You have 0 of 1 item.\nOnly 1 item to go!');
    expect(render({ kind: 'almost', points: 9, goalCount: 10 })).toContain('You have 9 of 10 items.\nOnly 1 item to go!');
  });

  it('writes dollars as amounts on both sides', () => {
    const text = render({ kind: 'almost', points: 8, goalCount: 10, goalType: 'dollars' });
    expect(text).toContain('You have $8.00 of $10.00.');
    expect(text).toContain('Only $2.00 to go!');
  });

  it('names the goal once in the earned and announcement emails', () => {
    expect(render({ kind: 'earned', points: 10, goalCount: 10, goalType: 'items' })).toContain(
      "You reached the rewards goal of 10 items at Dana's Direct Sales and earned A free candle.",
    );
    expect(render({ kind: 'announcement', goalCount: 1, goalType: 'items' })).toContain('Reach 1 item and earn A free candle.');
    expect(render({ kind: 'announcement', goalCount: 50, goalType: 'dollars' })).toContain('Reach $50.00 and earn A free candle.');
  });

  it('leaves the progress out when the message carries no points', () => {
    expect(render({ kind: 'reminder', goalCount: 10 })).not.toMatch(/You have \d/);
  });
});
