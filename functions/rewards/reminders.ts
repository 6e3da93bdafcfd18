import type { RewardEmailRequested } from '../../events/schemas.js';
import { can } from '../../shared/domain/plans.js';
import { almostRecent, almostThreshold, currentCycle, cyclePeriod, programState, reminderDue } from '../../shared/domain/rewards.js';
import { sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';
import {
  automaticPrograms,
  jobRanOn,
  markJobRun,
  membersFrom,
  PROGRAM_SHARDS,
  type RewardMemberRecord,
  type RewardSettingsRecord,
} from '../data/rewards.js';
import { getSellerProfile } from '../data/sellers.js';
import { logger } from '../observability.js';

/**
 * The daily reward-reminder job (issue 14): for every active program with automatic reward emails (the sparse
 * index, a Query per shard, never a Scan), a reminder to each customer with an unredeemed reward on every 7th day
 * after it was earned, and an almost-there email to each customer who crossed 80 % of the goal since the previous
 * runs (once per goal cycle by its period). A seller's day is marked done after its messages are queued, so a
 * second run that day queues nothing; two runs at once may both queue, and the messages' natural keys make the
 * worker send each email once.
 */

export interface ReminderRun {
  programs: number;
  skipped: number;
  messages: number;
}

/** Programs handled at once per shard; the shards run side by side. */
const PER_SHARD = 8;
const SHARDS_AT_ONCE = 4;
const MEMBER_PAGE = 200;

export async function runRewardReminders(at: string): Promise<ReminderRun> {
  const day = at.slice(0, 10);
  const run: ReminderRun = { programs: 0, skipped: 0, messages: 0 };
  const shards = Array.from({ length: PROGRAM_SHARDS }, (_, i) => i);
  await eachLimited(shards, SHARDS_AT_ONCE, async (shard) => {
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof automaticPrograms>> = await automaticPrograms(shard, cursor);
      await eachLimited(page.programs, PER_SHARD, async (program) => {
        const sent = await remindSeller(program, day);
        if (sent === undefined) run.skipped++;
        else {
          run.programs++;
          run.messages += sent;
        }
      });
      cursor = page.cursor;
    } while (cursor);
  });
  logger.info('reward reminders queued', { day, ...run });
  return run;
}

/** One seller's messages of the day; undefined when skipped (done already, not active, plan without them). */
export async function remindSeller(program: RewardSettingsRecord, day: string): Promise<number | undefined> {
  const { sellerId, goalCount: goal } = program;
  if (programState(program, day) !== 'active') return undefined;
  if (await jobRanOn(sellerId, day)) return undefined;
  const profile = await getSellerProfile(sellerId);
  if (!profile || !can(profile.package, 'automaticRewardEmails')) return undefined;
  const base = {
    type: 'reward-email.requested' as const,
    sellerId,
    rewardText: program.rewardText ?? '',
    goalCount: goal,
    goalType: program.goalType,
  };
  const message = (m: RewardMemberRecord, kind: 'reminder' | 'almost', period: string): RewardEmailRequested => ({
    ...base,
    customerId: m.customerId,
    ...(m.email ? { customerEmail: m.email } : {}),
    kind,
    period,
    points: m.balance,
  });
  let count = 0;
  const queue = required('QUEUE_URL_REWARD_EMAILS');
  const each = async (min: number, below: number | undefined, pick: (m: RewardMemberRecord) => RewardEmailRequested | undefined) => {
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof membersFrom>> = await membersFrom(sellerId, min, below, cursor, MEMBER_PAGE);
      const messages = page.members.filter((m) => m.email).flatMap((m) => pick(m) ?? []);
      await sendMessages(queue, messages);
      count += messages.length;
      cursor = page.cursor;
    } while (cursor);
  };
  await each(goal, undefined, (m) => {
    if (!m.earnedAt) return undefined;
    const due = reminderDue(m.earnedAt, day);
    return due.due ? message(m, 'reminder', due.period) : undefined;
  });
  await each(almostThreshold(goal), goal, (m) =>
    almostRecent(m.almostSince, day) ? message(m, 'almost', cyclePeriod(currentCycle(m.balance, goal, m.redeemed))) : undefined,
  );
  await markJobRun(sellerId, day, count);
  return count;
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(runners);
}
