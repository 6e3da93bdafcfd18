import * as z from 'zod';
import { plaidLinked } from '../../schemas/billing.js';
import { settingsAnswer, settingsSaveBody } from '../../schemas/settings.js';
import { route } from './define.js';

/** The settings call group's routes (served by functions/http/settings.ts). */
export const settingsRoutes = [
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
] as const;
