import { COUNTRIES, statesOf } from '../../shared/domain/geo.js';
import { consultantInfoLiteOf, consultantInfoOf, dashboardOf } from '../sellers/dashboard.js';
import { upsInfoOf } from '../settings/settings.js';
import { httpHandler } from './http-handler.js';

export const handler = httpHandler('consultant', {
  'consultant.upsConsultantInfo': async ({ seller }) => upsInfoOf(seller),
  'consultant.dashboard': async ({ seller }) => dashboardOf(seller),
  'consultant.getConsultantInfo': async ({ seller }) => consultantInfoOf(seller),
  'consultant.getConsultantInfoLite': async ({ seller }) => consultantInfoLiteOf(seller),
  'consultant.getCountries': async () => ({ countries: COUNTRIES }),
  // The route's schema accepts only ISO 3166 codes (any case); countries without a state list answer none.
  'consultant.getStates': async ({ query }) => ({ states: statesOf(query.country) }),
});
