import { MESSAGES } from '../api/messages.js';

/**
 * Discounts (spec sections 3-5, issue 15): what a discount is, the rules of section 5 that a saved one keeps, and the
 * one function that prices an order's lines with the seller's discounts. Pure: the Add Discount form, New Order and
 * the server that saves an order all use these, so the browser shows what the server stores.
 */

/** Spec section 3: type 0 condition, 1 bogo, 2 exact, 3 minimum, 4 product. */
export const DISCOUNT_TYPE = { condition: 0, bogo: 1, exact: 2, minimum: 3, product: 4 } as const;
export type DiscountTypeName = keyof typeof DISCOUNT_TYPE;
export type DiscountType = (typeof DISCOUNT_TYPE)[DiscountTypeName];
/**
 * The kinds a seller can save. Type 0 ("condition") is the Quantity choice before its kind (exact, minimum, bogo) is
 * picked: the form may hold it, a saved discount never does.
 */
export const SAVED_DISCOUNT_TYPES = [DISCOUNT_TYPE.bogo, DISCOUNT_TYPE.exact, DISCOUNT_TYPE.minimum, DISCOUNT_TYPE.product] as const;
export const QUANTITY_KINDS = [DISCOUNT_TYPE.exact, DISCOUNT_TYPE.minimum, DISCOUNT_TYPE.bogo] as const;
export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  0: 'Quantity',
  1: 'Buy one get one',
  2: 'Exact quantity',
  3: 'Minimum quantity',
  4: 'Item/Product',
};

export const MAX_DISCOUNT_NAME = 20;
export const MAX_PERCENT = 100;
/** A dollar discount is at most the most an item may cost (shared/schemas/common.ts MAX_PRICE). */
export const MAX_DISCOUNT_DOLLARS = 100_000;
/** An order line holds at most 10,000 of an item (orderItemSchema), so no threshold above it can be met. */
export const MAX_DISCOUNT_QUANTITY = 10_000;
export const MAX_DISCOUNT_ITEMS = 100;
/** Discounts running at once per seller: every order save reads them all. */
export const MAX_LIVE_DISCOUNTS = 100;

export interface DiscountItem {
  /** The catalogue's product id: an order line chosen from the catalogue carries it. */
  id: string;
  name: string;
  description?: string | null;
}

/** A discount's fields (spec section 3) and whether it runs only in live streams. */
export interface DiscountFields {
  name: string;
  type: number;
  isPercent: boolean;
  amount: number;
  continuous: boolean;
  livestream: boolean;
  /** MM/DD/YYYY; none when continuous. */
  startDate?: string | null;
  endDate?: string | null;
  /** The items it applies to (product), or those counted towards its quantity (exact, minimum, bogo). */
  items: readonly DiscountItem[];
  /** Bogo: the items that come discounted. */
  itemsBogo: readonly DiscountItem[];
  /** The quantity threshold (exact, minimum) or the quantity to buy (bogo). */
  itemsDiscountAmount: number;
  /** Bogo: how many come discounted. */
  itemsDiscountBogoAmount: number;
}

/** A saved discount, as the pricing reads it. */
export interface Discount extends DiscountFields {
  discountId: string;
  /** Set when the seller ended it: it no longer applies. */
  endedAt?: string | null;
}

const MMDDYYYY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** MM/DD/YYYY as YYYY-MM-DD (sortable), or undefined when it is not a calendar day. */
export function dayOf(text: string | null | undefined): string | undefined {
  const m = MMDDYYYY.exec(text?.trim() ?? '');
  if (!m) return undefined;
  const [, mm, dd, yyyy] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) return undefined;
  return `${yyyy}-${mm}-${dd}`;
}

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone` (an unknown zone reads as UTC). */
export function dayAt(now: Date, timeZone = 'UTC'): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const hasCents = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const isWhole = (v: number) => Number.isInteger(v);

/**
 * Every rule of spec section 5 a discount breaks, one message per field (the form shows each at its field; the
 * server answers them with 400). Empty when the discount may be saved.
 */
export function discountProblems(d: DiscountFields): Record<string, string> {
  const problems: Record<string, string> = {};
  const add = (field: string, message: string) => {
    problems[field] ??= message;
  };
  const name = d.name.trim();
  if (!name) add('name', MESSAGES.discountNameRequired);
  else if (name.length > MAX_DISCOUNT_NAME) add('name', MESSAGES.discountNameTooLong);

  const type = d.type as DiscountType;
  if (!(SAVED_DISCOUNT_TYPES as readonly number[]).includes(type)) add('type', MESSAGES.discountChooseKind);

  if (!(d.amount > 0)) add('amount', MESSAGES.discountAmount);
  else if (d.isPercent && d.amount > MAX_PERCENT) add('amount', MESSAGES.discountPercentMax);
  else if (!d.isPercent && d.amount > MAX_DISCOUNT_DOLLARS) add('amount', MESSAGES.discountDollarsMax);
  else if (!hasCents(d.amount)) add('amount', MESSAGES.discountAmountDecimals);

  if (type !== DISCOUNT_TYPE.product) {
    const q = d.itemsDiscountAmount;
    if (!(q > 0) || !isWhole(q)) add('itemsDiscountAmount', MESSAGES.discountQuantity);
    else if (q > MAX_DISCOUNT_QUANTITY) add('itemsDiscountAmount', MESSAGES.discountQuantityMax);
  }
  if (type === DISCOUNT_TYPE.bogo) {
    const free = d.itemsDiscountBogoAmount;
    if (!(free > 0) || !isWhole(free)) add('itemsDiscountBogoAmount', MESSAGES.discountBogoQuantity);
    else if (free > MAX_DISCOUNT_QUANTITY) add('itemsDiscountBogoAmount', MESSAGES.discountQuantityMax);
    if (d.itemsBogo.length === 0) add('itemsBogo', MESSAGES.discountBogoItems);
  }
  if (d.items.length === 0 && type !== DISCOUNT_TYPE.exact && type !== DISCOUNT_TYPE.minimum) add('items', MESSAGES.discountItems);
  if (d.items.length > MAX_DISCOUNT_ITEMS) add('items', MESSAGES.discountTooManyItems);
  if (d.itemsBogo.length > MAX_DISCOUNT_ITEMS) add('itemsBogo', MESSAGES.discountTooManyItems);
  if (new Set(d.items.map((i) => i.id)).size !== d.items.length) add('items', MESSAGES.discountDuplicateItem);
  if (new Set(d.itemsBogo.map((i) => i.id)).size !== d.itemsBogo.length) add('itemsBogo', MESSAGES.discountDuplicateItem);

  if (d.livestream && !d.continuous) add('continuous', MESSAGES.discountLivestreamContinuous);
  if (!d.continuous) {
    const start = d.startDate?.trim() ? dayOf(d.startDate) : undefined;
    const end = d.endDate?.trim() ? dayOf(d.endDate) : undefined;
    if (!d.startDate?.trim()) add('startDate', MESSAGES.discountStartRequired);
    else if (!start) add('startDate', MESSAGES.discountDateFormat);
    if (!d.endDate?.trim()) add('endDate', MESSAGES.discountEndRequired);
    else if (!end) add('endDate', MESSAGES.discountDateFormat);
    if (start && end && end < start) add('endDate', MESSAGES.discountEndBeforeStart);
  }
  return problems;
}

export type DiscountState = 'active' | 'scheduled' | 'expired' | 'ended';

/** Where a discount stands on `today` (YYYY-MM-DD): ended by the seller, before its dates, after them, or running. */
export function discountState(d: Pick<Discount, 'continuous' | 'startDate' | 'endDate' | 'endedAt'>, today: string): DiscountState {
  if (d.endedAt) return 'ended';
  if (d.continuous) return 'active';
  const start = dayOf(d.startDate);
  const end = dayOf(d.endDate);
  if (start && today < start) return 'scheduled';
  if (end && today > end) return 'expired';
  return 'active';
}

// ---------------------------------------------------------------------------------------------------------------
// Pricing

/** An order line as priced: its product (when chosen from the catalogue), unit price in dollars, quantity. */
export interface PricingLine {
  productId?: string | null;
  price: number;
  quantity: number;
}

export interface PricingOptions {
  now: Date;
  /** The order is taken in a live stream: livestream discounts apply only then. */
  livestream: boolean;
  /** The seller's time zone, for the calendar day a dated discount runs (UTC when none). */
  timeZone?: string;
}

export interface AppliedDiscount {
  discountId: string;
  name: string;
  /** What it took off the order, in cents and in dollars. */
  amountCents: number;
  amount: number;
  /** The order lines it discounted (indexes into the lines priced). */
  lines: number[];
}

export interface PricedLine {
  discountCents: number;
  discount: number;
  /** The discount that priced this line, if any (one per line). */
  discountId?: string;
  discountName?: string;
}

export interface PricedOrder {
  lines: PricedLine[];
  applied: AppliedDiscount[];
  subtotalCents: number;
  discountCents: number;
  subtotal: number;
  discount: number;
  /** Subtotal less the discounts; never below 0. */
  discountedSubtotal: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/** Cents off `cents` for a percent (2 decimals at most, so hundredths of a percent are whole numbers). */
const percentOf = (cents: number, percent: number) => Math.round((cents * Math.round(percent * 100)) / 10_000);

interface Unit {
  line: number;
  productId: string | undefined;
  unitCents: number;
  quantity: number;
}

const inSet = (u: Unit, set: ReadonlySet<string>) => u.productId !== undefined && set.has(u.productId);

/** What one discount would take off the lines still free, per line; empty when it does not apply. */
function evaluate(d: Discount, free: readonly Unit[]): Map<number, number> {
  const off = new Map<number, number>();
  const ids = new Set(d.items.map((i) => i.id));
  const add = (line: number, cents: number) => off.set(line, (off.get(line) ?? 0) + cents);

  if (d.type === DISCOUNT_TYPE.product) {
    for (const u of free) {
      if (!inSet(u, ids)) continue;
      const each = d.isPercent ? percentOf(u.unitCents, d.amount) : Math.min(u.unitCents, toCents(d.amount));
      if (each > 0) add(u.line, Math.min(each * u.quantity, u.unitCents * u.quantity));
    }
    return off;
  }

  if (d.type === DISCOUNT_TYPE.exact || d.type === DISCOUNT_TYPE.minimum) {
    // An empty list counts every item of the order.
    const counted = free.filter((u) => ids.size === 0 || inSet(u, ids));
    const quantity = counted.reduce((n, u) => n + u.quantity, 0);
    const met = d.type === DISCOUNT_TYPE.exact ? quantity === d.itemsDiscountAmount : quantity >= d.itemsDiscountAmount;
    if (!met || counted.length === 0) return off;
    if (d.isPercent) {
      for (const u of counted) add(u.line, percentOf(u.unitCents * u.quantity, d.amount));
    } else {
      // Dollars come off the counted items once, most expensive line first, never more than a line is worth.
      let left = toCents(d.amount);
      for (const u of [...counted].sort((a, b) => b.unitCents - a.unitCents || a.line - b.line)) {
        const take = Math.min(left, u.unitCents * u.quantity);
        if (take > 0) add(u.line, take);
        left -= take;
      }
    }
    return off;
  }

  if (d.type === DISCOUNT_TYPE.bogo) {
    const buy = d.itemsDiscountAmount;
    const get = d.itemsDiscountBogoAmount;
    if (!(buy > 0) || !(get > 0)) return off;
    const rewardIds = new Set(d.itemsBogo.map((i) => i.id));
    const isBuy = (u: Unit) => inSet(u, ids);
    const isGet = (u: Unit) => inSet(u, rewardIds);
    const onlyBuy = free.filter((u) => isBuy(u) && !isGet(u)).reduce((n, u) => n + u.quantity, 0);
    const onlyGet = free.filter((u) => isGet(u) && !isBuy(u)).reduce((n, u) => n + u.quantity, 0);
    const both = free.filter((u) => isBuy(u) && isGet(u)).reduce((n, u) => n + u.quantity, 0);
    // How many times the offer is met: enough bought and enough to give, no unit counted twice.
    const times = Math.min(Math.floor((onlyBuy + both) / buy), Math.floor((onlyGet + both) / get), Math.floor((onlyBuy + onlyGet + both) / (buy + get)));
    if (times <= 0) return off;
    // The cheapest units that may come discounted are discounted, keeping enough units of the shared lines to buy.
    let toGive = times * get;
    let sharedMayGive = both - Math.max(0, times * buy - onlyBuy);
    const rewards = free.filter(isGet).sort((a, b) => a.unitCents - b.unitCents || a.line - b.line);
    for (const u of rewards) {
      if (toGive === 0) break;
      const shared = isBuy(u);
      const n = Math.min(toGive, u.quantity, shared ? sharedMayGive : u.quantity);
      if (n <= 0) continue;
      const each = d.isPercent ? percentOf(u.unitCents, d.amount) : Math.min(u.unitCents, toCents(d.amount));
      if (each > 0) add(u.line, each * n);
      toGive -= n;
      if (shared) sharedMayGive -= n;
    }
    return off;
  }
  return off;
}

/** Whether a discount runs for this order: not ended, within its dates (or continuous), livestream only in a stream. */
export function discountApplies(d: Discount, today: string, livestream: boolean): boolean {
  if (discountState(d, today) !== 'active') return false;
  if (d.livestream && !livestream) return false;
  return (SAVED_DISCOUNT_TYPES as readonly number[]).includes(d.type);
}

/**
 * Prices an order's lines with the seller's discounts (issue 15). Every discount that runs for the order is
 * weighed; the one that takes the most off is applied first and the lines it used (those it discounted, and those
 * it counted to qualify) are taken; then the next best is weighed on the lines left, until none applies. So each
 * line gets at most one discount, the best for the buyer among those left to it. An Item/Product discount is weighed
 * line by line, so each of its lines goes to whichever discount suits it best. Exact and minimum count the matched
 * items' quantity (every item when the list is empty); bogo discounts the cheapest units of its free items, as many
 * times as the order meets it. Whole cents throughout; no line, and so no order, goes below $0.
 */
export function priceWithDiscounts(lines: readonly PricingLine[], discounts: readonly Discount[], options: PricingOptions): PricedOrder {
  const today = dayAt(options.now, options.timeZone);
  const units: Unit[] = lines.map((l, line) => ({ line, productId: l.productId ?? undefined, unitCents: toCents(l.price), quantity: l.quantity }));
  const priced: PricedLine[] = lines.map(() => ({ discountCents: 0, discount: 0 }));
  const applied = new Map<string, AppliedDiscount>();
  const taken = new Set<number>();
  const running = discounts
    .filter((d) => discountApplies(d, today, options.livestream))
    .sort((a, b) => a.name.localeCompare(b.name) || a.discountId.localeCompare(b.discountId));

  for (;;) {
    const free = units.filter((u) => !taken.has(u.line) && u.quantity > 0 && u.unitCents > 0);
    let best: { d: Discount; off: Map<number, number>; total: number } | undefined;
    for (const d of running) {
      const candidates = d.type === DISCOUNT_TYPE.product ? free.map((u) => [u]) : [free];
      for (const pool of candidates) {
        const off = evaluate(d, pool);
        const total = [...off.values()].reduce((s, c) => s + c, 0);
        if (total > 0 && (!best || total > best.total)) best = { d, off, total };
      }
    }
    if (!best) break;
    const { d, off } = best;
    const used = d.type === DISCOUNT_TYPE.product ? [...off.keys()] : usedLines(d, free);
    for (const line of used) taken.add(line);
    const entry = applied.get(d.discountId) ?? { discountId: d.discountId, name: d.name, amountCents: 0, amount: 0, lines: [] };
    for (const [line, cents] of off) {
      const value = (units[line]?.unitCents ?? 0) * (units[line]?.quantity ?? 0);
      const capped = Math.min(cents, value - (priced[line]?.discountCents ?? 0));
      const p = priced[line]!;
      p.discountCents += capped;
      p.discount = p.discountCents / 100;
      p.discountId = d.discountId;
      p.discountName = d.name;
      entry.amountCents += capped;
      entry.lines.push(line);
    }
    entry.amount = entry.amountCents / 100;
    entry.lines.sort((a, b) => a - b);
    applied.set(d.discountId, entry);
  }

  const subtotalCents = units.reduce((s, u) => s + u.unitCents * u.quantity, 0);
  const discountCents = Math.min(
    subtotalCents,
    priced.reduce((s, p) => s + p.discountCents, 0),
  );
  return {
    lines: priced,
    applied: [...applied.values()].sort((a, b) => a.lines[0]! - b.lines[0]! || a.name.localeCompare(b.name)),
    subtotalCents,
    discountCents,
    subtotal: subtotalCents / 100,
    discount: discountCents / 100,
    discountedSubtotal: (subtotalCents - discountCents) / 100,
  };
}

/** The lines a quantity discount used: those it counted (exact, minimum) or bought and gave (bogo). */
function usedLines(d: Discount, free: readonly Unit[]): number[] {
  const ids = new Set(d.items.map((i) => i.id));
  if (d.type === DISCOUNT_TYPE.bogo) {
    const rewardIds = new Set(d.itemsBogo.map((i) => i.id));
    return free.filter((u) => inSet(u, ids) || inSet(u, rewardIds)).map((u) => u.line);
  }
  return free.filter((u) => ids.size === 0 || inSet(u, ids)).map((u) => u.line);
}

/** An order's totals once discounted: the subtotal less its discounts, plus shipping and tax, in whole cents. */
export function discountedTotals(priced: Pick<PricedOrder, 'subtotalCents' | 'discountCents'>, shipping = 0, tax = 0) {
  const shippingCents = toCents(shipping);
  const taxCents = toCents(tax);
  return {
    subtotal: priced.subtotalCents / 100,
    discount: priced.discountCents / 100,
    shipping: shippingCents / 100,
    tax: taxCents / 100,
    total: (priced.subtotalCents - priced.discountCents + shippingCents + taxCents) / 100,
  };
}
