import { formatMoney, plural } from '../../../../shared/domain/format';
import { showDate } from '../../lib/format';
import type { HomepageAnswer } from './api';

export interface Todo {
  id: string;
  text: string;
  to: string;
  action: string;
  tone: 'warning' | 'danger' | 'info';
  /** The failure this is (its time): the seller may dismiss it from the homepage. */
  dismiss?: string;
}

/** Where a failed job is tried again: the import on its list's screen, a sync on the integrations screen. */
const RETRY = {
  orders: { to: '/orders', action: 'Import again' },
  customers: { to: '/customers', action: 'Import again' },
  sync: { to: '/settings#integration', action: 'Sync again' },
} as const;

function failedJobTodo(f: NonNullable<HomepageAnswer['failedJob']>): Todo {
  const what = f.kind === 'sync' ? `Your ${f.name} sync` : `Your ${f.kind} import of ${f.name}`;
  return { id: 'failed-job', text: `${what} failed on ${showDate(f.failedAt)}: ${f.reason}`, ...RETRY[f.kind], tone: 'danger', dismiss: f.failedAt };
}


/** The things that need the seller, most urgent first; each links where it is done. */
export function todosOf(h: HomepageAnswer): Todo[] {
  const out: Todo[] = [];
  if (h.failedJob) out.push(failedJobTodo(h.failedJob));
  for (const s of h.failedSyncs) out.push({ id: `sync-${s.platform}`, text: s.message, to: '/settings#integration', action: 'Fix sync', tone: 'danger' });
  if (h.postage.low)
    out.push({
      id: 'postage',
      text: `Your postage balance is ${formatMoney(h.postage.balanceCents / 100)}, below ${formatMoney(h.postage.thresholdCents / 100)}.`,
      to: '/settingsbilling',
      action: 'Add postage',
      tone: 'warning',
    });
  if (h.unshippedOrders > 0)
    out.push({ id: 'unshipped', text: `${plural(h.unshippedOrders, 'order is', 'orders are')} waiting to be shipped.`, to: '/orders?status=open', action: 'Ship orders', tone: 'warning' });
  if (h.rewardsToRedeem > 0)
    out.push({
      id: 'rewards',
      text: `${h.rewardsMore ? `${h.rewardsToRedeem}+` : h.rewardsToRedeem} ${h.rewardsToRedeem === 1 && !h.rewardsMore ? 'customer has' : 'customers have'} earned a reward not yet given.`,
      to: '/rewards',
      action: 'Give rewards',
      tone: 'info',
    });
  if (h.setup.percent < 100) out.push({ id: 'setup', text: `Your setup is ${h.setup.percent}% done.`, to: '/activate', action: 'Continue Setup', tone: 'info' });
  return out;
}
