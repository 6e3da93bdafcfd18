import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { documentClient } from '../../functions/adapters/dynamo.js';

/**
 * Faults DynamoDB Local cannot produce: writes that fail half way through a multi-step change. Every command of
 * the data layer goes to the real table through a second client, except the ones a test makes fail.
 */
const real = DynamoDBDocumentClient.from(new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1' }), {
  marshallOptions: { removeUndefinedValues: true },
});

/** The table as it is, read past the interception: a test's own reads are not the code's calls. */
export const uninterceptedClient = real;
const COMMANDS = [GetCommand, PutCommand, UpdateCommand, DeleteCommand, QueryCommand, BatchGetCommand, BatchWriteCommand, TransactWriteCommand];
type AnyCommand = new (input: never) => Parameters<typeof real.send>[0];

let ddb: ReturnType<typeof mockClient> | undefined;

/**
 * Every command of the data layer goes through `handle` (called in order, with the command's name and input), which
 * sends it on to the real table with `send` (or throws, or waits before it): a fault or an interleaving DynamoDB
 * Local does not produce by itself.
 */
export function intercept(handle: (name: string, input: Record<string, unknown>, send: () => Promise<unknown>) => Promise<unknown>) {
  ddb = mockClient(documentClient);
  for (const C of COMMANDS as unknown as AnyCommand[]) {
    ddb.on(C as never).callsFake((input: Record<string, unknown>) => handle(C.name, input, () => real.send(new C(input as never))));
  }
}

/** Passes every command through, except the ones `fail` picks (called in order, with the command's name and input). */
export function faults(fail: (name: string, input: Record<string, unknown>) => boolean) {
  intercept(async (name, input, send) => {
    if (fail(name, input)) {
      throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
        name: 'ProvisionedThroughputExceededException',
        $fault: 'client',
      });
    }
    return send();
  });
}

/** Ends the faults or the interception: call from afterEach. */
export function restoreFaults() {
  ddb?.restore();
  ddb = undefined;
}
