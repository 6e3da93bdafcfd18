import { describe, expect, it } from 'vitest';
import {
  platformSyncRequested,
  rewardEmailRequested,
  s3ObjectCreated,
  s3TestEvent,
  scheduledEvent,
} from '../../events/schemas.js';
import { sample } from '../../events/samples.js';

describe('event contracts', () => {
  it('parse every sample payload', () => {
    expect(sample(s3ObjectCreated, 'csv-jobs', 'object-created').Records[0]?.s3.object.key).toMatch(/^uploads\//);
    expect(sample(s3TestEvent, 'csv-jobs', 'test-event').Event).toBe('s3:TestEvent');
    expect(sample(platformSyncRequested, 'platform-sync', 'requested').platform).toBe('shopify');
    expect(sample(rewardEmailRequested, 'reward-emails', 'earned').kind).toBe('earned');
    expect(sample(scheduledEvent, 'schedule', 'daily')['detail-type']).toBe('Scheduled Event');
  });

  it('refuse a message for a platform the product does not sync', () => {
    const bad = { ...sample(platformSyncRequested, 'platform-sync', 'requested'), platform: 'myspace' };
    expect(platformSyncRequested.safeParse(bad).success).toBe(false);
  });
});
