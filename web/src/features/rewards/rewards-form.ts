import * as z from 'zod';
import { routeIn } from '../../../../shared/api/routes/define';
import { rewardsRoutes } from '../../../../shared/api/routes/rewards';
import { formatMoney } from '../../../../shared/domain/format';
import {
  DEFAULT_GOAL_COUNT,
  type GoalType,
  MAX_GOAL_COUNT,
  MIN_GOAL_COUNT,
  REWARD_ICONS,
  type RewardIcon,
  START_DATE_MAX_MONTHS_BACK,
} from '../../../../shared/domain/rewards-constants';
import type { RewardSettings } from '../../../../shared/schemas/rewards';

export const START_DATE_FORMAT = 'Start date must be MM/DD/YYYY.';
export const START_DATE_REQUIRED = 'Start date is required.';
export const START_DATE_TOO_EARLY = 'Start date cannot be more than one month ago.';
export const GOAL_RANGE = `Goal must be between ${MIN_GOAL_COUNT} and ${MAX_GOAL_COUNT}.`;

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A real calendar day written MM/DD/YYYY (02/30/2026 is not one), as a local date; undefined otherwise. */
export function parseUsDate(text: string): Date | undefined {
  const m = US_DATE.exec(text.trim());
  if (!m) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/** Today's calendar day as MM/DD/YYYY: the start date a new program is offered. */
export function usDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

/** The earliest start date allowed on `today`: the same day `START_DATE_MAX_MONTHS_BACK` months back (Mar 31 -> Feb 28). */
export function earliestStart(today: Date): Date {
  const y = today.getFullYear();
  const m = today.getMonth() - START_DATE_MAX_MONTHS_BACK;
  const daysInThatMonth = new Date(y, m + 1, 0).getDate();
  return new Date(y, m, Math.min(today.getDate(), daysInThatMonth));
}

/**
 * Why a start date is refused (spec section 5: MM/DD/YYYY, required, not before one month ago), or undefined.
 * The date the program already has is kept as it is: a program started in March can still change its goal in June.
 */
export function startDateProblem(text: string, today: Date, saved: string | null = null): string | undefined {
  const value = text.trim();
  if (value === '') return START_DATE_REQUIRED;
  const date = parseUsDate(value);
  if (!date) return START_DATE_FORMAT;
  if (saved !== null && value === saved) return undefined;
  return date < earliestStart(today) ? START_DATE_TOO_EARLY : undefined;
}

/**
 * The settings form, field by field the route's own body schema (so its messages are the server's): the goal is
 * typed as text and read as a number first, and the start date is checked for the one-month window here as well.
 */
export function settingsForm(today: Date, saved: string | null) {
  const body = routeIn(rewardsRoutes, 'rewards.saveSettings').body.shape;
  return z.object({
    startDate: z
      .string()
      .superRefine((text, ctx) => {
        const problem = startDateProblem(text, today, saved);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .pipe(body.startDate),
    goalCount: z
      .string()
      .trim()
      .refine((t) => /^\d{1,4}$/.test(t) && Number(t) >= MIN_GOAL_COUNT, GOAL_RANGE)
      .transform(Number)
      .pipe(body.goalCount.unwrap()),
    goalType: body.goalType.unwrap(),
    rewardText: body.rewardText,
    icon: body.icon.unwrap(),
    sendRewardsEmail: body.sendRewardsEmail.unwrap(),
  });
}
export type SettingsFormInput = z.input<ReturnType<typeof settingsForm>>;
export type SettingsFormOutput = z.output<ReturnType<typeof settingsForm>>;

/**
 * The form's first values: the program's own, or the defaults of spec section 3 for a program never set up (start
 * today, goal 10 items, a star). Automatic emails default on only where the plan includes them.
 */
export function settingsDefaults(settings: RewardSettings | undefined, today: Date, mayEmail: boolean): SettingsFormInput {
  return {
    startDate: settings?.startDate ?? usDate(today),
    goalCount: String(settings?.startDate ? settings.goalCount : DEFAULT_GOAL_COUNT),
    goalType: settings?.startDate ? settings.goalType : 'items',
    rewardText: settings?.rewardText ?? '',
    icon: (settings?.startDate ? settings.icon : REWARD_ICONS[0]) as RewardIcon,
    sendRewardsEmail: mayEmail && (settings?.startDate ? settings.sendRewardsEmail : true),
  };
}

const address = z.email();

/**
 * The announcement's extra addresses as the server reads them (spec section 5): split on newlines, semicolons,
 * spaces and commas; only valid addresses are kept (each once). `skipped` is what was typed but is no address.
 */
export function splitExtraEmails(text: string): { valid: string[]; skipped: string[] } {
  const valid = new Set<string>();
  const skipped: string[] = [];
  for (const part of text.split(/[\n\r;, \t]+/)) {
    if (part === '') continue;
    if (address.safeParse(part).success) valid.add(part.toLowerCase());
    else skipped.push(part);
  }
  return { valid: [...valid], skipped };
}

/** Points in the goal's unit: whole items, or dollars with cents. */
export function formatPoints(points: number, goalType: GoalType): string {
  return goalType === 'dollars' ? formatMoney(points) : String(points);
}

/** Spec section 8: what a failed announcement says, whatever went wrong (field errors aside). */
export const ANNOUNCEMENT_FAILED = 'There was a problem, please contact customer service.';
