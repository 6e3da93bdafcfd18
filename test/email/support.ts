import type { SQSEvent } from 'aws-lambda';
import type { EmailRequested, RewardEmailRequested } from '../../events/schemas.js';
import { toSqsRecord } from '../../infra/local/event-sources.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { testAddress } from '../support/outbox.js';

export const SELLER_ADDRESS = { name: 'Dana Demo', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

/** A seller with a business name and a postal address (the footer's), on executive. */
export async function emailSeller(): Promise<TestSeller & { businessName: string }> {
  const businessName = `Candles ${crypto.randomUUID().slice(0, 6)}`;
  const seller = await createTestSeller({ plan: 'executive', businessName });
  const { consultantEntity } = await import('../../functions/data/entities.js');
  await consultantEntity().patch({ sellerId: seller.sellerId }).set({ returnAddress: SELLER_ADDRESS }).go();
  return { ...seller, businessName };
}

/** A customer of the seller with an address of the test's own (written as an import or the API would). */
export async function customerOf(
  sellerId: string,
  options: { source?: 'manual' | 'etsy' | 'ebay' | 'csv'; marketingAllowed?: boolean; email?: string | null; firstName?: string } = {},
): Promise<{ customerId: string; email: string }> {
  const { createCustomer } = await import('../../functions/data/customers.js');
  const email = options.email === null ? '' : (options.email ?? testAddress('customer'));
  const customerId = await createCustomer(
    sellerId,
    { firstName: options.firstName ?? 'Ada', lastName: 'Lovelace', ...(email ? { email } : {}), country: 'US' },
    { source: options.source, marketingAllowed: options.marketingAllowed },
  );
  return { customerId, email };
}

const QUEUE = { name: 'test', url: '', arn: 'arn:aws:sqs:us-east-1:000000000000:test', dlqName: '', dlqUrl: '', dlqArn: '' };

/**
 * The SQS event Lambda hands a worker for `message`: the same `messageId` again is a redelivery of it, and
 * `receiveCount` says which receive it is (the last one is MAX_RECEIVE_COUNT).
 */
export function deliveryOf(message: RewardEmailRequested | EmailRequested, messageId = crypto.randomUUID(), receiveCount = 1): SQSEvent {
  return {
    Records: [
      toSqsRecord(
        {
          MessageId: messageId,
          Body: JSON.stringify(message),
          Attributes: { ApproximateReceiveCount: String(receiveCount) },
          MessageAttributes: { correlationId: { DataType: 'String', StringValue: `corr-${messageId.slice(0, 8)}` } },
        },
        QUEUE,
        'us-east-1',
      ),
    ],
  };
}

export function rewardMessage(sellerId: string, fields: Partial<RewardEmailRequested>): RewardEmailRequested {
  return {
    type: 'reward-email.requested',
    sellerId,
    kind: 'earned',
    period: `cycle-${crypto.randomUUID().slice(0, 8)}`,
    rewardText: 'A free candle',
    points: 10,
    goalCount: 10,
    goalType: 'items',
    ...fields,
  } as RewardEmailRequested;
}
