import { MESSAGES } from '../../shared/api/messages.js';
import { type Plan, paymentFeeCents, planOrNone } from '../../shared/domain/plans.js';
import { ONLY_CREDIT, storedZip } from '../../shared/schemas/billing.js';
import { requiredSecret } from '../adapters/secrets.js';
import { config } from '../config.js';
import { claimPaymentToken, createPendingCharge, getCharge, releasePaymentToken, saveBillingMethod, settleCharge } from '../data/billing-records.js';
import { getBilling } from '../data/payments.js';
import { getSellerProfile } from '../data/sellers.js';
import { logger } from '../observability.js';
import type { DeclineCode, MethodDetails, Processor } from './processor.js';
import { sandboxProcessor } from './sandbox.js';
import { ProcessorUnavailable, stripeClient, stripeProcessor } from './stripe.js';

export type SavedMethod = Omit<MethodDetails, 'customerRef' | 'methodRef'>;

export type SaveResult =
  | { ok: true; method: SavedMethod }
  | { ok: false; reason: 'declined' | 'failed' | 'invalidToken' | 'tokenReused' | 'cardOnly' | 'bankNotLinked'; message: string; declineCode?: DeclineCode };

export type ChargeResult =
  | { ok: true; chargeId: string }
  | { ok: false; reason: 'declined' | 'failed'; message: string; declineCode?: DeclineCode };

export interface SaveInput {
  sellerId: string;
  token: string;
  zip?: string;
  cardOnly?: boolean;
  /** A bank may be saved only by linking it (Plaid, SetPlaidDetails), never from a typed-in token (spec section 5). */
  bankMustBeLinked?: boolean;
}

export interface ChargeInput {
  sellerId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
  /** The plan whose payment fee applies when the seller has none yet (the charge that starts their first plan). */
  plan?: Plan;
}

export interface PaymentGateway {
  readonly processor: Processor['name'];
  /**
   * Saves the method a single-use token stands for as the seller's payment method (replacing the previous).
   * `cardOnly` (ACH-disabled accounts) refuses a bank account, keeping the saved method.
   */
  saveMethod(input: SaveInput): Promise<SaveResult>;
  /**
   * Charges the seller's saved method off-session. One idempotency key never charges twice: a repeat answers
   * the first result. Every charge, whoever asks for it, is recorded in the seller's payment history.
   */
  chargeSaved(input: ChargeInput): Promise<ChargeResult>;
}

const NO_METHOD = 'No saved payment method. Add one under Billing.';
const UNAVAILABLE = 'The payment could not be completed right now. Please try again in a little while.';

let stripe: Processor | undefined;

/** The processor could not be used (its outage, our key): operations need to know; the seller may try again. */
function unavailable(processor: Processor, err: ProcessorUnavailable) {
  logger.warn('payment processor unavailable', { processor: processor.name, reason: err.message });
  return { ok: false as const, reason: 'failed' as const, message: UNAVAILABLE };
}

/** Built at first use: Stripe's key is a secret setting, read (once) only when a payment needs it. */
async function processorOf(name: typeof config.PAYMENT_PROCESSOR): Promise<Processor> {
  switch (name) {
    case 'sandbox':
      return sandboxProcessor;
    case 'stripe':
      stripe ??= stripeProcessor(stripeClient({ secretKey: await requiredSecret('STRIPE_SECRET_KEY'), apiBase: config.STRIPE_API_BASE }));
      return stripe;
  }
}

/** The gateway over the processor chosen by configuration (PAYMENT_PROCESSOR, default the local sandbox). */
export function paymentGateway(processor?: Processor): PaymentGateway {
  const use = async () => processor ?? processorOf(config.PAYMENT_PROCESSOR);
  return {
    processor: processor?.name ?? config.PAYMENT_PROCESSOR,
    saveMethod: async (input) => saveMethod(await use(), input),
    chargeSaved: async (input) => chargeSaved(await use(), input),
  };
}

/**
 * A token is good for one save: it is claimed first, so two requests cannot both attach it. A save that does not
 * happen (declined, card only, processor down, an error) gives the claim back: a refused request changes nothing.
 */
async function saveMethod(processor: Processor, input: SaveInput): Promise<SaveResult> {
  const { sellerId, token } = input;
  if (!(await claimPaymentToken(sellerId, token))) return { ok: false, reason: 'tokenReused', message: 'This payment token was already used.' };
  const result = await attachAndSave(processor, input).catch(async (err: unknown) => {
    await releasePaymentToken(sellerId, token);
    throw err;
  });
  if (!result.ok) await releasePaymentToken(sellerId, token);
  return result;
}

async function attachAndSave(processor: Processor, { sellerId, token, zip, cardOnly, bankMustBeLinked }: SaveInput): Promise<SaveResult> {
  const [billing, seller] = await Promise.all([getBilling(sellerId), getSellerProfile(sellerId)]);
  let attached: Awaited<ReturnType<Processor['attach']>>;
  try {
    attached = await processor.attach({
      sellerId,
      email: seller?.email,
      token,
      customerRef: billing?.processor === processor.name ? billing.customerRef : undefined,
    });
  } catch (err) {
    if (err instanceof ProcessorUnavailable) return unavailable(processor, err);
    throw err;
  }
  if (!attached.ok) return attached;
  if (cardOnly && attached.method.methodKind !== 'card') return { ok: false, reason: 'cardOnly', message: ONLY_CREDIT };
  if (bankMustBeLinked && attached.method.methodKind !== 'card') return { ok: false, reason: 'bankNotLinked', message: MESSAGES.bankNotLinked };
  const { customerRef, methodRef, ...method } = attached.method;
  await saveBillingMethod(sellerId, { processor: processor.name, customerRef, methodRef, ...method, ...(zip ? { zip: storedZip(zip) } : {}) });
  return { ok: true, method };
}

async function chargeSaved(processor: Processor, input: ChargeInput): Promise<ChargeResult> {
  const { sellerId, amountCents, description, idempotencyKey } = input;
  if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, reason: 'failed', message: 'The amount must be a positive number of cents.' };
  const [billing, seller] = await Promise.all([getBilling(sellerId), getSellerProfile(sellerId)]);
  if (!billing?.methodRef || !billing.customerRef || !seller) return { ok: false, reason: 'failed', message: NO_METHOD };

  const existing = await getCharge(sellerId, idempotencyKey);
  if (existing && existing.status !== 'pending') return resultOf(existing);
  // A false answer: another request with the same key got here first; the processor's own idempotency keeps it one charge.
  if (!existing) {
    await createPendingCharge({
      sellerId,
      idempotencyKey,
      amountCents,
      feeCents: paymentFeeCents(planOrNone(seller.package) ?? input.plan ?? 'starter', amountCents),
      description,
      status: 'pending',
      processor: processor.name,
      brand: billing.brand,
      last4: billing.last4,
    });
  }
  // A pending record (a crash, or a concurrent request) is finished by asking the processor again with the same key.
  let charged: Awaited<ReturnType<Processor['charge']>>;
  try {
    charged = await processor.charge({
      method: { customerRef: billing.customerRef, methodRef: billing.methodRef },
      amountCents,
      description,
      idempotencyKey: `${sellerId}:${idempotencyKey}`,
    });
  } catch (err) {
    // Outcome unknown: the record stays pending, and the next call with this key asks the processor again.
    if (err instanceof ProcessorUnavailable) return unavailable(processor, err);
    throw err;
  }
  if (charged.ok) {
    await settleCharge(sellerId, idempotencyKey, { status: 'succeeded', chargeId: charged.chargeId });
    return { ok: true, chargeId: charged.chargeId };
  }
  const reason = charged.reason === 'declined' ? 'declined' : 'failed';
  const declineCode = charged.declineCode ? { declineCode: charged.declineCode } : {};
  await settleCharge(sellerId, idempotencyKey, { status: reason, message: charged.message, ...declineCode });
  return { ok: false, reason, message: charged.message, ...declineCode };
}

function resultOf(charge: { status: string; chargeId?: string; message?: string; declineCode?: DeclineCode }): ChargeResult {
  if (charge.status === 'succeeded' && charge.chargeId) return { ok: true, chargeId: charge.chargeId };
  return {
    ok: false,
    reason: charge.status === 'declined' ? 'declined' : 'failed',
    message: charge.message ?? 'The charge failed.',
    ...(charge.declineCode ? { declineCode: charge.declineCode } : {}),
  };
}
