import { Entity } from 'electrodb';
import { type Bucket, decide, type Decision, fullBucket, type RateLimit, SELLER_RATE_LIMIT } from '../domain/rate-limit.js';
import { isConditionFailure } from './errors.js';
import { keyAttribute, model, onTable, sellerKey, sortKey } from './table.js';

/**
 * A seller's rate-limit bucket (functions/domain/rate-limit.ts): one item in a partition of its own,
 * `CONSULTANT#<sellerId>#RATE`, so a function that otherwise only reads may be allowed to write this partition
 * alone (infra/aws/table-access.ts). Expires a day after the last call: an idle seller's bucket is full anyway.
 */
export const rateBucketEntity = new Entity(
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
);

/** The partition key prefix and suffix of every bucket, for the IAM condition that lets read-only functions write it. */
export const RATE_PARTITION = { prefix: 'CONSULTANT#', suffix: '#RATE' } as const;

const DAY_SECONDS = 24 * 60 * 60;
/** Conditional writes lost to parallel calls of the same seller before the call is counted as over the limit. */
const MAX_ATTEMPTS = 6;

/**
 * Takes up to `want` tokens (at least one) from the seller's bucket, or says how long to wait. Each attempt reads the bucket (consistently)
 * and writes under a condition: a call that only takes a token needs `tokens >= 1` (parallel takes do not
 * conflict), one that adds tokens needs the clock it read. A write lost to a parallel call is tried again with
 * what that call left; a seller whose calls keep colliding is sending a burst, and is answered as one.
 */
export async function takeTokens(sellerId: string, want = 1, now = Date.now(), limit: RateLimit = SELLER_RATE_LIMIT): Promise<Decision> {
  const expiresAt = Math.floor(now / 1000) + DAY_SECONDS;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { data } = await rateBucketEntity.get({ sellerId }).go({ consistent: true, attributes: ['tokens', 'refilledAt'] });
    const seen: Bucket | undefined = data ? { tokens: data.tokens, refilledAt: data.refilledAt } : undefined;
    const decision = decide(seen ?? fullBucket(now, limit), now, limit, want);
    if (!decision.allowed) return decision;
    try {
      await write(sellerId, seen, decision, expiresAt);
      return decision;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return { allowed: false, retryAfterMs: 1000 / limit.perSecond };
}

function write(sellerId: string, seen: Bucket | undefined, d: Extract<Decision, { allowed: true }>, expiresAt: number) {
  if (!seen) return rateBucketEntity.create({ sellerId, tokens: d.tokens, refilledAt: d.refilledAt, expiresAt }).go();
  const update = rateBucketEntity.update({ sellerId }).add({ tokens: d.add - d.taken }).set({ expiresAt });
  if (d.add === 0 && d.refilledAt === seen.refilledAt) {
    return update.where(({ tokens }, { gte }) => gte(tokens, d.taken)).go({ response: 'none' });
  }
  return update
    .set({ refilledAt: d.refilledAt })
    .where(({ tokens, refilledAt }, { eq, gte }) => `${eq(refilledAt, seen.refilledAt)} AND ${gte(tokens, d.taken - d.add)}`)
    .go({ response: 'none' });
}
