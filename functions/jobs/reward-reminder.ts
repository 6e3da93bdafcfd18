import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../observability.js';

/** The daily reward-reminder job; the reminders themselves come with the rewards feature. */
export async function handler(event: ScheduledEvent): Promise<void> {
  logger.info('reward reminder schedule fired; rewards reminders are not built yet', { time: event.time });
}
