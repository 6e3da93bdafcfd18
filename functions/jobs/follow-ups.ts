import type { Context, ScheduledEvent } from 'aws-lambda';
import { sendDueFollowUps } from '../marketing/automated.js';
import { logger, publishMetrics, withCorrelation } from '../observability.js';

/**
 * The daily follow-ups job (SCHEDULES.followUps): queues every seller's "days after shipping" emails due today. The
 * day is the event's, so a retried or late invocation sends the day it was scheduled for (and the catch-up days).
 */
export async function handler(event: ScheduledEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<void> {
  await withCorrelation(event.id, async () => {
    const today = new Date(event.time);
    const run = await sendDueFollowUps(Number.isNaN(today.getTime()) ? new Date() : today, () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY);
    if (run.stoppedEarly) logger.warn('follow-ups left for the next run: the invocation ran out of time', { ...run });
    else logger.info('follow-ups queued', { ...run });
  }).finally(publishMetrics);
}
