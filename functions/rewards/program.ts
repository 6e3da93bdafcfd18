import type { z } from 'zod';
import { recordRewards } from '../reports/aggregates.js';
import { MESSAGES } from '../../shared/api/messages.js';
import type { RouteOf } from '../../shared/api/routes.js';
import { can, type MaybePackage } from '../../shared/domain/plans.js';
import { catchUpDue, customerRewardState, keptCatchUp, programState, redeemCount, startDateProblem, usDay } from '../../shared/domain/rewards.js';
import { DEFAULT_GOAL_COUNT } from '../../shared/domain/rewards-constants.js';
import type { RewardCustomerRow, RewardSettings } from '../../shared/schemas/rewards.js';
import { getCustomer, getCustomers } from '../data/customers.js';
import { listOrdersOfCustomer } from '../data/orders.js';
import {
  getMember,
  getRewardSettings,
  giftsEarned,
  listFulfilled,
  listMembers,
  listPointsOfCustomer,
  programFields,
  putRewardSettings,
  redeem,
  type RewardMemberRecord,
  type RewardSettingsRecord,
} from '../data/rewards.js';
import { Conflict, InvalidInput, NotFound } from '../domain/errors.js';
import { withDomainErrors } from '../services/data-failures.js';
import { queueCatchUp } from './catch-up.js';

/** The rewards program's calls (spec sections 3-7, issue 14), but its emails (emails.ts) and earning (earning.ts). */

type Seller = { sellerId: string; package?: MaybePackage };
type SaveBody = z.output<RouteOf<'rewards.saveSettings'>['body']>;

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The program as the screens read it; a seller who never set one up reads the defaults. */
export function settingsView(seller: Seller, s: RewardSettingsRecord | undefined): RewardSettings {
  const automaticAllowed = can(seller.package, 'automaticRewardEmails');
  return {
    startDate: s?.startDate ?? null,
    goalCount: s?.goalCount ?? DEFAULT_GOAL_COUNT,
    goalType: s?.goalType ?? 'items',
    rewardText: s?.rewardText ?? '',
    icon: s?.icon ?? 'star',
    active: s?.active ?? false,
    notAvailable: !can(seller.package, 'rewards'),
    announcementSent: s?.announcementSent ?? false,
    // Executive only (spec section 6); on by default for the plan that may use it.
    sendRewardsEmail: automaticAllowed && (s ? s.sendRewardsEmail : true),
    state: programState(s, todayIso()),
    catchingUp: catchUpDue(s),
  };
}

/** The stored program (undefined before one is set up), by the seller's id alone; settingsView makes it the screen's. */
export function storedSettings(sellerId: string) {
  return getRewardSettings(sellerId);
}

const saved = (seller: Seller, s: RewardSettingsRecord) => ({ success: true as const, message: MESSAGES.rewardsSettingsSaved, settings: settingsView(seller, s) });

/**
 * Sets up or changes the program. The start date may not be before one month ago; an active program keeping its
 * start date is not refused for it having aged.
 */
export async function saveSettings(seller: Seller, body: SaveBody) {
  const existing = await getRewardSettings(seller.sellerId, { consistent: true });
  if (!(existing?.active && existing.startDate === body.startDate)) {
    const problem = startDateProblem(body.startDate, todayIso());
    if (problem) throw new InvalidInput({ startDate: problem });
  }
  const settings = await putRewardSettings(seller.sellerId, {
    startDate: body.startDate,
    goalCount: body.goalCount,
    goalType: body.goalType,
    rewardText: body.rewardText,
    icon: body.icon,
    active: true,
    announcementSent: existing?.announcementSent ?? false,
    sendRewardsEmail: body.sendRewardsEmail,
    caughtUpFrom: keptCatchUp(existing, body.startDate),
  });
  await queueCatchUp(seller.sellerId, settings);
  return saved(seller, settings);
}

async function program(sellerId: string): Promise<RewardSettingsRecord & { startDate: string }> {
  const s = await getRewardSettings(sellerId, { consistent: true });
  if (!s?.startDate) throw new Conflict(MESSAGES.rewardsNotStarted);
  return { ...s, startDate: s.startDate };
}

/**
 * Ends the program; balances, points and fulfilled rewards stay (a restart picks them up). Its catch-up mark goes:
 * orders placed while it is ended earn nothing then, and are credited by the restart's catch-up.
 */
export async function disableProgram(seller: Seller) {
  const { caughtUpFrom: _, ...fields } = programFields(await program(seller.sellerId));
  return saved(seller, await putRewardSettings(seller.sellerId, { ...fields, active: false }));
}

/**
 * Restarts an ended program with its settings; automatic emails only if the plan still has them. Orders from its
 * start date on earn again, those placed while it was ended too (its catch-up).
 */
export async function restartProgram(seller: Seller) {
  const s = await getRewardSettings(seller.sellerId, { consistent: true });
  if (!s?.startDate) throw new Conflict(MESSAGES.rewardsNoPrevious);
  const fields = programFields({ ...s, startDate: s.startDate });
  const restarted = await putRewardSettings(seller.sellerId, {
    ...fields,
    active: true,
    sendRewardsEmail: fields.sendRewardsEmail && can(seller.package, 'automaticRewardEmails'),
  });
  await queueCatchUp(seller.sellerId, restarted);
  return saved(seller, restarted);
}

interface Standing {
  customerId: string;
  name: string;
  email?: string;
  rewardBalance: number;
}

function row(c: Standing, member: RewardMemberRecord | undefined, goal: number): RewardCustomerRow {
  const earnedSinceRedeem = !!member?.lastEarnAt && (!member.lastRedeemAt || member.lastEarnAt > member.lastRedeemAt);
  return {
    customerID: c.customerId,
    name: c.name,
    email: c.email ?? '',
    points: c.rewardBalance,
    dateEarned: member?.earnedAt ? usDay(member.earnedAt) : null,
    status: customerRewardState({ balance: c.rewardBalance, goal, redeemed: member?.redeemed ?? 0, earnedSinceRedeem }),
    redeemCount: redeemCount(c.rewardBalance, goal),
  };
}

/**
 * The dashboard: the program and a page of 20 of its customers, highest balance first, optionally by name or email.
 * The index names the customers; their balances and names are read from the customers themselves.
 */
export async function rewardInfoReads(sellerId: string, query: { q?: string; cursor?: string }) {
  return withDomainErrors(async () => {
    const settings = await getRewardSettings(sellerId);
    const goal = settings?.goalCount ?? DEFAULT_GOAL_COUNT;
    const page = await listMembers(sellerId, { q: query.q, cursor: query.cursor });
    const customers = await getCustomers(sellerId, page.members.map((m) => m.customerId));
    const byId = new Map(customers.filter((c) => !c.mergedInto).map((c) => [c.customerId, c]));
    const rows = page.members.flatMap((m) => {
      const c = byId.get(m.customerId);
      return c ? [row({ customerId: c.customerId, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email, rewardBalance: c.rewardBalance }, m, goal)] : [];
    });
    return { settings, customers: rows, cursor: page.cursor };
  });
}

/** The rewards dashboard's answer: the program as the seller's plan shows it, with what rewardInfoReads found. */
export function rewardInfoOf(seller: Seller, found: Awaited<ReturnType<typeof rewardInfoReads>>) {
  return { settings: settingsView(seller, found.settings), customers: found.customers, ...(found.cursor ? { cursor: found.cursor } : {}) };
}

/** The seller's latest fulfilled rewards, or one customer's rewards and point history (/rewards/history). */
export async function previousRewards(sellerId: string, query: { customerId?: string; cursor?: string }) {
  return withDomainErrors(async () => {
    const page = await listFulfilled(sellerId, { customerId: query.customerId, cursor: query.cursor });
    const rewards = page.rewards.map((r) => ({
      customerID: r.customerId,
      name: r.name,
      rewardText: r.rewardText,
      icon: r.icon,
      dateEarned: usDay(r.dateEarned),
      dateFulfilled: usDay(r.fulfilledAt),
    }));
    const more = page.cursor ? { cursor: page.cursor } : {};
    if (!query.customerId) return { rewards, ...more };
    const [customer, member, settings, points, orders] = await Promise.all([
      getCustomer(sellerId, query.customerId),
      getMember(sellerId, query.customerId),
      getRewardSettings(sellerId),
      listPointsOfCustomer(sellerId, query.customerId),
      listOrdersOfCustomer(sellerId, query.customerId, { limit: POINT_HISTORY }),
    ]);
    if (!customer) throw new NotFound(MESSAGES.customerNotFound);
    const goal = settings?.goalCount ?? DEFAULT_GOAL_COUNT;
    const history = [
      ...points.map((p) =>
        p.kind === 'adjustment'
          ? { at: p.at, kind: 'adjustment' as const, points: p.change, description: 'Balance adjusted' }
          : {
              at: p.at,
              kind: p.change < 0 ? ('reversal' as const) : ('order' as const),
              points: p.change,
              orderID: p.orderId,
              description: `Order ${p.orderNumber ?? ''}`.trim(),
            },
      ),
      ...importedPoints(orders.orders, new Set(points.map((p) => p.orderId))),
      ...page.rewards.map((r) => ({ at: r.fulfilledAt, kind: 'redeem' as const, points: -r.goalCount, description: r.rewardText })),
    ].sort((a, b) => b.at.localeCompare(a.at));
    const standing = { customerId: customer.customerId, name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email, rewardBalance: customer.rewardBalance };
    return { rewards, history, customer: row(standing, member, goal), ...more };
  });
}

/** How many of a customer's latest point entries and orders the history shows. */
const POINT_HISTORY = 50;

/**
 * An order an import created carries the points it credited on itself (one write per order, issue 14's import
 * speed); it has a point entry of its own only once it changes. Those orders are history too.
 */
function importedPoints(orders: readonly { orderId: string; orderNumber?: string; orderDate: string; rewardPoints?: number }[], entered: Set<string | undefined>) {
  return orders
    .filter((o) => (o.rewardPoints ?? 0) > 0 && !entered.has(o.orderId))
    .map((o) => ({
      at: o.orderDate,
      kind: 'order' as const,
      points: o.rewardPoints as number,
      orderID: o.orderId,
      description: `Order ${o.orderNumber ?? ''}`.trim(),
    }));
}

export async function giftsEarnedCount(sellerId: string) {
  return { count: await giftsEarned(sellerId) };
}

/** Redeems one reward; the same request key redeems once (a double click, a retry, two tabs at once). */
export async function redeemReward(seller: Seller, body: { customerID: string; requestKey: string }) {
  const s = await program(seller.sellerId);
  const result = await redeem(seller.sellerId, body.customerID, body.requestKey, { goalCount: s.goalCount, rewardText: s.rewardText ?? '', icon: s.icon });
  if (!result.ok) {
    if (result.reason === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
    throw new Conflict(MESSAGES.rewardsNothingToRedeem);
  }
  // A repeated request redeemed nothing new: only the first counts in the reports.
  if (!result.repeated) await recordRewards(seller.sellerId, new Date().toISOString(), { redeemed: 1 });
  return { success: true as const, rewardBalance: result.rewardBalance, redeemCount: redeemCount(result.rewardBalance, s.goalCount) };
}

export { program as requireProgram };
