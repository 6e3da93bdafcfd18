import type { RouteId, RouteOf } from '../../shared/api/routes.js';
import { billingInfo, billingReads, paymentHistory, upgradeInfo } from '../billing/overview.js';
import { saveBilling, upgradePlan } from '../billing/plan.js';
import { plaidLinkToken, recordPlaidLinkError } from '../billing/plaid-link.js';
import { billingRoutes } from '../../shared/api/routes/billing.js';
import { type Action, httpHandler, readsOnly, readsWithProfile } from './http-handler.js';

type A<Id extends RouteId> = Action<RouteOf<Id>>;

const getUpgradeInfo: A<'billing.getUpgradeInfo'> = async ({ seller }) => upgradeInfo(seller);
const upgrade: A<'billing.upgrade'> = async ({ seller, body }) => upgradePlan(seller, body);
const pay: A<'billing.pay'> = async ({ seller, body }) => saveBilling(seller, body);
// The saved method read beside the plan gate's profile read; the answer adds the plan and period from the profile.
const info: A<'billing.info'> = readsWithProfile(({ sellerId }) => billingReads(sellerId), billingInfo);
// A read that needs only the seller's id: started beside the plan gate's profile read.
const history: A<'billing.paymentHistory'> = readsOnly(({ sellerId, query }) => paymentHistory(sellerId, query.cursor));
const getPlaidLinkToken: A<'billing.getPlaidLinkToken'> = async () => plaidLinkToken();
const plaidJsException: A<'billing.plaidJsException'> = async ({ body }) => recordPlaidLinkError(body);

export const handler = httpHandler('billing', billingRoutes, {
  'billing.getPlaidLinkToken': getPlaidLinkToken,
  'billing.plaidJsException': plaidJsException,
  'billing.getUpgradeInfo': getUpgradeInfo,
  'billing.upgrade': upgrade,
  'billing.pay': pay,
  'billing.paymentHistory': history,
  'billing.info': info,
});
