import { PAYMENT_FEE, type Plan, SHIPMENT_ALLOWANCE, shipmentOverageCents, TRANSACTION_FEE_PERCENT } from './plans.js';

/** Allowances run by calendar month in UTC: a label bought at 23:59:59 on the 31st counts in that month. */
export function monthKey(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export interface ShipmentUsage {
  plan: Plan;
  month: string;
  shipments: number;
  /** null: unlimited (executive). */
  included: number | null;
  remaining: number | null;
  /** Blocks of extra shipments opened so far this month, and what they cost. */
  extraBlocks: number;
  overageCents: number;
  blockSize: number;
  blockPriceCents: number;
  transactionFeePercent: number;
  paymentFee: { fixedCents: number; percent: number };
}

/** The month's shipments against the plan's allowance (spec section 9), with the fees the plan charges. */
export function shipmentUsage(plan: Plan, month: string, shipments: number): ShipmentUsage {
  const { included, blockSize, blockPriceCents } = SHIPMENT_ALLOWANCE[plan];
  const unlimited = !Number.isFinite(included);
  const overageCents = shipmentOverageCents(plan, shipments);
  return {
    plan,
    month,
    shipments,
    included: unlimited ? null : included,
    remaining: unlimited ? null : Math.max(0, included - shipments),
    extraBlocks: blockPriceCents ? overageCents / blockPriceCents : 0,
    overageCents,
    blockSize,
    blockPriceCents,
    transactionFeePercent: TRANSACTION_FEE_PERCENT[plan],
    paymentFee: PAYMENT_FEE[plan],
  };
}
