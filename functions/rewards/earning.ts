import type { RewardEmailRequested } from '../../events/schemas.js';
import { can } from '../../shared/domain/plans.js';
import { completedCycle, cyclePeriod, orderPoints, type PointsOrder, programEarns, reachedGoal, redeemCount } from '../../shared/domain/rewards.js';
import { sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';
import { getPointsOfOrders, getRewardSettings, type RewardSettingsRecord, setPointsOfOrders } from '../data/rewards.js';
import { getSellerProfile } from '../data/sellers.js';
import { recordRewards } from '../reports/aggregates.js';

/** An order as the points rules read it, with what names its customer. */
export interface PointsOrderRecord extends PointsOrder {
  orderId: string;
  orderNumber?: string;
  customerId: string;
  /** What the order credited when an import created it (until a REWARDPTS entry of it exists). */
  rewardPoints?: number;
}

/** One write of an order: as it was (undefined: new) and as it is now (undefined: deleted). */
export interface OrderWrite {
  before?: PointsOrderRecord;
  after?: PointsOrderRecord;
  /** The order was created by this write: nothing can have been credited for it, so its entry is not read. */
  created?: boolean;
}

export interface Program {
  settings: RewardSettingsRecord & { startDate: string };
  /** Orders earn (scheduled or active); otherwise only take-backs (cancelled, deleted orders) apply. */
  earns: boolean;
  /** Reward-earned emails: an active program with sendRewardsEmail of a seller whose plan has them. */
  automatic: boolean;
}

/**
 * The points of a seller's orders, for every path that writes orders (New Order and edits, CSV imports, platform
 * syncs). It reads the program once for its life (one per import job or sync, one per saved order), so a seller
 * without a program pays one GetItem per job; with one, a batch of orders (an import's batch of rows, all at once)
 * costs BatchGets of their entries (side by side) and, when points changed, BatchGets of their customers and members
 * and a few transactions side by side (functions/data/rewards.ts setPointsOfOrders).
 */
export class OrderPoints {
  private loaded?: Promise<Program | undefined>;

  constructor(private readonly sellerId: string) {}

  /** The seller's program as this writer read it once (undefined: none was ever set up). */
  program(): Promise<Program | undefined> {
    return this.load();
  }

  private load(): Promise<Program | undefined> {
    this.loaded ??= (async () => {
      const settings = await getRewardSettings(this.sellerId, { consistent: true });
      if (!settings?.startDate) return undefined;
      const earns = programEarns(settings);
      const profile = settings.active && settings.sendRewardsEmail ? await getSellerProfile(this.sellerId) : undefined;
      const automatic = !!profile && can(profile.package, 'automaticRewardEmails');
      return { settings: { ...settings, startDate: settings.startDate }, earns, automatic };
    })();
    return this.loaded;
  }

  /** Applies the points of written orders; queues a reward-earned email for each customer an order took to the goal. */
  async apply(writes: readonly OrderWrite[]): Promise<void> {
    const program = await this.load();
    if (!program) return;
    const { settings } = program;
    // Without an earning program only a cancelled or deleted order changes anything: it takes back what it gave.
    const due = writes.filter((w) => (w.after ?? w.before) && (program.earns || !w.after || w.after.status === 'cancelled'));
    if (due.length === 0) return;
    const unread = due.filter((w) => !w.created).map((w) => idOf(w));
    const entries = new Map((await getPointsOfOrders(this.sellerId, unread)).map((e) => [e.orderId, e]));
    const changes = await setPointsOfOrders(
      this.sellerId,
      due.map((w) => {
        const order = (w.after ?? w.before) as PointsOrderRecord;
        return {
          order,
          points: program.earns ? orderPoints(w.after, settings) : 0,
          known: entries.get(order.orderId) ?? null,
          credited: w.before?.rewardPoints,
        };
      }),
      settings.goalCount,
    );
    await this.announce(changes);
  }

  /** Queues a reward-earned email for each customer a balance change took to the goal (automatic programs only). */
  async announce(changes: readonly { customerId: string; before: number; after: number; customer: { email?: string }; member: { redeemed: number } }[]) {
    const program = await this.load();
    if (!program) return;
    const { settings } = program;
    // Rewards earned on the reports: how many more times the balances cover the goal (fewer when an order is cancelled).
    const earned = changes.reduce((n, c) => n + redeemCount(c.after, settings.goalCount) - redeemCount(c.before, settings.goalCount), 0);
    if (earned !== 0) await recordRewards(this.sellerId, new Date().toISOString(), { earned });
    if (!program.automatic) return;
    const messages: RewardEmailRequested[] = changes
      .filter((c) => c.customer.email && reachedGoal(c.before, c.after, settings.goalCount))
      .map((c) => ({
        type: 'reward-email.requested',
        sellerId: this.sellerId,
        customerId: c.customerId,
        ...(c.customer.email ? { customerEmail: c.customer.email } : {}),
        kind: 'earned',
        period: cyclePeriod(completedCycle(c.after, settings.goalCount, c.member.redeemed)),
        rewardText: settings.rewardText ?? '',
        points: c.after,
        goalCount: settings.goalCount,
        goalType: settings.goalType,
      }));
    if (messages.length > 0) await sendMessages(required('QUEUE_URL_REWARD_EMAILS'), messages);
  }
}

const idOf = (w: OrderWrite) => ((w.after ?? w.before) as PointsOrderRecord).orderId;

/** The points of one order written (created, edited, cancelled or deleted). */
export function applyOrderPoints(sellerId: string, before: PointsOrderRecord | undefined, after: PointsOrderRecord | undefined): Promise<void> {
  return new OrderPoints(sellerId).apply([{ before, after, created: !before }]);
}
