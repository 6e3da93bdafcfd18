import { config } from '../config.js';
import { bucketAfter, takeTokens } from '../data/rate-limits.js';
import { TooManyRequests } from '../domain/errors.js';
import { type Bucket, type Decision, type RateLimit, retryAfterSeconds, SELLER_RATE_LIMIT } from '../domain/rate-limit.js';
import { forgetOldest } from '../services/bounded.js';

const LIMIT: RateLimit = {
  perSecond: config.SELLER_RATE_PER_SECOND ?? SELLER_RATE_LIMIT.perSecond,
  burst: config.SELLER_RATE_BURST ?? SELLER_RATE_LIMIT.burst,
};

/**
 * A container takes a seller's tokens from the table a few at a time and spends them from memory: a busy seller's
 * calls then cost the table one read and one write per LEASE_TOKENS calls instead of per call (issue 18: the bucket
 * was two of the four table calls of a warm GET). The limit stays the table's: a leased token is a token taken.
 * A lease is spent within LEASE_MS or lost, so tokens one container leased do not wait there while another
 * container serves the seller; what a lost lease costs is at most LEASE_TOKENS - 1 calls of one second's allowance.
 * The next lease is taken while the call that spent the last token goes on (leaseAhead), so a busy seller's calls do
 * not wait for the bucket: it costs a seller who then stops one more lease's tokens, lost at its expiry. A lease is
 * one conditional write while this container is the only one taking the seller's tokens (Lease.bucket), a read and a
 * write otherwise.
 */
export const LEASE_TOKENS = 5;
export const LEASE_MS = 1000;
/** Sellers a container remembers; past it the oldest lease is forgotten (its tokens are lost, as at expiry). */
const MAX_LEASES = 5_000;

interface Lease {
  tokens: number;
  until: number;
  /** The table call in flight for this seller: parallel calls wait for it rather than each taking a lease. */
  taking?: Promise<void>;
  /**
   * The bucket as this container's last take wrote it: the next take writes against it without reading it first
   * (takeTokens `known`). Forgotten after a refusal or an error, whose write may or may not have happened.
   */
  bucket?: Bucket;
}

/** Takes the seller's next lease, against the bucket the last one left, and remembers what this one leaves. */
async function take(sellerId: string, lease: Lease, now: number): Promise<Decision> {
  const known = lease.bucket;
  lease.bucket = undefined;
  const decision = await takeTokens(sellerId, LEASE_TOKENS, now, LIMIT, known);
  if (decision.allowed) lease.bucket = bucketAfter(decision);
  return decision;
}

const leases = new Map<string, Lease>();

/** Counts one call of the seller against their rate limit; over it, TooManyRequests says when to try again. */
export async function admitCall(sellerId: string): Promise<void> {
  for (;;) {
    const now = Date.now();
    let lease = leases.get(sellerId);
    if (lease && lease.tokens > 0 && now < lease.until) {
      lease.tokens -= 1;
      if (lease.tokens === 0 && !lease.taking) leaseAhead(sellerId, lease, now);
      return;
    }
    if (lease?.taking) {
      await lease.taking;
      continue;
    }
    lease ??= remember(sellerId);
    const current = lease;
    let refused: TooManyRequests | undefined;
    current.taking = take(sellerId, current, now).then(
      (decision) => {
        if (decision.allowed) {
          // One of the tokens is this call's.
          current.tokens = decision.taken - 1;
          current.until = now + LEASE_MS;
        } else {
          current.tokens = 0;
          refused = new TooManyRequests(retryAfterSeconds(decision.retryAfterMs));
        }
      },
      (err: unknown) => {
        current.tokens = 0;
        throw err;
      },
    );
    try {
      await current.taking;
    } finally {
      current.taking = undefined;
    }
    if (refused) throw refused;
    return;
  }
}

/**
 * Takes the seller's next lease beside the call that spent the last token. It never fails a call: a refusal or an
 * error leaves the lease empty, and the next call takes its own (and so meets the refusal or the error itself).
 */
function leaseAhead(sellerId: string, lease: Lease, now: number): void {
  lease.taking = take(sellerId, lease, now)
    .then(
      (decision) => {
        if (!decision.allowed) return;
        lease.tokens = decision.taken;
        lease.until = now + LEASE_MS;
      },
      () => undefined,
    )
    .finally(() => {
      lease.taking = undefined;
    });
}

function remember(sellerId: string): Lease {
  const lease: Lease = { tokens: 0, until: 0 };
  leases.set(sellerId, lease);
  forgetOldest(leases, MAX_LEASES);
  return lease;
}
