import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../domain/platforms.js';
import { CALL_GROUPS } from './route.js';
import { ROUTE_INDEX } from './route-index.js';
import { findRoute, ROUTES_BY_GROUP, routeList } from './routes.js';

/** Spec section 7, written out as calls, so a route dropped from the table fails here. */
const SPEC_CALLS = [
  'GET /upgrade/getUpgradeInfo',
  'POST /payment/upgrade',
  'POST /customers/removeCustomers',
  'GET /customers/listOrders',
  'GET /customers/get',
  'GET /customers/getPreviousAddress',
  'POST /customers/save',
  'POST /customers/saveOrderAddress',
  'GET /orders/parseAddress',
  'GET /customers/getMatchingForMerge',
  'POST /customers/merge',
  'GET /customers/search',
  'GET /consultant/getStates',
  'GET /consultant/getCountries',
  'GET /consultant/getconsultantinfo',
  'GET /consultant/GetConsultantInfoLite',
  'GET /UPS/getConsultantInfo',
  'POST /rewards/createRewardsAdjustment',
  'GET /status',
  'GET /status/feed',
  'POST /upload/csvSync',
  'GET /upload/csvSyncStatus',
  'GET /upload/getLastSync',
  ...['paypal', 'exigo', 'woocommerce', 'shopify', 'ebay', 'squarespace', 'etsy', 'wix'].map((p) => `GET /${p}/havesync`),
  'GET /controlpad/sync',
  'GET /tiktok/sync',
  ...PLATFORMS.map((p) => `GET /${p}/ordersresync`),
  ...['paypal', 'square', 'ebay', 'tiktok', 'woocommerce', 'squarespace'].map((p) => `GET /${p}/settings`),
  'GET /etsy/Authorize',
  'POST /payment/GetPlaidLinkToken',
  'POST /payment/PlaidJSException',
  'POST /settings/SetPlaidDetails',
  'GET /products/search',
  'GET /products/searchwithsale',
  'GET /products/getSellingProducts',
  'GET /shopify/products',
  'GET /consultantemailmarketing/GetMarketingEmailTemplates',
  'POST /consultantemailmarketing/sendemail',
  'POST /ConsultantEmailMarketing/UploadImage',
  'POST /help/deliveryclaim',
  'POST /orders/closeWalktrhough',
  'GET /settings/getSettingsJSON',
  'POST /payment',
  'POST /settings/save',
  ...['getrewardinfo', 'getpreviousrewards', 'getSettings', 'getgiftsearnedcount'].map((a) => `GET /rewards/${a}`),
  ...[
    'redeemreward',
    'sendalmostcompletedemail',
    'sendreminderemail',
    'SendAnnouncementEmail',
    'savesettings',
    'restartprevious',
    'disableAccount',
  ].map((a) => `POST /rewards/${a}`),
  'GET /orders/autocomplete',
];

describe('route table', () => {
  it.each(SPEC_CALLS)('has %s under /api', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    expect(findRoute(method, `/api${path}`)).toBeDefined();
  });

  it('has unique ids and unique method + path', () => {
    expect(new Set(routeList.map((r) => r.id)).size).toBe(routeList.length);
    expect(new Set(routeList.map((r) => `${r.method} ${r.path}`)).size).toBe(routeList.length);
  });

  it('gives every call group at least one route', () => {
    for (const g of CALL_GROUPS) expect(routeList.some((r) => r.group === g), g).toBe(true);
  });

  it("keeps each group's routes in that group's file (what its function and the web's chunk of it import)", () => {
    for (const g of CALL_GROUPS) for (const r of ROUTES_BY_GROUP[g]) expect(r.group, r.id).toBe(g);
    expect(Object.values(ROUTES_BY_GROUP).flat().length).toBe(routeList.length);
  });

  it("has the web's light table in step with the route table (else: npm run routes -- --index)", () => {
    const fromTable = Object.fromEntries(routeList.map((r) => [r.id, { method: r.method, path: r.path, group: r.group }]));
    expect(ROUTE_INDEX).toEqual(fromTable);
    expect(Object.keys(ROUTE_INDEX)).toEqual(Object.keys(fromTable));
  });

  it('gates rewards behind growth and the announcement behind executive (spec section 6)', () => {
    expect(findRoute('POST', '/api/rewards/savesettings')?.minPlan).toBe('growth');
    expect(findRoute('POST', '/api/rewards/SendAnnouncementEmail')?.minPlan).toBe('executive');
    expect(findRoute('GET', '/api/customers/get')?.minPlan).toBe('starter');
  });

  it("answers the woocommerce store URL check in the spec's words", () => {
    const r = findRoute('GET', '/api/woocommerce/settings')!;
    const result = r.query.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Store URL required');
  });
});
