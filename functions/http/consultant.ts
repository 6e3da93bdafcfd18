import { consultantInfoOf, dashboardOf } from '../domain/dashboard.js';
import { httpHandler } from './http-handler.js';

export const handler = httpHandler('consultant', {
  'consultant.dashboard': async ({ seller }) => dashboardOf(seller),
  'consultant.getConsultantInfo': async ({ seller }) => consultantInfoOf(seller),
  'consultant.getConsultantInfoLite': async ({ seller }) => {
    const { name, plan, planLabel, businessName } = dashboardOf(seller);
    return { name, plan, planLabel, businessName };
  },
});
