/**
 * What the data layer reports besides its results. Data-layer errors only: the services decide what they mean to
 * the seller (functions/domain/errors.ts).
 */

/**
 * Whether a write failed on its condition. ElectroDB wraps DynamoDB's ConditionalCheckFailedException (as `cause`),
 * and the names and messages differ between DynamoDB Local and AWS, so every form is recognised.
 */
export function isConditionFailure(err: unknown): boolean {
  const e = err as { name?: string; cause?: { name?: string } } | null | undefined;
  if (e?.name === 'ConditionalCheckFailedException' || e?.cause?.name === 'ConditionalCheckFailedException') return true;
  const text = err instanceof Error ? `${err.name} ${err.message} ${String(err.cause)}` : '';
  return /ConditionalCheckFailed|conditional request failed/i.test(text);
}

/**
 * Whether a transaction failed because DynamoDB cancelled it (a condition failed, or it raced another write). The
 * SDK's TransactionCanceledException may come bare, as a plain object, or wrapped by ElectroDB with only its text
 * left in the message or cause, so the name, message and cause are all read, of any error shape.
 */
export function isTransactionCancelled(err: unknown): boolean {
  const e = err as { name?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  const text = `${e?.name} ${e?.message} ${String(e?.cause)}`;
  return isConditionFailure(err) || /TransactionCanceled|TransactionConflict|ConditionalCheckFailed/.test(text);
}

/** Whether a conditional write was applied: false when its condition failed; any other error is thrown. */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** A transaction DynamoDB cancelled (a condition failed, or it raced another write). */
export class WriteConflict extends Error {
  override name = 'WriteConflict';
}

export function checkWritten(result: { canceled: boolean }): void {
  if (result.canceled) throw new WriteConflict('The transaction was cancelled');
}

/** A transaction's write: true when it was written, false when one of its conditions failed (it was cancelled). */
export async function transactionApplied(write: Promise<{ canceled: boolean }>): Promise<boolean> {
  try {
    checkWritten(await write);
    return true;
  } catch (err) {
    if (err instanceof WriteConflict || isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Runs a transaction; false when DynamoDB cancelled it (a condition failed, or it raced another transaction on one
 * of its items): the caller reads again and retries.
 */
export async function transactionCommitted(write: () => Promise<{ canceled: boolean }>): Promise<boolean> {
  try {
    return !(await write()).canceled;
  } catch (err) {
    if (isTransactionCancelled(err)) return false;
    throw err;
  }
}

/** A page cursor that is not one this API handed out (malformed, or made for another list). */
export class InvalidCursor extends Error {
  override name = 'InvalidCursor';
}

/**
 * Runs a paged read, turning a cursor DynamoDB or ElectroDB cannot use into InvalidCursor. A cursor holds the last
 * key read; one naming another seller's partition is refused by DynamoDB (the start key must match the query).
 */
export async function withCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const e = err as { message?: string; cause?: { name?: string; message?: string } };
    const badStart = e.cause?.name === 'ValidationException' && /start(ing)? key|ExclusiveStartKey/i.test(e.cause.message ?? '');
    if (/parse cursor|invalid cursor/i.test(e.message ?? '') || badStart) throw new InvalidCursor('Unusable page cursor');
    throw err;
  }
}

/**
 * A batch read or write whose every item was processed. DynamoDB may leave some unprocessed even after ElectroDB's
 * retries; the caller gets an error saying what (`what`: "customers were not read"), never a partial answer.
 */
export function allProcessed<R extends { unprocessed: readonly unknown[] }>(result: R, what: string): R {
  if (result.unprocessed.length > 0) throw new Error(`${result.unprocessed.length} ${what}`);
  return result;
}
