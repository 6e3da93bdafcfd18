import { describe, expect, it } from 'vitest';
import {
  csvJobMessage,
  jobWatch,
  emailRequested,
  labelBatchOrder,
  platformSyncRequested,
  rewardEmailRequested,
  rewardsCatchUpRequested,
  s3ObjectCreated,
  s3TestEvent,
  scheduledEvent,
  sesNotification,
} from '../../events/schemas.js';
import { sample } from '../../events/samples.js';

describe('event contracts', () => {
  it('parse every sample payload', () => {
    expect(sample(s3ObjectCreated, 'csv-jobs', 'object-created').Records[0]?.s3.object.key).toMatch(/^uploads\//);
    expect(sample(s3TestEvent, 'csv-jobs', 'test-event').Event).toBe('s3:TestEvent');
    expect(sample(platformSyncRequested, 'platform-sync', 'requested').platform).toBe('shopify');
    expect(sample(labelBatchOrder, 'label-batches', 'order').service).toBe('usps_ground_advantage');
    expect(sample(rewardEmailRequested, 'reward-emails', 'earned').kind).toBe('earned');
    expect(sample(rewardsCatchUpRequested, 'rewards-catch-up', 'requested').startDate).toBe('11/01/2026');
    expect(sample(scheduledEvent, 'schedule', 'daily')['detail-type']).toBe('Scheduled Event');
    expect(sample(jobWatch, 'job-watchdog', 'csv').kind).toBe('csv');
    expect(sample(jobWatch, 'job-watchdog', 'platform-sync').kind).toBe('platform-sync');
    expect(sample(rewardEmailRequested, 'reward-emails', 'announcement')).toMatchObject({ kind: 'announcement', to: 'friend@example.com' });
    expect(sample(emailRequested, 'emails', 'shipped').category).toBe('transactional');
    expect(sample(emailRequested, 'emails', 'follow-up').category).toBe('marketing');
    expect(sample(emailRequested, 'emails', 'delivered')).toMatchObject({ kind: 'delivered', category: 'transactional', reason: 'delivered:demo-order-042' });
    expect(sample(emailRequested, 'emails', 'days-after')).toMatchObject({ kind: 'daysAfter', category: 'marketing', reason: 'daysAfter:demo-order-042' });
    expect(sample(sesNotification, 'email-events', 'bounce')).toMatchObject({ eventType: 'Bounce', mail: { tags: { seller: [expect.any(String)] } } });
    expect(sample(sesNotification, 'email-events', 'complaint').eventType).toBe('Complaint');
    expect(sample(emailRequested, 'emails', 'support-ticket')).toMatchObject({ kind: 'supportTicket', to: 'demo@consultantdesk.test', category: 'transactional' });
    expect(emailRequested.safeParse({ ...sample(emailRequested, 'emails', 'support-ticket'), customerId: 'c-1' }).success).toBe(false);
  });

  it('email-events takes SES\'s event inside SNS\'s envelope too (raw delivery off)', () => {
    const event = sample(sesNotification, 'email-events', 'sns-envelope');
    expect(event).toMatchObject({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'full@example.com' }] } });
    expect(sesNotification.safeParse({ Type: 'Notification', Message: 'not json' }).success).toBe(false);
  });

  it('refuse a reward email with neither customer nor address, and an email of an unknown kind', () => {
    const { customerId: _, ...noOne } = sample(rewardEmailRequested, 'reward-emails', 'earned');
    expect(rewardEmailRequested.safeParse(noOne).success).toBe(false);
    expect(emailRequested.safeParse({ ...sample(emailRequested, 'emails', 'shipped'), kind: 'spam' }).success).toBe(false);
  });

  it('csv-jobs takes both of S3\'s messages and hands consumers every key decoded', () => {
    expect(sample(csvJobMessage, 'csv-jobs', 'test-event')).toMatchObject({ Event: 's3:TestEvent' });
    const event = sample(csvJobMessage, 'csv-jobs', 'encoded-key');
    expect('Records' in event && event.Records.map((r) => r.s3.object.key)).toEqual(['uploads/seller+1@example/job 42.csv']);
  });

  it('refuse a label batch message for a service the product does not sell', () => {
    const bad = { ...sample(labelBatchOrder, 'label-batches', 'order'), service: 'pony_express' };
    expect(labelBatchOrder.safeParse(bad).success).toBe(false);
  });

  it('refuse a message for a platform the product does not sync', () => {
    const bad = { ...sample(platformSyncRequested, 'platform-sync', 'requested'), platform: 'myspace' };
    expect(platformSyncRequested.safeParse(bad).success).toBe(false);
  });
});
