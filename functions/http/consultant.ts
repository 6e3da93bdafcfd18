import { COUNTRIES, isCountry, statesOf } from '../../shared/domain/geo.js';
import { consultantInfoOf, dashboardOf } from '../domain/dashboard.js';
import { InvalidInput } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';
import type { RouteOf } from '../../shared/api/routes.js';

const getStates: Action<RouteOf<'consultant.getStates'>> = async ({ query }) => {
  if (!isCountry(query.country)) throw new InvalidInput({ country: 'Choose a country.' });
  return { states: statesOf(query.country) };
};

export const handler = httpHandler('consultant', {
  'consultant.dashboard': async ({ seller }) => dashboardOf(seller),
  'consultant.getConsultantInfo': async ({ seller }) => consultantInfoOf(seller),
  'consultant.getConsultantInfoLite': async ({ seller }) => {
    const { name, plan, planLabel, businessName } = dashboardOf(seller);
    return { name, plan, planLabel, businessName };
  },
  'consultant.getCountries': async () => ({ countries: COUNTRIES }),
  'consultant.getStates': getStates,
});
