import * as z from 'zod';
import { idParam, MAX_MESSAGE } from '../../schemas/common.js';
import { chatAnswer, chatBody, claimAnswer, phoneMeetingAnswer, phoneMeetingBody, phoneSlotsAnswer, ticketAnswer, ticketBody } from '../../schemas/help.js';
import { route } from './define.js';

/** The help call group's routes (served by functions/http/help.ts). */
export const helpRoutes = [
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
] as const;
