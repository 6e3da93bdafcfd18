import { describe, expect, it } from 'vitest';
import { isTransactionCancelled } from './errors.js';

/** The SDK's error, as the client throws it: an Error whose name is DynamoDB's exception. */
const sdkError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** ElectroDB's wrapper around an SDK error: its own name, the SDK's message quoted, the SDK's error as `cause`. */
const electroError = (cause: Error) =>
  Object.assign(new Error(`Error thrown by DynamoDB client: "${cause.message}" - For more detail on this error reference: https://electrodb.dev`, { cause }), {
    name: 'ElectroError',
  });

const CANCELLED = 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]';

describe('isTransactionCancelled', () => {
  it('recognises a cancelled or conflicting transaction, bare or wrapped by ElectroDB', () => {
    expect(isTransactionCancelled(sdkError('TransactionCanceledException', CANCELLED))).toBe(true);
    expect(isTransactionCancelled(electroError(sdkError('TransactionCanceledException', CANCELLED)))).toBe(true);
    expect(isTransactionCancelled(sdkError('TransactionConflictException', 'Transaction is ongoing for the item'))).toBe(true);
    expect(isTransactionCancelled(electroError(sdkError('TransactionConflictException', 'Transaction is ongoing for the item')))).toBe(true);
  });

  it("recognises a failed condition by the forms isConditionFailure knows, the Local's message among them", () => {
    expect(isTransactionCancelled(sdkError('ConditionalCheckFailedException', 'failed'))).toBe(true);
    expect(isTransactionCancelled({ name: 'Error', cause: { name: 'ConditionalCheckFailedException' } })).toBe(true);
    expect(isTransactionCancelled(electroError(sdkError('Error', 'The conditional request failed')))).toBe(true);
  });

  it('reads the text of errors that are not Error instances (a plain object thrown or rejected)', () => {
    expect(isTransactionCancelled({ name: 'TransactionCanceledException', message: 'cancelled' })).toBe(true);
    expect(isTransactionCancelled({ name: 'Error', message: `Transaction cancelled [ConditionalCheckFailed]` })).toBe(true);
    expect(isTransactionCancelled({ message: 'failed', cause: 'TransactionConflict' })).toBe(true);
  });

  it('is false for any other failure', () => {
    expect(isTransactionCancelled(sdkError('ValidationException', 'Transaction request cannot include multiple operations on one item'))).toBe(false);
    expect(isTransactionCancelled(electroError(sdkError('ProvisionedThroughputExceededException', 'Rate of requests exceeds the allowed throughput')))).toBe(false);
    expect(isTransactionCancelled(new Error('socket hang up'))).toBe(false);
    expect(isTransactionCancelled(undefined)).toBe(false);
    expect(isTransactionCancelled(null)).toBe(false);
  });
});
