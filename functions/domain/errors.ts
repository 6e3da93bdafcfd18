import { MESSAGES } from '../../shared/api/messages.js';

/**
 * What can go wrong in the product's own terms. Services throw these; only the HTTP edge
 * (`functions/http/http-handler.ts`) turns a kind into a status code, and workers read `sellerCanFix`.
 * Every message is one of the catalogue's (`shared/api/messages.ts`).
 */
export type ErrorKind =
  | 'invalid'
  | 'refused'
  | 'unauthorized'
  | 'paymentRequired'
  | 'upgradeRequired'
  | 'notFound'
  | 'conflict'
  | 'tooManyRequests'
  | 'failed'
  | 'unavailable'
  | 'notImplemented';

/** Kinds the seller can act on (fix the input, upgrade, pay); the others are ours or a provider's. */
const SELLER_KINDS: ReadonlySet<ErrorKind> = new Set(['invalid', 'refused', 'unauthorized', 'paymentRequired', 'upgradeRequired', 'notFound', 'conflict']);

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** A retry of the same request fails the same way: report it, do not retry. */
  get sellerCanFix(): boolean {
    return SELLER_KINDS.has(this.kind);
  }
}

/** Input that breaks a rule of spec section 5: one message per field. */
export class InvalidInput extends DomainError {
  readonly kind = 'invalid';
  constructor(readonly errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? MESSAGES.invalid, { errors });
  }
}

/** A well-formed request the rules refuse as a whole (no return address, order not shipped, sign-in expired). */
export class Refused extends DomainError {
  readonly kind = 'refused';
}

export class Unauthorized extends DomainError {
  readonly kind = 'unauthorized';
  constructor() {
    super(MESSAGES.unauthorized);
  }
}

/** Money is missing: a low postage balance, a declined card. */
export class PaymentRequired extends DomainError {
  readonly kind = 'paymentRequired';
}

const DECLINE_DETAILS = {
  declined: MESSAGES.paymentDeclined,
  expired: MESSAGES.paymentCardExpired,
  insufficientFunds: MESSAGES.paymentInsufficientFunds,
} as const;

/**
 * A payment the processor refused or could not make: the spec's payment message, the plan unchanged. When the
 * processor says why a card was refused, `detail` tells the seller (declined, expired, insufficient funds).
 */
export class PaymentFailed extends PaymentRequired {
  constructor(reason: string, declineCode?: keyof typeof DECLINE_DETAILS) {
    super(MESSAGES.payment, { reason, ...(declineCode ? { declineCode, detail: DECLINE_DETAILS[declineCode] } : {}) });
  }
}

export class UpgradeRequired extends DomainError {
  readonly kind = 'upgradeRequired';
  constructor(readonly requiredPlan: string) {
    super(MESSAGES.upgradeRequired, { requiredPlan });
  }
}

/** Another seller's item, a removed one and a made-up id all read the same. */
export class NotFound extends DomainError {
  readonly kind = 'notFound';
  constructor(message: string = MESSAGES.notFound) {
    super(message);
  }
}

/** The item's state forbids it now (a label exists, a key was reused, a write raced another). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

/** The seller sent more calls than their rate limit allows (functions/domain/rate-limit.ts): wait, then try again. */
export class TooManyRequests extends DomainError {
  readonly kind = 'tooManyRequests';
  constructor(readonly retryAfterSeconds: number) {
    super(MESSAGES.tooManyRequests);
  }
}

/** Our failure, told in the spec's words; the cause is logged, never sent. A retry may succeed. */
export class OperationFailed extends DomainError {
  readonly kind = 'failed';
  constructor(message: string, cause?: unknown) {
    super(message, {}, { cause });
  }
}

/** A provider or dependency cannot answer now (platform down, connector not offered). */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';
  constructor(message: string, cause?: unknown) {
    super(message, {}, { cause });
  }
}

export class NotImplemented extends DomainError {
  readonly kind = 'notImplemented';
  constructor(route: string) {
    super(MESSAGES.notImplemented, { route });
  }
}

/**
 * A seller who signed up but has not chosen a plan (spec section 4: Start Plan): no plan's features, and the app
 * sends them to /signup-package. Told as an Upgrade Required (403) that names where to go.
 */
export class PlanRequired extends DomainError {
  readonly kind = 'upgradeRequired';
  constructor() {
    super(MESSAGES.planRequired, { requiredPlan: 'starter', redirect: '/signup-package' });
  }
}
