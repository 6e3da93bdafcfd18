import { DEFAULT_PRICES, PLANS, type PlanPrices } from '../../shared/domain/plans.js';
import { config } from '../config.js';

/** Spec section 9: the defaults, each overridden by the server's configuration (PLAN_PRICES) where it names one. */
export function planPrices(): PlanPrices {
  const prices = { ...DEFAULT_PRICES };
  for (const plan of PLANS) prices[plan] = { ...DEFAULT_PRICES[plan], ...config.PLAN_PRICES[plan] };
  return prices;
}
