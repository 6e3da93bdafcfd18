import * as z from 'zod';
import { isCountry } from '../../domain/geo.js';
import { consultantInfo, consultantInfoLite, countriesAnswer, statesAnswer, upsInfoAnswer } from '../../schemas/consultant.js';
import { dashboardAnswer, dismissFailedJobBody, homepageAnswer, reportAnswer, reportQuery } from '../../schemas/reports.js';
import { successAnswer } from '../../schemas/common.js';
import { MESSAGES } from '../messages.js';
import { route } from './define.js';

/** The consultant call group's routes (served by functions/http/consultant.ts). */
export const consultantRoutes = [
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
] as const;
