import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { STATUS } from '../../infra/definitions.js';
import { updateStatus } from '../../scripts/status.js';
import { getSupportTicket, listChatMessages, listPhoneMeetings } from '../../functions/data/help.js';
import { sendChatMessage, ticketReference } from '../../functions/help/support.js';
import { emailsTo } from '../support/outbox.js';
import { callApi, createTestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

describe('POST /help/ticket', () => {
  it('stores the ticket and sends one confirmation through SES, however often the same form is sent', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const requestId = randomUUID();
    const body = { requestId, subject: 'Labels print blank', message: 'Every label I print since this morning is blank.' };
    const first = await seller.api('POST', '/help/ticket', { body });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      success: true,
      ticketId: requestId,
      message: 'Your ticket was received. We sent a confirmation to your email and will reply within 1 business day.',
    });
    const stored = await getSupportTicket(seller.sellerId, requestId);
    expect(stored).toMatchObject({ subject: body.subject, message: body.message, email: seller.email, status: 'open' });

    // Queued on `emails` (transactional); the worker sends it through the local SES.
    const emails = await until(
      'the ticket confirmation in the SES outbox',
      async () => {
        const sent = await emailsTo(seller.email);
        return sent.length > 0 ? sent : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`We received your support ticket #${ticketReference(requestId)}`);
    expect(emails[0]!.text).toContain('Every label I print since this morning is blank.');

    // A double click or a retry after a lost answer: the same ticket, no second email.
    const again = await seller.api('POST', '/help/ticket', { body: { ...body, message: 'changed on resend' } });
    expect(again.status).toBe(200);
    expect(again.json.ticketId).toBe(requestId);
    expect((await getSupportTicket(seller.sellerId, requestId))?.message).toBe(body.message);
    // The resend queued the confirmation again; the worker's claim on (seller, address, supportTicket, ticket id) drops it.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await emailsTo(seller.email)).toHaveLength(1);
  });

  it('answers a message per field for an empty subject or message', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/help/ticket', { body: { requestId: randomUUID(), subject: ' ', message: '' } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({ subject: 'Subject is required.', message: 'Message is required.' });
  });
});

describe('live chat and phone support are executive only', () => {
  it('refuses growth with 403 Upgrade Required and changes nothing', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const chat = await seller.api('POST', '/help/livechat', { body: { message: 'Hello?' } });
    expect(chat.status).toBe(403);
    expect(chat.json).toEqual({ message: 'Upgrade Required', requiredPlan: 'executive' });
    expect((await seller.api('GET', '/help/phoneslots')).status).toBe(403);
    const slot = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    const meeting = await seller.api('POST', '/help/phonemeeting', { body: { slot, phone: '+1 555 010 0000' } });
    expect(meeting.status).toBe(403);
    expect(meeting.json.message).toBe('Upgrade Required');
    expect(await listChatMessages(seller.sellerId)).toEqual([]);
    expect(await listPhoneMeetings(seller.sellerId)).toEqual([]);
  });

  it('books an executive seller one meeting per offered time, and refuses a time not offered', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    const slots = await seller.api('GET', '/help/phoneslots');
    expect(slots.status).toBe(200);
    const slot = slots.json.slots[3] as string;
    const booked = await seller.api('POST', '/help/phonemeeting', { body: { slot, phone: '+1 555 010 0000', topic: 'Batch labels' } });
    expect(booked.status).toBe(200);
    expect(booked.json).toEqual({ success: true, slot, message: 'Your phone support meeting is booked. We will call you at the number you gave.' });
    expect((await seller.api('POST', '/help/phonemeeting', { body: { slot, phone: '+1 555 010 0000' } })).json.message).toBe(
      'You already have a meeting at that time.',
    );
    const sunday = await seller.api('POST', '/help/phonemeeting', { body: { slot: '2030-01-06T15:00:00.000Z', phone: '+1 555 010 0000' } });
    expect(sunday.status).toBe(400);
    expect(sunday.json.message).toBe('That time is no longer available. Please choose another.');
    expect((await listPhoneMeetings(seller.sellerId)).map((m) => m.slot)).toEqual([slot]);
  });

  it('takes chat messages from 14:00 to 22:00 UTC and points to a ticket outside them', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    await expect(sendChatMessage(seller.sellerId, 'Anyone there?', new Date('2026-11-25T23:00:00Z'))).rejects.toThrow(
      'Support is closed right now. Live chat is open 14:00-22:00 UTC. Open a ticket and we will email you back.',
    );
    const open = await sendChatMessage(seller.sellerId, 'Hello', new Date('2026-11-25T14:00:00Z'));
    expect(open.message).toBe('Thanks! A support agent will answer here in a few minutes.');
    expect((await listChatMessages(seller.sellerId)).map((m) => m.message)).toEqual(['Hello']);
  });
});

describe('status feed and version', () => {
  const s3 = new S3Client({ region: process.env.AWS_REGION ?? 'us-east-1', forcePathStyle: true });

  it('serves what the ops command wrote: the feed to anyone, the version to a seller', async () => {
    const seller = await createTestSeller();
    // What ops type is stored trimmed: the app uses the feed before checking it against its schema.
    await updateStatus(s3, STATUS.bucket, { outage: '  Label purchases are delayed.\n', release: ' 2026-11-20 ', version: '3.1.0', forceOneTimeStorageClear: true });
    const feed = await callApi(undefined, 'GET', '/status/feed');
    expect(feed.status).toBe(200);
    expect(feed.json).toEqual({ outageMessage: 'Label purchases are delayed.', lastFeatureRelease: '2026-11-20' });
    expect((await seller.api('GET', '/status')).json).toEqual({ version: '3.1.0', forceLocalStorageClear: false, forceOneTimeStorageClear: true });

    await updateStatus(s3, STATUS.bucket, { clearOutage: true });
    expect((await callApi(undefined, 'GET', '/status/feed')).json).toEqual({ lastFeatureRelease: '2026-11-20' });
    expect((await seller.api('GET', '/status')).json.version).toBe('3.1.0');
  });
});
