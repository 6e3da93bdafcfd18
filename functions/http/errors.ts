/**
 * Known failures, each mapped to a status and a message from the spec's error catalogue (section 8).
 * Anything else is a 500 whose body says only the generic message.
 */
export const MESSAGES = {
  generic: 'An error occurred. Please try again later.',
  upgradeInfo: 'An error occurred please try again later.',
  payment: 'An error occurred when processing your payment.',
  duplicateCsv: 'A matching file has already been uploaded.',
  unsupportedCsv: 'A CSV in an unsupported format has been uploaded.',
  upgradeRequired: 'Upgrade Required',
  unauthorized: 'Please sign in again.',
  notFound: 'Not found',
  notImplemented: 'Not implemented yet',
  invalid: 'Please correct the highlighted fields.',
  ordersPending: 'This customer has pending orders and cannot be deleted. Ship or cancel those orders first.',
  mergeFailed: 'The customers could not be merged. Please try again.',
  customerNotFound: 'That customer was not found.',
  rewardsBelowZero: 'The rewards balance cannot go below 0.',
} as const;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string>) {
    super(400, Object.values(errors)[0] ?? MESSAGES.invalid, { errors });
  }
}

export class UnauthorizedError extends HttpError {
  constructor() {
    super(401, MESSAGES.unauthorized);
  }
}

export class UpgradeRequiredError extends HttpError {
  constructor(readonly requiredPlan: string) {
    super(403, MESSAGES.upgradeRequired, { requiredPlan });
  }
}

export class NotFoundError extends HttpError {
  constructor(what = 'That item was not found.') {
    super(404, what);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(409, message, details);
  }
}

export class NotImplementedError extends HttpError {
  constructor(route: string) {
    super(501, MESSAGES.notImplemented, { route });
  }
}

/** A payment the processor refused or could not make: the spec's payment message, the plan unchanged. */
export class PaymentError extends HttpError {
  constructor(reason: string) {
    super(402, MESSAGES.payment, { reason });
  }
}
