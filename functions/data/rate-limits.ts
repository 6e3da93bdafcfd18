import { Entity } from 'electrodb';
import { type Bucket, decide, type Decision, fullBucket, type RateLimit, SELLER_RATE_LIMIT } from '../domain/rate-limit.js';
import { isConditionFailure } from './errors.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, onFirstUse } from './table.js';

/**
 * A seller's rate-limit bucket (functions/domain/rate-limit.ts): one item in a partition of its own,
 * `CONSULTANT#<sellerId>#RATE`, so a function that otherwise only reads may be allowed to write this partition
 * alone (infra/aws/table-access.ts). Expires a day after the last call: an idle seller's bucket is full anyway.
 */
export const rateBucketEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('rateBucket'),
      attributes: {
        sellerId: keyAttribute,
        tokens: { type: 'number', required: true },
        refilledAt: { type: 'number', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bucket: { pk: sellerKey('pk', 'RATE'), sk: sortKey('BUCKET', []) },
      },
    },
    onTable,
  ),
);

/** The partition key prefix and suffix of every bucket, for the IAM condition that lets read-only functions write it. */
export const RATE_PARTITION = { prefix: 'CONSULTANT#', suffix: '#RATE' } as const;

const DAY_SECONDS = 24 * 60 * 60;
/** Conditional writes lost to parallel calls of the same seller before the call is counted as over the limit. */
const MAX_ATTEMPTS = 6;

/**
 * Takes up to `want` tokens (at least one) from the seller's bucket, or says how long to wait. Each attempt reads the
 * bucket (consistently) and writes under a condition: a call that only takes a token needs `tokens >= 1` (parallel
 * takes do not conflict), one that adds tokens needs the clock it read. A write lost to a parallel call is tried
 * again with what that call left; a seller whose calls keep colliding is sending a burst, and is answered as one.
 *
 * `known`: the bucket as this container's last take left it (`bucketAfter`). The first attempt then skips the read
 * and writes only if the bucket is still exactly that (its tokens and its clock), one request instead of two; any
 * other write since (another container, an expiry) fails the condition and the take reads the bucket as above.
 */
export async function takeTokens(
  sellerId: string,
  want = 1,
  now = Date.now(),
  limit: RateLimit = SELLER_RATE_LIMIT,
  known?: Bucket,
): Promise<Decision> {
  const expiresAt = Math.floor(now / 1000) + DAY_SECONDS;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const exact = attempt === 0 ? known : undefined;
    const seen = exact ?? (await readBucket(sellerId));
    const decision = decide(seen ?? fullBucket(now, limit), now, limit, want);
    if (!decision.allowed) {
      // A refusal of the remembered bucket is checked against the table's before it is answered.
      if (exact) continue;
      return decision;
    }
    try {
      await write(sellerId, seen, decision, expiresAt, exact !== undefined);
      return decision;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return { allowed: false, retryAfterMs: 1000 / limit.perSecond };
}

/** The bucket as an allowed take wrote it, for the container's next take (`known`). */
export const bucketAfter = (d: Extract<Decision, { allowed: true }>): Bucket => ({ tokens: d.tokens, refilledAt: d.refilledAt });

async function readBucket(sellerId: string): Promise<Bucket | undefined> {
  const { data } = await rateBucketEntity().get({ sellerId }).go({ consistent: true, attributes: ['tokens', 'refilledAt'] });
  return data ? { tokens: data.tokens, refilledAt: data.refilledAt } : undefined;
}

function write(sellerId: string, seen: Bucket | undefined, d: Extract<Decision, { allowed: true }>, expiresAt: number, exact: boolean) {
  if (!seen) return rateBucketEntity().create({ sellerId, tokens: d.tokens, refilledAt: d.refilledAt, expiresAt }).go();
  const update = rateBucketEntity().update({ sellerId }).add({ tokens: d.add - d.taken }).set({ expiresAt });
  if (exact) {
    return update
      .set({ refilledAt: d.refilledAt })
      .where(({ tokens, refilledAt }, { eq }) => `${eq(tokens, seen.tokens)} AND ${eq(refilledAt, seen.refilledAt)}`)
      .go({ response: 'none' });
  }
  if (d.add === 0 && d.refilledAt === seen.refilledAt) {
    return update.where(({ tokens }, { gte }) => gte(tokens, d.taken)).go({ response: 'none' });
  }
  return update
    .set({ refilledAt: d.refilledAt })
    .where(({ tokens, refilledAt }, { eq, gte }) => `${eq(refilledAt, seen.refilledAt)} AND ${gte(tokens, d.taken - d.add)}`)
    .go({ response: 'none' });
}
