import { MESSAGES } from '../api/messages.js';
import {
  ALMOST_SHARE,
  type CustomerRewardState,
  FREE_ITEM_PREFIX,
  type GoalType,
  type ProgramState,
  REMINDER_INTERVAL_DAYS,
  START_DATE_MAX_MONTHS_BACK,
} from './rewards-constants.js';

/**
 * The rewards program's pure rules (spec sections 4 and 5, issue 14): what an order earns, where a customer and a
 * program stand, the start-date window, the extra addresses of an announcement, and the periods that make each
 * reward email one email (the `period` of a reward-email message).
 */

const cents = (n: number) => Math.round(n * 100);

/** Points are whole items, or dollars kept to the cent: sums are made in cents so 0.1 + 0.2 stays 0.3. */
export const roundPoints = (n: number) => cents(n) / 100;

export interface PointsOrder {
  orderDate: string;
  status: string;
  items: readonly { name: string; quantity: number; price: number }[];
  /** ISO 4217; absent means USD (issue 19: an import keeps the currency an order was paid in). */
  currency?: string;
}

export interface EarningProgram {
  goalType: GoalType;
  /** MM/DD/YYYY. */
  startDate: string;
}

/** MM/DD/YYYY to YYYY-MM-DD, or undefined when it is no calendar day. */
export function isoDay(mmddyyyy: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(mmddyyyy.trim());
  if (!m) return undefined;
  const [, mm, dd, yyyy] = m as unknown as [string, string, string, string];
  const d = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (d.getUTCFullYear() !== Number(yyyy) || d.getUTCMonth() !== Number(mm) - 1 || d.getUTCDate() !== Number(dd)) return undefined;
  return `${yyyy}-${mm}-${dd}`;
}

/** YYYY-MM-DD (or an ISO timestamp) to MM/DD/YYYY. */
export function usDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** Whether an item line earns: lines whose name starts with "Free" earn nothing. */
export const lineEarns = (name: string) => !name.trimStart().startsWith(FREE_ITEM_PREFIX);

/**
 * What an order earns: item quantities (items goal) or the item subtotal, no shipping, no tax (dollars goal).
 * A missing (deleted) or cancelled order earns 0, and so does an order dated before the program's start date, and
 * for a dollars goal an order paid in another currency.
 */
export function orderPoints(order: PointsOrder | undefined, program: EarningProgram): number {
  if (!order || order.status === 'cancelled') return 0;
  const start = isoDay(program.startDate);
  if (!start || order.orderDate.slice(0, 10) < start) return 0;
  const lines = order.items.filter((i) => lineEarns(i.name) && i.quantity > 0);
  if (program.goalType === 'items') return lines.reduce((sum, i) => sum + i.quantity, 0);
  // A dollars goal counts dollars: an order paid in another currency earns nothing rather than its figure as if it
  // were dollars (amounts are never converted, docs/decisions.md "Issue 19").
  if (order.currency && order.currency !== 'USD') return 0;
  return lines.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0) / 100;
}

/** Rewards waiting to be redeemed: floor(balance / goal). */
export function redeemCount(balance: number, goal: number): number {
  if (goal <= 0 || balance <= 0) return 0;
  return Math.floor(cents(balance) / cents(goal));
}

/** The balance from which a customer is "almost" there (at least 80 % of the goal). */
export const almostThreshold = (goal: number) => roundPoints(goal * ALMOST_SHARE);

export interface MemberStanding {
  balance: number;
  goal: number;
  /** Rewards redeemed so far. */
  redeemed: number;
  /** Whether points came in since the last redeem. */
  earnedSinceRedeem: boolean;
}

/** Earned (a reward to redeem), almost (>= 80 %), fulfilled (redeemed, nothing new since), else in progress. */
export function customerRewardState(s: MemberStanding): CustomerRewardState {
  if (redeemCount(s.balance, s.goal) > 0) return 'earned';
  if (s.balance > 0 && cents(s.balance) >= cents(almostThreshold(s.goal))) return 'almost';
  if (s.redeemed > 0 && !s.earnedSinceRedeem) return 'fulfilled';
  return 'inProgress';
}

/**
 * The goal cycle a customer is in: cycle n is the way to the n-th reward. A reward-earned email names the cycle
 * just completed, an almost-there email the cycle being approached, so each is sent once per cycle.
 */
export const completedCycle = (balance: number, goal: number, redeemed: number) => redeemed + redeemCount(balance, goal);
export const currentCycle = (balance: number, goal: number, redeemed: number) => completedCycle(balance, goal, redeemed) + 1;
export const cyclePeriod = (n: number) => `cycle-${n}`;

/** Whether a balance change completed at least one more goal (a reward-earned email is due). */
export const reachedGoal = (before: number, after: number, goal: number) => redeemCount(after, goal) > redeemCount(before, goal);
/** Whether a balance change crossed into "almost" (80 % of the goal) without completing a goal. */
export function becameAlmost(before: number, after: number, goal: number): boolean {
  if (redeemCount(after, goal) !== redeemCount(before, goal)) return false;
  const rest = (b: number) => Math.max(0, cents(b)) - redeemCount(b, goal) * cents(goal);
  const line = cents(almostThreshold(goal));
  return rest(after) >= line && rest(before) < line;
}

export interface ProgramFlags {
  startDate?: string | null;
  active: boolean;
}

/** Not started (never set up), scheduled (start date ahead), active, or cancelled (ended, restartable). */
export function programState(p: ProgramFlags | undefined, today: string): ProgramState {
  if (!p?.startDate) return 'notStarted';
  if (!p.active) return 'cancelled';
  const start = isoDay(p.startDate);
  return start && start > today.slice(0, 10) ? 'scheduled' : 'active';
}

/** Whether orders earn now: a program scheduled or active (its orders before the start date earn nothing). */
export const programEarns = (p: ProgramFlags | undefined) => !!p?.startDate && p.active;

/**
 * Whether the orders placed before the program earned, from its start date on, still wait for their points: it earns
 * and its catch-up has not finished for this start date. `caughtUpFrom` is kept only while a program stays active
 * from one start date (keptCatchUp), so a new program, a changed start date and a restart each catch up once.
 */
export const catchUpDue = (p: (ProgramFlags & { caughtUpFrom?: string }) | undefined) => programEarns(p) && p?.caughtUpFrom !== p?.startDate;

/** What a save keeps of a finished catch-up: its mark, while the program was active from the same start date. */
export const keptCatchUp = (before: (ProgramFlags & { caughtUpFrom?: string }) | undefined, startDate: string) =>
  before?.active && before.startDate === startDate ? before.caughtUpFrom : undefined;

/** The earliest start date a seller may choose: one month before today (YYYY-MM-DD). */
export function earliestStartDay(today: string): string {
  const [y, m, d] = today.slice(0, 10).split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y, m - 1 - START_DATE_MAX_MONTHS_BACK, 1));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(d, lastDay));
  return back.toISOString().slice(0, 10);
}


/** The start date's problem in the seller's words, or undefined when it may be used (spec section 5). */
export function startDateProblem(startDate: string, today: string): string | undefined {
  const day = isoDay(startDate);
  if (!day) return MESSAGES.rewardsStartDateInvalid;
  if (day < earliestStartDay(today)) return MESSAGES.rewardsStartDateTooEarly;
  return undefined;
}

const EMAIL = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
export const isEmailAddress = (s: string) => s.length <= 254 && EMAIL.test(s);

/** An announcement's extra addresses: split on newline, semicolon, space and comma; valid ones, each once. */
export function parseExtraEmails(text: string | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of (text ?? '').split(/[\s;,]+/)) {
    const a = part.trim();
    if (!a || !isEmailAddress(a)) continue;
    const key = a.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (isoDayOrTime: string) => Math.floor(Date.parse(`${isoDayOrTime.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/**
 * The daily job's reminder of an unredeemed reward: due on every 7th day after the day the reward was earned (the
 * earned email covers day 0), so a customer hears at most once in 7 days without the job keeping any state; the
 * period names that 7-day window, so a second run the same day (or a redelivery) is the same email.
 */
export function reminderDue(earnedDay: string, today: string): { due: boolean; period: string } {
  const days = dayNumber(today) - dayNumber(earnedDay);
  const window = Math.floor(days / REMINDER_INTERVAL_DAYS);
  return { due: days > 0 && days % REMINDER_INTERVAL_DAYS === 0, period: `reminder-${earnedDay.slice(0, 10)}-w${window}` };
}

/** Whether at least 7 days passed since the last reminder (undefined: never reminded). */
export const reminderAllowed = (lastSentAt: string | undefined, now: string) =>
  !lastSentAt || dayNumber(now) - dayNumber(lastSentAt) >= REMINDER_INTERVAL_DAYS;

/**
 * The job's almost-there email: sent to customers who crossed 80 % since the job's previous runs (a day back, and
 * one more in case a run was missed); the period is the goal cycle, so it is one email per cycle however often
 * the job sees the customer.
 */
export const ALMOST_LOOKBACK_DAYS = 2;
export const almostRecent = (almostSince: string | undefined, today: string) =>
  !!almostSince && dayNumber(today) - dayNumber(almostSince) <= ALMOST_LOOKBACK_DAYS;

/**
 * A seller's own click (reminder, almost, announcement): one email per customer and day, so a double click is one.
 * `words` (a digest of what the seller wrote) makes a reminder or announcement with other words another email.
 */
export const manualPeriod = (today: string, words?: string) => `manual-${today.slice(0, 10)}${words ? `-${words}` : ''}`;

/** Balance as a sortable key (cents, zero-padded): the reward index orders customers by it. */
export const balanceKey = (balance: number) => String(Math.max(0, cents(balance))).padStart(12, '0');
