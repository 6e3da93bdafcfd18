import { paymentFeeCents, type Plan } from './plans.js';

/**
 * How a batch of labels is paid for, decided before anything is bought (the breakdown shows it, the start acts on
 * it): from the postage balance alone, with one card charge for what the balance lacks, or not at all.
 */
export type BatchFunding =
  | { kind: 'covered'; balanceCents: number; totalCents: number }
  | {
      kind: 'recharge';
      balanceCents: number;
      totalCents: number;
      shortfallCents: number;
      /** The one charge: the shortfall rounded up to whole auto-recharge amounts, so it matches what the seller chose. */
      chargeCents: number;
      /** The payment fee the gateway records beside that charge (the plan's card fee, spec section 9). */
      feeCents: number;
      autoRechargeCents: number;
    }
  | {
      kind: 'refused';
      /** postageOff: auto-recharge is $0, so no label is bought at all; noPaymentMethod: nothing to charge the shortfall to. */
      reason: 'postageOff' | 'noPaymentMethod';
      balanceCents: number;
      totalCents: number;
      shortfallCents: number;
      /** How many of the batch's labels, in its order, the balance pays for, of how many. */
      coveredLabels: number;
      labelCount: number;
    };

export interface FundingInput {
  balanceCents: number;
  /** Each label's price, in the batch's order. */
  lineCents: readonly number[];
  /** The seller's auto-recharge amount; 0 is postage off. */
  autoRechargeCents: number;
  hasPaymentMethod: boolean;
  plan: Plan;
}

/** The charge that covers `shortfallCents` in whole auto-recharge amounts (one charge, however many amounts). */
export function rechargeForShortfall(shortfallCents: number, autoRechargeCents: number): number {
  if (shortfallCents <= 0 || autoRechargeCents <= 0) return 0;
  return Math.ceil(shortfallCents / autoRechargeCents) * autoRechargeCents;
}

/** Labels, in order, the balance pays for before the first it cannot. */
export function labelsCovered(balanceCents: number, lineCents: readonly number[]): number {
  let left = balanceCents;
  let count = 0;
  for (const cents of lineCents) {
    if (cents > left) break;
    left -= cents;
    count++;
  }
  return count;
}

export function batchFunding({ balanceCents, lineCents, autoRechargeCents, hasPaymentMethod, plan }: FundingInput): BatchFunding {
  const totalCents = lineCents.reduce((sum, c) => sum + c, 0);
  const shortfallCents = Math.max(0, totalCents - balanceCents);
  // Postage off refuses every label (the purchase's own rule), balance or not: say so before the batch starts.
  if (autoRechargeCents <= 0) {
    return { kind: 'refused', reason: 'postageOff', balanceCents, totalCents, shortfallCents, coveredLabels: 0, labelCount: lineCents.length };
  }
  if (shortfallCents === 0) return { kind: 'covered', balanceCents, totalCents };
  if (!hasPaymentMethod) {
    return { kind: 'refused', reason: 'noPaymentMethod', balanceCents, totalCents, shortfallCents, coveredLabels: labelsCovered(balanceCents, lineCents), labelCount: lineCents.length };
  }
  const chargeCents = rechargeForShortfall(shortfallCents, autoRechargeCents);
  return { kind: 'recharge', balanceCents, totalCents, shortfallCents, chargeCents, feeCents: paymentFeeCents(plan, chargeCents), autoRechargeCents };
}
