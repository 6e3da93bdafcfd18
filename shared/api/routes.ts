import * as z from 'zod';
import { isCountry } from '../domain/geo.js';
import { ORDER_STATUSES } from '../domain/orders.js';
import { HAVE_SYNC_PLATFORMS, PLATFORMS, PRODUCT_CONTROLLERS, SETTINGS_PLATFORMS } from '../domain/platforms.js';
import { MAX_EMAIL_IMAGE_BYTES } from '../domain/email-images.js';
import type { Feature, Plan } from '../domain/plans.js';
import { ANNOUNCEMENT_SUBJECT, DEFAULT_GOAL_COUNT, GOAL_TYPES, MAX_REWARD_TEXT, REWARD_ICONS } from '../domain/rewards-constants.js';
import { boolParam, csvUploadBody, cursorParam, empty, sortDirParam, idParam, jobIdsParam, MAX_MESSAGE, MAX_SUBJECT, multipartBody, optionalText, successAnswer } from '../schemas/common.js';
import {
  billingInfo,
  chargePage,
  payBody,
  planChangeAnswer,
  plaidLinked,
  plaidLinkErrorBody,
  plaidLinkToken,
  upgradeBody,
  upgradeInfo,
} from '../schemas/billing.js';
import { consultantInfo, consultantInfoLite, countriesAnswer, statesAnswer } from '../schemas/consultant.js';
import { dashboardAnswer, dismissFailedJobBody, homepageAnswer, reportAnswer, reportQuery } from '../schemas/reports.js';
import {
  customer,
  customerFields,
  customerList,
  customerOrderPage,
  customerPage,
  previousAddress,
  rewardsAdjustmentAnswer,
} from '../schemas/customer.js';
import { unsubscribeAnswer, unsubscribeBody, unsubscribeQuery } from '../schemas/email.js';
import { discount, discountEndBody, discountList, discountSaveBody } from '../schemas/discount.js';
import { chatAnswer, chatBody, claimAnswer, phoneMeetingAnswer, phoneMeetingBody, phoneSlotsAnswer, ticketAnswer, ticketBody } from '../schemas/help.js';
import { settingsAnswer, settingsSaveBody, upsInfoAnswer } from '../schemas/settings.js';
import {
  automationsAnswer,
  automationsBody,
  deleteTemplateBody,
  imageUploadAnswer,
  joinAnswer,
  joinBody,
  recruitPage,
  recruitsQuery,
  referralAnswer,
  saveTemplateBody,
  templatesAnswer,
} from '../schemas/marketing.js';
import { campaign, campaignPage, campaignsQuery, sendCampaignBody, sendEmailAnswer, sendEmailBody } from '../schemas/send-email.js';
import {
  emailsSentAnswer,
  giftsEarnedAnswer,
  previousRewardsAnswer,
  previousRewardsQuery,
  redeemAnswer,
  redeemBody,
  rewardInfoAnswer,
  rewardInfoQuery,
  rewardSettings,
  rewardSettingsAnswer,
} from '../schemas/rewards.js';
import { catalogueQuery, productPage, streamIdParam } from '../schemas/product.js';
import {
  connectAnswer,
  connectBody,
  integrationAnswer,
  integrationList,
  lastClick,
  lastSyncAnswer,
  oauthReturnAnswer,
  oauthReturnQuery,
  resyncAnswer,
  storeUrl,
} from '../schemas/integrations.js';
import {
  batchBody,
  batchQuoteAnswer,
  batchStarted,
  batchStatusAnswer,
  buyLabelBody,
  label,
  order,
  orderPage,
  orderSaveBody,
  orderSummaries,
  orderWithFees,
  parsedAddress,
  pickupAnswer,
  addressSuggestions,
  addressSuggestionsQuery,
  pickupBody,
  postageBalance,
  quoteAnswer,
  quoteBody,
  shipmentUsage,
  voidAnswer,
} from '../schemas/shipping.js';
import { statusFeed, versionAnswer } from '../schemas/status.js';
import { csvStatusAnswer, csvUploadAnswer, orderUploadBody, presignAnswer, presignBody } from '../schemas/upload.js';
import { MESSAGES } from './messages.js';
import type { CallGroup, Method, RouteDef } from './route.js';

interface Spec<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends boolean = false> {
  query?: Q;
  body?: B;
  /** What a successful call answers; the action's return type is checked against it and the web client infers from it. */
  response?: R;
  minPlan?: Plan;
  feature?: (body: z.output<B>) => Feature | undefined;
  multipart?: boolean;
  public?: P;
  maxFileBytes?: number;
  source?: RouteDef['source'];
}

function route<
  const Id extends string,
  const G extends CallGroup,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof empty,
  R extends z.ZodType = z.ZodUnknown,
  const P extends boolean = false,
>(id: Id, method: Method, path: string, group: G, spec: Spec<Q, B, R, P> = {}): RouteDef<Q, B, R> & { id: Id; group: G; public: P } {
  return {
    id,
    method,
    path: `/api${path}`,
    group,
    query: (spec.query ?? empty) as Q,
    body: (spec.body ?? empty) as B,
    response: spec.response,
    minPlan: spec.minPlan ?? 'starter',
    feature: spec.feature,
    multipart: spec.multipart ?? false,
    public: (spec.public ?? false) as P,
    ...(spec.maxFileBytes ? { maxFileBytes: spec.maxFileBytes } : {}),
    source: spec.source ?? 'spec',
  };
}

/** The most points one adjustment may add or take (a balance stays far inside the safe integers). */
const MAX_POINTS_ADJUSTMENT = 1_000_000;

const searchQuery = z.object({
  q: z
    .string({ error: 'Type at least 2 characters to search.' })
    .trim()
    .min(2, 'Type at least 2 characters to search.')
    .max(100, 'Search for at most 100 characters.'),
  cursor: cursorParam,
});
const customerIdBody = z.object({ customerID: idParam });
const idQuery = z.object({ id: idParam });

/** Spec section 7, the platform variants expanded. Derived: CDK routes, local gateway, API client, contract test. */
const list = [
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

  // Status: the feed file (outage, last release) and the version check
  // The feed is a file anyone may read (CloudFront serves it from the web bucket in AWS): no sign-in, no seller data.
  route('status.feed', 'GET', '/status/feed', 'status', { response: statusFeed, public: true }),
  route('status.version', 'GET', '/status', 'status', { response: versionAnswer }),

  // Customers
  route('customers.removeCustomers', 'POST', '/customers/removeCustomers', 'customers', { body: customerIdBody, response: successAnswer }),
  route('customers.listOrders', 'GET', '/customers/listOrders', 'customers', {
    query: z.object({ customerID: idParam, cursor: cursorParam }),
    response: customerOrderPage,
  }),
  route('customers.get', 'GET', '/customers/get', 'customers', { query: idQuery, response: customer }),
  route('customers.getPreviousAddress', 'GET', '/customers/getPreviousAddress', 'customers', { query: idQuery, response: previousAddress }),
  route('customers.save', 'POST', '/customers/save', 'customers', { body: customerFields, response: customer }),
  route('customers.saveOrderAddress', 'POST', '/customers/saveOrderAddress', 'customers', {
    body: z.object({
      orderID: idParam,
      customerID: idParam,
      address1: z.string().trim().min(1, 'Street address is required.').max(100),
      address2: optionalText(100),
      address3: optionalText(100),
      city: z.string().trim().min(1, 'City is required.').max(60),
      state: z.string().trim().min(1, 'State is required.').max(60),
      zip: z.string().trim().min(5, 'ZIP must be at least 5 characters.').max(12),
      country: z.string().trim().length(2).default('US'),
    }),
    response: successAnswer,
  }),
  route('customers.getMatchingForMerge', 'GET', '/customers/getMatchingForMerge', 'customers', { query: idQuery, response: customerList }),
  route('customers.merge', 'POST', '/customers/merge', 'customers', {
    body: z
      .object({
        id: idParam,
        mergeIds: z.array(idParam).min(1, 'Choose at least one customer to merge.').max(50, 'Merge at most 50 customers at a time.'),
      })
      .refine((b) => !b.mergeIds.includes(b.id), { message: MESSAGES.mergeSelf, path: ['mergeIds'] }),
    response: customer,
  }),
  // An email's unsubscribe link (issue 15): public, the signed token says whom it unsubscribes. GET tells the page
  // whom from; POST unsubscribes (RFC 8058 one-click, or the page's button).
  route('customers.unsubscribeInfo', 'GET', '/email/unsubscribe', 'customers', {
    query: unsubscribeQuery,
    response: unsubscribeAnswer,
    public: true,
    source: 'issue-15',
  }),
  route('customers.unsubscribe', 'POST', '/email/unsubscribe', 'customers', {
    query: unsubscribeQuery,
    body: unsubscribeBody,
    response: unsubscribeAnswer,
    public: true,
    source: 'issue-15',
  }),
  route('customers.search', 'GET', '/customers/search', 'customers', { query: searchQuery, response: customerPage }),
  route('customers.list', 'GET', '/customers/list', 'customers', {
    // Issue 17: the whole list by name, A-Z (asc, the default) or Z-A (desc).
    query: z.object({ cursor: cursorParam, dir: sortDirParam }),
    response: customerPage,
    source: 'issue-3',
  }),
  route('customers.upload', 'POST', '/customers/upload', 'customers', {
    body: csvUploadBody,
    multipart: true,
    response: csvUploadAnswer,
    source: 'issue-3',
  }),
  route('orders.parseAddress', 'GET', '/orders/parseAddress', 'orders', {
    query: z.object({ address: z.string().trim().min(1, 'Paste an address to parse.').max(1000, 'That address is too long.') }),
    response: parsedAddress,
  }),

  // Consultant (seller) information
  route('consultant.getStates', 'GET', '/consultant/getStates', 'consultant', {
    query: z.object({ country: z.string().trim().length(2, MESSAGES.chooseCountry).refine(isCountry, MESSAGES.chooseCountry) }),
    response: statesAnswer,
  }),
  route('consultant.getCountries', 'GET', '/consultant/getCountries', 'consultant', { response: countriesAnswer }),
  route('consultant.getConsultantInfo', 'GET', '/consultant/getconsultantinfo', 'consultant', { response: consultantInfo }),
  route('consultant.getConsultantInfoLite', 'GET', '/consultant/GetConsultantInfoLite', 'consultant', { response: consultantInfoLite }),
  route('consultant.upsConsultantInfo', 'GET', '/UPS/getConsultantInfo', 'consultant', { response: upsInfoAnswer }),
  // Home, dashboard and reports (issue 16): read-only, from the aggregates kept as orders change.
  route('consultant.dashboard', 'GET', '/consultant/dashboard', 'consultant', { response: dashboardAnswer, source: 'issue-2' }),
  route('consultant.homepage', 'GET', '/consultant/homepage', 'consultant', { response: homepageAnswer, source: 'issue-16' }),
  route('consultant.reports', 'GET', '/consultant/reports', 'consultant', { query: reportQuery, response: reportAnswer, source: 'issue-16' }),
  route('consultant.dismissFailedJob', 'POST', '/consultant/homepage/dismissFailedJob', 'consultant', {
    body: dismissFailedJobBody,
    response: successAnswer,
    source: 'issue-16',
  }),

  // Rewards (unavailable on starter, spec section 6)
  route('rewards.createRewardsAdjustment', 'POST', '/rewards/createRewardsAdjustment', 'rewards', {
    body: z.object({
      customerID: idParam,
      amount: z
        .number({ error: 'Enter a number of points.' })
        .int('Enter a whole number of points.')
        .min(-MAX_POINTS_ADJUSTMENT, `Adjust by at most ${MAX_POINTS_ADJUSTMENT.toLocaleString('en-US')} points.`)
        .max(MAX_POINTS_ADJUSTMENT, `Adjust by at most ${MAX_POINTS_ADJUSTMENT.toLocaleString('en-US')} points.`),
    }),
    response: rewardsAdjustmentAnswer,
    minPlan: 'growth',
  }),
  route('rewards.getRewardInfo', 'GET', '/rewards/getrewardinfo', 'rewards', { query: rewardInfoQuery, response: rewardInfoAnswer, minPlan: 'growth' }),
  route('rewards.getPreviousRewards', 'GET', '/rewards/getpreviousrewards', 'rewards', {
    query: previousRewardsQuery,
    response: previousRewardsAnswer,
    minPlan: 'growth',
  }),
  route('rewards.getSettings', 'GET', '/rewards/getSettings', 'rewards', { response: rewardSettings, minPlan: 'growth' }),
  route('rewards.getGiftsEarnedCount', 'GET', '/rewards/getgiftsearnedcount', 'rewards', { response: giftsEarnedAnswer, minPlan: 'growth' }),
  route('rewards.redeemReward', 'POST', '/rewards/redeemreward', 'rewards', { body: redeemBody, response: redeemAnswer, minPlan: 'growth' }),
  route('rewards.sendAlmostCompletedEmail', 'POST', '/rewards/sendalmostcompletedemail', 'rewards', {
    body: customerIdBody,
    response: emailsSentAnswer,
    minPlan: 'growth',
  }),
  route('rewards.sendReminderEmail', 'POST', '/rewards/sendreminderemail', 'rewards', {
    body: z.object({
      customerID: idParam,
      message: z.string().trim().min(1, 'Reminder message cannot be blank.').max(MAX_MESSAGE),
    }),
    response: emailsSentAnswer,
    minPlan: 'growth',
  }),
  route('rewards.sendAnnouncementEmail', 'POST', '/rewards/SendAnnouncementEmail', 'rewards', {
    body: z.object({
      subject: z.string().trim().min(1, 'Subject is required.').max(MAX_SUBJECT).default(ANNOUNCEMENT_SUBJECT),
      message: z.string().trim().min(1, 'Message is required.').max(MAX_MESSAGE),
      extraEmails: z.string().max(MAX_MESSAGE).optional(),
    }),
    response: emailsSentAnswer,
    minPlan: 'executive',
  }),
  route('rewards.saveSettings', 'POST', '/rewards/savesettings', 'rewards', {
    body: z.object({
      startDate: z.string().max(10, 'Start date must be MM/DD/YYYY.').regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Start date must be MM/DD/YYYY.'),
      goalCount: z.number().int().min(1, 'Goal must be between 1 and 9999.').max(9999, 'Goal must be between 1 and 9999.').default(DEFAULT_GOAL_COUNT),
      goalType: z.enum(GOAL_TYPES).default('items'),
      rewardText: z.string().trim().min(1, 'Reward text is required.').max(MAX_REWARD_TEXT, 'Reward text can be at most 25 characters.'),
      icon: z.enum(REWARD_ICONS).default('star'),
      // Automatic reward emails are executive only (spec section 6): off unless asked for.
      sendRewardsEmail: z.boolean().default(false),
    }),
    response: rewardSettingsAnswer,
    minPlan: 'growth',
    feature: (b) => (b.sendRewardsEmail ? 'automaticRewardEmails' : undefined),
  }),
  route('rewards.restartPrevious', 'POST', '/rewards/restartprevious', 'rewards', { response: rewardSettingsAnswer, minPlan: 'growth' }),
  route('rewards.disableAccount', 'POST', '/rewards/disableAccount', 'rewards', { response: rewardSettingsAnswer, minPlan: 'growth' }),

  // Upload and sync
  route('upload.csvSync', 'POST', '/upload/csvSync', 'upload', { body: orderUploadBody, multipart: true, response: csvUploadAnswer }),
  // A CSV goes from the browser straight to S3 (a Lambda request carries at most 6 MB); its S3 event starts the job.
  route('upload.presign', 'POST', '/upload/presign', 'upload', { body: presignBody, response: presignAnswer, source: 'issue-13' }),
  route('upload.csvSyncStatus', 'GET', '/upload/csvSyncStatus', 'upload', {
    query: z.object({ ids: jobIdsParam }),
    response: csvStatusAnswer,
  }),
  route('upload.getLastSync', 'GET', '/upload/getLastSync', 'upload', {
    query: z.object({ lastClick }),
    response: lastSyncAnswer,
  }),

  // Platforms
  ...HAVE_SYNC_PLATFORMS.map((p) => route(`${p}.havesync`, 'GET', `/${p}/havesync`, 'integrations', { response: integrationAnswer })),
  route('controlpad.sync', 'GET', '/controlpad/sync', 'integrations', { response: integrationAnswer }),
  route('tiktok.sync', 'GET', '/tiktok/sync', 'integrations', { response: integrationAnswer }),
  ...PLATFORMS.map((p) => route(`${p}.ordersresync`, 'GET', `/${p}/ordersresync`, 'integrations', { response: resyncAnswer })),
  ...SETTINGS_PLATFORMS.map((p) => route(`${p}.settings`, 'GET', `/${p}/settings`, 'integrations', { response: connectAnswer })),
  route('woocommerce.settings', 'GET', '/woocommerce/settings', 'integrations', { query: z.object({ storeUrl }), response: connectAnswer }),
  route('etsy.authorize', 'GET', '/etsy/Authorize', 'integrations', { response: connectAnswer }),
  // Issue 5: every platform's status in one read, and connecting the platforms the spec gives no call for
  route('integrations.list', 'GET', '/integrations/list', 'integrations', { response: integrationList, source: 'issue-5' }),
  route('integrations.connect', 'POST', '/integrations/connect', 'integrations', { body: connectBody, response: connectAnswer, source: 'issue-5' }),
  // Issue 5: the seller back from an OAuth platform's consent page with its code
  route('integrations.oauthReturn', 'GET', '/integrations/oauthReturn', 'integrations', { query: oauthReturnQuery, response: oauthReturnAnswer, source: 'issue-5' }),

  // Settings
  route('settings.setPlaidDetails', 'POST', '/settings/SetPlaidDetails', 'settings', {
    body: z.object({ public_token: z.string().min(1).max(200), account_id: z.string().min(1).max(200) }),
    response: plaidLinked,
  }),
  route('settings.getSettingsJson', 'GET', '/settings/getSettingsJSON', 'settings', { response: settingsAnswer }),
  route('settings.save', 'POST', '/settings/save', 'settings', {
    body: settingsSaveBody,
    response: settingsAnswer,
    feature: (b) => (b.automaticFollowUp === true ? 'automaticFollowUp' : undefined),
  }),

  // Products
  route('products.search', 'GET', '/products/search', 'products', { query: searchQuery, response: productPage }),
  route('products.searchWithSale', 'GET', '/products/searchwithsale', 'products', {
    query: z.object({ q: searchQuery.shape.q, streamid: streamIdParam, brandsearch: boolParam.optional(), cursor: cursorParam }),
    response: productPage,
  }),
  route('products.getSellingProducts', 'GET', '/products/getSellingProducts', 'products', { query: z.object({ cursor: cursorParam }), response: productPage }),
  ...PRODUCT_CONTROLLERS.map((c) => route(`${c}.products`, 'GET', `/${c}/products`, 'products', { query: catalogueQuery, response: productPage })),

  // Email marketing
  route('marketing.getTemplates', 'GET', '/consultantemailmarketing/GetMarketingEmailTemplates', 'marketing', { response: templatesAnswer }),
  route('marketing.sendEmail', 'POST', '/consultantemailmarketing/sendemail', 'marketing', {
    body: sendEmailBody,
    response: sendEmailAnswer,
    feature: (b) => (b.saveTemplate ? 'saveTemplates' : undefined),
  }),
  route('marketing.uploadImage', 'POST', '/ConsultantEmailMarketing/UploadImage', 'marketing', {
    body: multipartBody.extend({ files: multipartBody.shape.files.max(1, MESSAGES.imageOneFile) }),
    multipart: true,
    maxFileBytes: MAX_EMAIL_IMAGE_BYTES,
    response: imageUploadAnswer,
  }),
  // Issue 15: the Email Campaigns tab keeps templates without sending; automated emails; ambassadors
  route('marketing.saveTemplate', 'POST', '/consultantemailmarketing/saveTemplate', 'marketing', {
    body: saveTemplateBody,
    response: templatesAnswer,
    source: 'issue-15',
  }),
  route('marketing.deleteTemplate', 'POST', '/consultantemailmarketing/deleteTemplate', 'marketing', {
    body: deleteTemplateBody,
    response: templatesAnswer,
    source: 'issue-15',
  }),
  route('marketing.getAutomations', 'GET', '/consultantemailmarketing/automations', 'marketing', {
    response: automationsAnswer,
    minPlan: 'growth',
    source: 'issue-15',
  }),
  route('marketing.saveAutomations', 'POST', '/consultantemailmarketing/automations', 'marketing', {
    body: automationsBody,
    response: automationsAnswer,
    minPlan: 'growth',
    source: 'issue-15',
  }),
  route('marketing.sendCampaign', 'POST', '/consultantemailmarketing/campaigns/send', 'marketing', {
    body: sendCampaignBody,
    response: campaign,
    source: 'issue-15',
  }),
  route('marketing.listCampaigns', 'GET', '/consultantemailmarketing/campaigns', 'marketing', {
    query: campaignsQuery,
    response: campaignPage,
    source: 'issue-15',
  }),
  route('marketing.referralLink', 'GET', '/ambassadors/link', 'marketing', { response: referralAnswer, source: 'issue-15' }),
  route('marketing.recruits', 'GET', '/ambassadors/recruits', 'marketing', { query: recruitsQuery, response: recruitPage, source: 'issue-15' }),
  route('marketing.joinReferral', 'POST', '/ambassadors/join', 'marketing', { body: joinBody, response: joinAnswer, source: 'issue-15' }),

  // Help and orders
  route('help.deliveryClaim', 'POST', '/help/deliveryclaim', 'help', {
    body: z.object({ orderID: idParam, description: z.string().trim().min(1, 'Describe what happened.').max(MAX_MESSAGE) }),
    response: claimAnswer,
  }),
  // Issue 16, help: live chat and phone support are executive only (spec section 6); a ticket is for every plan
  route('help.liveChat', 'POST', '/help/livechat', 'help', { body: chatBody, response: chatAnswer, minPlan: 'executive', source: 'issue-16' }),
  route('help.ticket', 'POST', '/help/ticket', 'help', { body: ticketBody, response: ticketAnswer, source: 'issue-16' }),
  route('help.phoneSlots', 'GET', '/help/phoneslots', 'help', { response: phoneSlotsAnswer, minPlan: 'executive', source: 'issue-16' }),
  route('help.phoneMeeting', 'POST', '/help/phonemeeting', 'help', {
    body: phoneMeetingBody,
    response: phoneMeetingAnswer,
    minPlan: 'executive',
    source: 'issue-16',
  }),
  route('orders.closeWalkthrough', 'POST', '/orders/closeWalktrhough', 'orders', { response: successAnswer }),
  route('orders.autocomplete', 'GET', '/orders/autocomplete', 'orders', {
    query: z.object({ search: searchQuery.shape.q }),
    response: orderSummaries,
  }),
  route('orders.list', 'GET', '/orders/list', 'orders', {
    query: z.object({
      status: z.enum(ORDER_STATUSES, { error: 'Choose a status.' }).optional(),
      q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
      cursor: cursorParam,
      /** Issue 17: the whole list by date, oldest first (asc) or newest first (desc, the default). */
      dir: sortDirParam,
    }),
    response: orderPage,
    source: 'issue-4',
  }),
  // Issue 17: address autocomplete (ship-to and customer forms), from the seller's customers and earlier ship-tos
  route('orders.addressSuggestions', 'GET', '/orders/addressSuggestions', 'orders', { query: addressSuggestionsQuery, response: addressSuggestions, source: 'issue-17' }),
  route('orders.get', 'GET', '/orders/get', 'orders', { query: idQuery, response: orderWithFees, source: 'issue-4' }),
  route('orders.save', 'POST', '/orders/save', 'orders', { body: orderSaveBody, response: order.nullable(), source: 'issue-4' }),
  // Issue 15: discounts (the spec names no call for them), on every plan; New Order and /orders/save price with them
  route('orders.listDiscounts', 'GET', '/discounts/list', 'orders', { response: discountList, source: 'issue-15' }),
  route('orders.saveDiscount', 'POST', '/discounts/save', 'orders', { body: discountSaveBody, response: discount, source: 'issue-15' }),
  route('orders.endDiscount', 'POST', '/discounts/end', 'orders', { body: discountEndBody, response: discount, source: 'issue-15' }),

  // Shipping (issue 4): quotes, labels, postage, batches, pickups
  route('shipping.quote', 'POST', '/shipping/quote', 'shipping', { body: quoteBody, response: quoteAnswer, source: 'issue-4' }),
  route('shipping.buyLabel', 'POST', '/shipping/buyLabel', 'shipping', { body: buyLabelBody, response: label, source: 'issue-4' }),
  route('shipping.voidLabel', 'POST', '/shipping/voidLabel', 'shipping', {
    body: z.object({ labelId: idParam }),
    response: voidAnswer,
    source: 'issue-4',
  }),
  route('shipping.label', 'GET', '/shipping/label', 'shipping', { query: idQuery, source: 'issue-4' }),
  route('shipping.usage', 'GET', '/shipping/usage', 'shipping', {
    query: z.object({ month: z.string().max(7, 'Month must be YYYY-MM.').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM.').optional() }),
    response: shipmentUsage,
    source: 'issue-4',
  }),
  route('shipping.balance', 'GET', '/shipping/balance', 'shipping', { response: postageBalance, source: 'issue-4' }),
  route('shipping.batchQuote', 'POST', '/shipping/batchQuote', 'shipping', { body: batchBody, response: batchQuoteAnswer, source: 'issue-4' }),
  route('shipping.batchPurchase', 'POST', '/shipping/batchPurchase', 'shipping', { body: batchBody, response: batchStarted, source: 'issue-4' }),
  route('shipping.batchStatus', 'GET', '/shipping/batchStatus', 'shipping', { query: idQuery, response: batchStatusAnswer, source: 'issue-4' }),
  route('shipping.batchLabels', 'GET', '/shipping/batchLabels', 'shipping', { query: idQuery, source: 'issue-4' }),
  route('shipping.requestPickup', 'POST', '/shipping/requestPickup', 'shipping', { body: pickupBody, response: pickupAnswer, source: 'issue-4' }),
] as const;

export type AnyRoute = (typeof list)[number];
/** Every route id as a literal type (the web's API client is typed by these). */
export type RouteId = AnyRoute['id'];
/** The route whose id is Id, with its own query and body schemas. */
export type RouteOf<Id extends RouteId> = Extract<AnyRoute, { id: Id }>;
/** The ids of one call group's routes: the keys its handler's action map may have. */
export type RouteIdOf<G extends CallGroup> = Extract<AnyRoute, { group: G }>['id'];
export const routeList: readonly RouteDef[] = list;
export const routes: Record<string, RouteDef> = Object.fromEntries(list.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const r = routes[id];
  if (!r) throw new Error(`No route ${id}`);
  return r;
}

export function findRoute(method: string, path: string): RouteDef | undefined {
  return routeList.find((r) => r.method === method && r.path === path);
}

/** The route whose id is Id, typed by its own schemas (for clients that validate with them before sending). */
export function routeOf<Id extends RouteId>(id: Id): RouteOf<Id> {
  return routeById(id) as RouteOf<Id>;
}
