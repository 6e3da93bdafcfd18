import { describe, expect, it } from 'vitest';
import {
  becameAlmost,
  catchUpDue,
  completedCycle,
  currentCycle,
  customerRewardState,
  earliestStartDay,
  isoDay,
  keptCatchUp,
  manualPeriod,
  orderPoints,
  parseExtraEmails,
  programState,
  reachedGoal,
  redeemCount,
  reminderAllowed,
  reminderDue,
  startDateProblem,
} from './rewards.js';

const order = (over: Partial<Parameters<typeof orderPoints>[0] & object> = {}) => ({
  orderDate: '2026-11-10T12:00:00.000Z',
  status: 'unshipped',
  items: [
    { name: 'Soy Candle', quantity: 2, price: 12.5 },
    { name: 'Wick Trimmer', quantity: 1, price: 8.1 },
  ],
  ...over,
});
const items = { goalType: 'items' as const, startDate: '11/01/2026' };
const dollars = { goalType: 'dollars' as const, startDate: '11/01/2026' };

describe('orderPoints', () => {
  it('counts item quantities for an items goal and the item subtotal for a dollars goal', () => {
    expect(orderPoints(order(), items)).toBe(3);
    expect(orderPoints(order(), dollars)).toBe(33.1);
  });
  it('gives nothing for lines whose name starts with "Free"', () => {
    const o = order({ items: [{ name: 'Free Sample', quantity: 5, price: 3 }, { name: 'Candle (Free gift wrap)', quantity: 1, price: 10 }] });
    expect(orderPoints(o, items)).toBe(1);
    expect(orderPoints(o, dollars)).toBe(10);
  });
  it('gives nothing for an order before the start date, a cancelled order, a deleted order', () => {
    expect(orderPoints(order({ orderDate: '2026-10-31T23:59:00.000Z' }), items)).toBe(0);
    expect(orderPoints(order({ orderDate: '2026-11-01T00:00:00.000Z' }), items)).toBe(3);
    expect(orderPoints(order({ status: 'cancelled' }), items)).toBe(0);
    expect(orderPoints(undefined, dollars)).toBe(0);
  });
  it('a dollars goal counts only orders paid in dollars; an items goal counts items whatever the currency', () => {
    expect(orderPoints(order({ currency: 'EUR' }), dollars)).toBe(0);
    expect(orderPoints(order({ currency: 'USD' }), dollars)).toBe(33.1);
    expect(orderPoints(order({ currency: 'EUR' }), items)).toBe(3);
  });
  it('sums dollars in cents', () => {
    const o = order({ items: [{ name: 'A', quantity: 1, price: 0.1 }, { name: 'B', quantity: 1, price: 0.2 }] });
    expect(orderPoints(o, dollars)).toBe(0.3);
  });
});

describe('redeem count and customer states', () => {
  it('redeem count is floor(balance / goal)', () => {
    expect(redeemCount(9, 10)).toBe(0);
    expect(redeemCount(10, 10)).toBe(1);
    expect(redeemCount(29.99, 10)).toBe(2);
    expect(redeemCount(0.3, 0.1)).toBe(3);
    expect(redeemCount(-5, 10)).toBe(0);
  });
  it('earned, almost from 80 %, fulfilled after a redeem with nothing new, else in progress', () => {
    const s = (balance: number, redeemed = 0, earnedSinceRedeem = false) => customerRewardState({ balance, goal: 10, redeemed, earnedSinceRedeem });
    expect(s(10)).toBe('earned');
    expect(s(8)).toBe('almost');
    expect(s(7.99)).toBe('inProgress');
    expect(s(0, 1)).toBe('fulfilled');
    expect(s(2, 1, true)).toBe('inProgress');
    expect(s(0)).toBe('inProgress');
  });
  it('goal cycles: reaching the goal and crossing into almost', () => {
    expect(reachedGoal(9, 10, 10)).toBe(true);
    expect(reachedGoal(10, 12, 10)).toBe(false);
    expect(completedCycle(12, 10, 2)).toBe(3);
    expect(currentCycle(5, 10, 2)).toBe(3);
    expect(becameAlmost(5, 8, 10)).toBe(true);
    expect(becameAlmost(8, 9, 10)).toBe(false);
    expect(becameAlmost(9, 11, 10)).toBe(false);
    expect(becameAlmost(12, 18, 10)).toBe(true);
  });
});

describe('program state and start date', () => {
  const today = '2026-11-25';
  it('not started, scheduled, active, cancelled', () => {
    expect(programState(undefined, today)).toBe('notStarted');
    expect(programState({ startDate: null, active: false }, today)).toBe('notStarted');
    expect(programState({ startDate: '12/01/2026', active: true }, today)).toBe('scheduled');
    expect(programState({ startDate: '11/25/2026', active: true }, today)).toBe('active');
    expect(programState({ startDate: '11/01/2026', active: false }, today)).toBe('cancelled');
  });
  it('takes MM/DD/YYYY from one month ago on', () => {
    expect(earliestStartDay('2026-11-25')).toBe('2026-10-25');
    expect(earliestStartDay('2026-03-31')).toBe('2026-02-28');
    expect(earliestStartDay('2026-01-15')).toBe('2025-12-15');
    expect(startDateProblem('10/25/2026', today)).toBeUndefined();
    expect(startDateProblem('12/31/2027', today)).toBeUndefined();
    expect(startDateProblem('10/24/2026', today)).toMatch(/one month/);
    expect(startDateProblem('2026-11-25', today)).toMatch(/MM\/DD\/YYYY/);
    expect(startDateProblem('02/30/2026', today)).toMatch(/MM\/DD\/YYYY/);
    expect(isoDay('02/29/2028')).toBe('2028-02-29');
  });
  it('a catch-up is due once per start date the program earns from: new, moved, restarted', () => {
    const active = { startDate: '11/01/2026', active: true };
    expect(catchUpDue(active)).toBe(true);
    expect(catchUpDue({ ...active, caughtUpFrom: '11/01/2026' })).toBe(false);
    expect(catchUpDue({ ...active, caughtUpFrom: '10/28/2026' })).toBe(true);
    expect(catchUpDue({ ...active, active: false })).toBe(false);
    expect(catchUpDue({ startDate: null, active: true })).toBe(false);
    expect(catchUpDue(undefined)).toBe(false);
    // A save keeps the mark only while the program stays active from the same start date.
    expect(keptCatchUp({ ...active, caughtUpFrom: '11/01/2026' }, '11/01/2026')).toBe('11/01/2026');
    expect(keptCatchUp({ ...active, caughtUpFrom: '11/01/2026' }, '11/02/2026')).toBeUndefined();
    expect(keptCatchUp({ ...active, active: false, caughtUpFrom: '11/01/2026' }, '11/01/2026')).toBeUndefined();
    expect(keptCatchUp(undefined, '11/01/2026')).toBeUndefined();
  });
});

describe('extra emails', () => {
  it('splits on newline, semicolon, space and comma, keeps valid addresses once', () => {
    const text = 'a@x.com;b@y.org, c@z.net\nnot-an-address  A@X.com\r\nd@w.io;;,@bad.com e@nodot';
    expect(parseExtraEmails(text)).toEqual(['a@x.com', 'b@y.org', 'c@z.net', 'd@w.io']);
    expect(parseExtraEmails(undefined)).toEqual([]);
  });
});

describe('reminder limits', () => {
  it('reminds of an unredeemed reward every 7th day after it was earned, one period per window', () => {
    const due = (today: string) => reminderDue('2026-11-01', today);
    expect(due('2026-11-01').due).toBe(false);
    expect(due('2026-11-07').due).toBe(false);
    expect(due('2026-11-08')).toEqual({ due: true, period: 'reminder-2026-11-01-w1' });
    expect(due('2026-11-09').due).toBe(false);
    expect(due('2026-11-15')).toEqual({ due: true, period: 'reminder-2026-11-01-w2' });
    const dueDays = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10)).filter((d) => due(d).due);
    for (let i = 1; i < dueDays.length; i++) {
      expect(Date.parse(dueDays[i] as string) - Date.parse(dueDays[i - 1] as string)).toBe(7 * 86_400_000);
    }
  });
  it('allows a reminder only 7 days after the last one', () => {
    expect(reminderAllowed(undefined, '2026-11-25')).toBe(true);
    expect(reminderAllowed('2026-11-19T23:00:00Z', '2026-11-25T01:00:00Z')).toBe(false);
    expect(reminderAllowed('2026-11-18', '2026-11-25')).toBe(true);
  });
  it("a seller's click is one email per day", () => {
    expect(manualPeriod('2026-11-25T10:00:00Z')).toBe(manualPeriod('2026-11-25T23:00:00Z'));
    expect(manualPeriod('2026-11-25T10:00:00Z', 'a')).toBe(manualPeriod('2026-11-25T23:00:00Z', 'a'));
    expect(manualPeriod('2026-11-25T10:00:00Z', 'a')).not.toBe(manualPeriod('2026-11-25T10:00:00Z', 'b'));
  });
});
