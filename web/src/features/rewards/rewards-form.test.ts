import { describe, expect, it } from 'vitest';
import { REWARD_ICONS } from '../../../../shared/domain/rewards-constants';
import { ICON_EMOJI, iconLabel, PICKER_ICONS } from './reward-icons';
import {
  earliestStart,
  formatPoints,
  GOAL_RANGE,
  parseUsDate,
  START_DATE_FORMAT,
  START_DATE_REQUIRED,
  START_DATE_TOO_EARLY,
  settingsDefaults,
  settingsForm,
  splitExtraEmails,
  startDateProblem,
  usDate,
} from './rewards-form';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('start date (spec section 5: MM/DD/YYYY, required, not before one month ago)', () => {
  const today = day(2026, 3, 31);

  it('reads only real calendar days', () => {
    expect(parseUsDate('02/28/2026')).toEqual(day(2026, 2, 28));
    expect(parseUsDate('02/30/2026')).toBeUndefined();
    expect(parseUsDate('2/3/2026')).toBeUndefined();
    expect(parseUsDate('13/01/2026')).toBeUndefined();
  });

  it('goes back one month, to the last day of a shorter month', () => {
    expect(earliestStart(today)).toEqual(day(2026, 2, 28));
    expect(earliestStart(day(2026, 1, 15))).toEqual(day(2025, 12, 15));
    expect(earliestStart(day(2028, 3, 30))).toEqual(day(2028, 2, 29));
  });

  it('refuses blank, malformed and too early dates, and keeps the program its own date', () => {
    expect(startDateProblem(' ', today)).toBe(START_DATE_REQUIRED);
    expect(startDateProblem('3/31/2026', today)).toBe(START_DATE_FORMAT);
    expect(startDateProblem('02/28/2026', today)).toBeUndefined();
    expect(startDateProblem('02/27/2026', today)).toBe(START_DATE_TOO_EARLY);
    expect(startDateProblem('12/01/2026', today)).toBeUndefined();
    expect(startDateProblem('01/05/2026', today, '01/05/2026')).toBeUndefined();
    expect(startDateProblem('01/06/2026', today, '01/05/2026')).toBe(START_DATE_TOO_EARLY);
  });

  it('writes today as MM/DD/YYYY', () => {
    expect(usDate(day(2026, 7, 4))).toBe('07/04/2026');
  });
});

describe('settings form', () => {
  const today = day(2026, 3, 10);
  const good = { startDate: '03/10/2026', goalCount: '10', goalType: 'items', rewardText: 'Free scarf', icon: 'star', sendRewardsEmail: false } as const;

  it('gives the route its body, the goal as a number', () => {
    expect(settingsForm(today, null).parse(good)).toEqual({ ...good, goalCount: 10 });
  });

  it("refuses a goal outside 1-9999 and reward text over 25 characters with the route's words", () => {
    const schema = settingsForm(today, null);
    for (const goalCount of ['0', '10000', 'ten', '']) {
      expect(schema.safeParse({ ...good, goalCount }).error?.issues[0]?.message).toBe(GOAL_RANGE);
    }
    expect(schema.safeParse({ ...good, rewardText: 'x'.repeat(26) }).error?.issues[0]?.message).toBe('Reward text can be at most 25 characters.');
    expect(schema.safeParse({ ...good, rewardText: '  ' }).error?.issues[0]?.message).toBe('Reward text is required.');
  });

  it('reports every field at once, so the seller fixes them in one go', () => {
    const issues = settingsForm(today, null).safeParse({ ...good, startDate: '01/01/2000', goalCount: '0', rewardText: '' }).error?.issues ?? [];
    expect(issues.map((i) => i.path[0]).sort()).toEqual(['goalCount', 'rewardText', 'startDate']);
  });

  it('starts a new program today, 10 items, a star, automatic emails on only where the plan has them', () => {
    expect(settingsDefaults(undefined, today, true)).toEqual({ ...good, rewardText: '', sendRewardsEmail: true });
    expect(settingsDefaults(undefined, today, false).sendRewardsEmail).toBe(false);
  });
});

describe('extra announcement addresses (spec section 5)', () => {
  it('splits on newlines, semicolons, spaces and commas, keeping valid addresses once', () => {
    const text = 'a@x.test, b@x.test;c@x.test\nd@x.test  A@x.test nope @x.test';
    expect(splitExtraEmails(text)).toEqual({ valid: ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'], skipped: ['nope', '@x.test'] });
    expect(splitExtraEmails(' \n ')).toEqual({ valid: [], skipped: [] });
  });
});

describe('points and icons', () => {
  it('shows dollars with cents and items as whole numbers', () => {
    expect(formatPoints(12.5, 'dollars')).toBe('$12.50');
    expect(formatPoints(7, 'items')).toBe('7');
  });

  it('draws each of the 18 icons differently, a star first', () => {
    expect(PICKER_ICONS[0]).toBe('star');
    expect(new Set(REWARD_ICONS.map((i) => ICON_EMOJI[i])).size).toBe(18);
    expect(iconLabel('shopping-bag')).toBe('Shopping bag');
  });
});
