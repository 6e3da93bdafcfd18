import { billingEntity, chargeEntity, usedTokenEntity } from './payments.js';
import { applied } from './errors.js';

/**
 * The writes of the payment gateway and the billing service: payment tokens used once, the saved method, the
 * seller's billing choices, and one charge item per idempotency key.
 */

type BillingItem = Parameters<ReturnType<typeof billingEntity>['upsert']>[0];
export type SavedMethodFields = Omit<BillingItem, 'sellerId' | 'autoRechargeAmount' | 'pendingPlan' | 'pendingAnnual' | 'cancellationPending' | 'updatedAt'>;
export type NewCharge = Omit<Parameters<ReturnType<typeof chargeEntity>['create']>[0], 'createdAt' | 'updatedAt'>;
export type ChargeRecord = NonNullable<Awaited<ReturnType<typeof getCharge>>>;

/** Marks a payment token used; false when it was used before (a token is good for one save). */
export async function claimPaymentToken(sellerId: string, token: string): Promise<boolean> {
  return applied(usedTokenEntity().create({ sellerId, token }).go());
}

/** Gives a claimed token back when the save it was claimed for did not happen. */
export async function releasePaymentToken(sellerId: string, token: string): Promise<void> {
  await usedTokenEntity().delete({ sellerId, token }).go();
}

/** The processor's references and what the seller may see of the method (never a card number). */
export async function saveBillingMethod(sellerId: string, fields: SavedMethodFields): Promise<void> {
  await billingEntity().upsert({ ...fields, sellerId }).go();
}

/** The billing form's choices beside the method: the recharge amount, and whether a cancellation still waits. */
export async function saveBillingChoices(sellerId: string, choices: { autoRechargeAmount?: number; cancellationPending?: boolean }): Promise<void> {
  await billingEntity().upsert({ sellerId, ...choices }).go();
}

export async function getCharge(sellerId: string, idempotencyKey: string) {
  return (await chargeEntity().get({ sellerId, idempotencyKey }).go()).data;
}

/** Records a charge as pending before the processor is asked; false when a charge with this key exists already. */
export async function createPendingCharge(charge: NewCharge): Promise<boolean> {
  return applied(chargeEntity().create({ ...charge, status: 'pending' }).go());
}

/** The processor's answer to a pending charge. */
export async function settleCharge(
  sellerId: string,
  idempotencyKey: string,
  outcome: { status: 'succeeded'; chargeId: string } | { status: 'declined' | 'failed'; message: string; declineCode?: 'declined' | 'expired' | 'insufficientFunds' },
): Promise<void> {
  await chargeEntity().patch({ sellerId, idempotencyKey }).set(outcome).go();
}
