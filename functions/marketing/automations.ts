import { DEFAULT_TEMPLATE_NAME } from '../../shared/domain/email-templates.js';
import { AUTOMATION_TRIGGERS, type Automation } from '../../shared/schemas/marketing.js';
import { getAutomations, putAutomations } from '../data/email-templates.js';
import { InvalidInput } from '../domain/errors.js';
import { templateNamed } from './templates.js';

/**
 * Automated emails (issue 15, growth and up: the route's minPlan): on, off and which template per trigger. This
 * stores the settings; the sending (the `emails` queue) reads them through automationsFor.
 */

const DEFAULT_DAYS: Record<Automation['trigger'], number> = { shipped: 1, delivered: 1, daysAfter: 7 };

/** The seller's settings, one per trigger in AUTOMATION_TRIGGERS' order; every trigger off until saved. */
export async function automationsFor(sellerId: string): Promise<{ automations: Automation[] }> {
  const stored = (await getAutomations(sellerId)) ?? [];
  return {
    automations: AUTOMATION_TRIGGERS.map(
      (trigger) => stored.find((a) => a.trigger === trigger) ?? { trigger, enabled: false, templateName: DEFAULT_TEMPLATE_NAME, days: DEFAULT_DAYS[trigger] },
    ),
  };
}

/** Saves every trigger's setting; an email that is on must name a template the seller has. */
export async function saveAutomations(sellerId: string, automations: Automation[]): Promise<{ automations: Automation[] }> {
  for (const a of automations) {
    if (a.enabled && !(await templateNamed(sellerId, a.templateName))) {
      throw new InvalidInput({ [`automations.${a.trigger}.templateName`]: 'Choose one of your templates.' });
    }
  }
  const ordered = AUTOMATION_TRIGGERS.map((t) => automations.find((a) => a.trigger === t)!);
  await putAutomations(sellerId, ordered);
  return { automations: ordered };
}
