import * as z from 'zod';
import { cursorParam, successAnswer } from '../../schemas/common.js';
import { billingInfo, chargePage, payBody, planChangeAnswer, plaidLinkErrorBody, plaidLinkToken, upgradeBody, upgradeInfo } from '../../schemas/billing.js';
import { route } from './define.js';

/** The billing call group's routes (served by functions/http/billing.ts). */
export const billingRoutes = [
  // Upgrade and payment
  route('billing.getUpgradeInfo', 'GET', '/upgrade/getUpgradeInfo', 'billing', { response: upgradeInfo }),
  route('billing.upgrade', 'POST', '/payment/upgrade', 'billing', { body: upgradeBody, response: planChangeAnswer }),
  route('billing.pay', 'POST', '/payment', 'billing', { body: payBody, response: planChangeAnswer }),
  route('billing.paymentHistory', 'GET', '/payment/history', 'billing', {
    query: z.object({ cursor: cursorParam }),
    response: chargePage,
    source: 'issue-6',
  }),
  route('billing.getPlaidLinkToken', 'POST', '/payment/GetPlaidLinkToken', 'billing', {
    body: z.object({ uri: z.string().min(1).max(2000) }),
    response: plaidLinkToken,
  }),
  route('billing.plaidJsException', 'POST', '/payment/PlaidJSException', 'billing', {
    body: plaidLinkErrorBody,
    response: successAnswer,
  }),
  // Issue 6: what the billing form needs to know (saved method, pending changes, ACH, social login)
  route('billing.info', 'GET', '/payment/billingInfo', 'billing', { response: billingInfo, source: 'issue-6' }),
] as const;
