import type { ScheduledEvent } from 'aws-lambda';
import { scheduledEvent } from '../../events/schemas.js';
import { runRewardReminders } from '../rewards/reminders.js';

/**
 * The daily EventBridge schedule's reward-reminder job. The day is the schedule's own time, so an event delivered
 * twice (EventBridge delivers at least once) is the same day's run.
 */
export async function handler(event: ScheduledEvent): Promise<void> {
  const { time } = scheduledEvent.parse(event);
  await runRewardReminders(time);
}
