import { COUNTRIES, statesOf } from '../../shared/domain/geo.js';
import { homepageOf, homepageReads } from '../reports/homepage.js';
import { report } from '../reports/reports.js';
import { consultantInfoLiteOf, consultantInfoOf, dashboardMonths, dashboardWithMonths } from '../sellers/dashboard.js';
import { dismissFailure } from '../sellers/failed-job.js';
import { upsInfoOf } from '../settings/settings.js';
import { consultantRoutes } from '../../shared/api/routes/consultant.js';
import { httpHandler, readsOnly, readsWithProfile } from './http-handler.js';

export const handler = httpHandler('consultant', consultantRoutes, {
  'consultant.upsConsultantInfo': async ({ seller }) => upsInfoOf(seller),
  // The first screens: their reads start beside the plan gate's profile read; the answer adds the profile's fields.
  'consultant.dashboard': readsWithProfile(({ sellerId }) => dashboardMonths(sellerId), dashboardWithMonths),
  'consultant.homepage': readsWithProfile(({ sellerId }) => homepageReads(sellerId), homepageOf),
  // Reads that need at most the seller's id: started beside the plan gate's profile read.
  'consultant.reports': readsOnly(({ sellerId, query }) => report(sellerId, query.from, query.to)),
  'consultant.dismissFailedJob': async ({ seller, body }) => dismissFailure(seller.sellerId, body.failedAt),
  'consultant.getConsultantInfo': async ({ seller }) => consultantInfoOf(seller),
  'consultant.getConsultantInfoLite': async ({ seller }) => consultantInfoLiteOf(seller),
  'consultant.getCountries': readsOnly(async () => ({ countries: COUNTRIES })),
  // The route's schema accepts only ISO 3166 codes (any case); countries without a state list answer none.
  'consultant.getStates': readsOnly(async ({ query }) => ({ states: statesOf(query.country) })),
});
