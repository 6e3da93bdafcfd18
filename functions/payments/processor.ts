/** What a payment processor (the local sandbox, Stripe) must do for the gateway. Storage is the gateway's job. */
export interface MethodDetails {
  customerRef: string;
  methodRef: string;
  methodKind: 'card' | 'bank';
  brand?: string;
  last4: string;
  expMonth?: number;
  expYear?: number;
  bankName?: string;
}

/** Why an issuer refused a card, when the processor says (the seller is told it: issue 17). */
export type DeclineCode = 'declined' | 'expired' | 'insufficientFunds';

export type Refusal = { ok: false; reason: 'declined' | 'failed' | 'invalidToken' | 'tokenReused'; message: string; declineCode?: DeclineCode };

export interface Processor {
  readonly name: 'sandbox' | 'stripe';
  /** Turns a single-use token into a saved method on the processor's customer (created when absent). */
  attach(input: { sellerId: string; email?: string; token: string; customerRef?: string }): Promise<
    { ok: true; method: MethodDetails } | Refusal
  >;
  /**
   * Off-session charge of a saved method; the processor never charges twice for one idempotency key. Throws
   * `ProcessorUnavailable` when the outcome is unknown (network, the processor's own failure).
   */
  charge(input: {
    method: Pick<MethodDetails, 'customerRef' | 'methodRef'>;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<{ ok: true; chargeId: string } | Refusal>;
}
