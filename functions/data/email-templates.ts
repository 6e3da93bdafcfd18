import { createWriteTransaction } from 'electrodb';
import type { Automation } from '../../shared/schemas/marketing.js';
import { itemsTogether } from './coalesce.js';
import { applied, transactionApplied } from './errors.js';

import { automationSettingsEntity, emailTemplateEntity, templateCounterEntity } from './email-template-entities.js';

export interface StoredTemplate {
  name: string;
  subject: string;
  message: string;
}

/** Every saved template of the seller, by name (pattern 27). */
export async function listTemplates(sellerId: string): Promise<StoredTemplate[]> {
  const { data } = await emailTemplateEntity().query.byName({ sellerId }).go({ pages: 'all' });
  return data.map(({ name, subject, message }) => ({ name, subject, message }));
}

export async function getTemplate(sellerId: string, name: string): Promise<StoredTemplate | null> {
  const { data } = await emailTemplateEntity().get({ sellerId, name }).go();
  return data ? { name: data.name, subject: data.subject, message: data.message } : null;
}

/** How many saved templates count against the cap (pattern 28). */
export async function templateCount(sellerId: string): Promise<number> {
  const { data } = await templateCounterEntity().get({ sellerId }).go();
  return data?.count ?? 0;
}

/** The cap as DynamoDB compares it: no limit is a count never reached. */
const capOf = (cap: number) => (Number.isFinite(cap) ? cap : Number.MAX_SAFE_INTEGER);

export type TemplateWrite = 'saved' | 'exists' | 'cap' | 'missing';

/**
 * Creates the template `t` under a name not yet used; `counted` adds it to the counter under `cap`. 'exists' when
 * the name is taken, 'cap' when the counter is at the cap (whichever write DynamoDB refused).
 */
export async function createTemplate(sellerId: string, t: StoredTemplate, counted: boolean, cap: number): Promise<TemplateWrite> {
  if (!counted) {
    return (await applied(emailTemplateEntity().create({ sellerId, ...t }).go())) ? 'saved' : 'exists';
  }
  const result = await createWriteTransaction(
    { emailTemplate: emailTemplateEntity(), templateCounter: templateCounterEntity() },
    ({ emailTemplate, templateCounter }) => [
      emailTemplate.create({ sellerId, ...t }).commit(),
      templateCounter.update({ sellerId }).add({ count: 1 }).where((a, { notExists, lt }) => `${notExists(a.count)} OR ${lt(a.count, capOf(cap))}`).commit(),
    ],
  ).go();
  if (!result.canceled) return 'saved';
  return (await getTemplate(sellerId, t.name)) ? 'exists' : 'cap';
}

/** Changes a saved template's subject and message (its name stays). 'missing' when it was deleted meanwhile. */
export async function updateTemplate(sellerId: string, t: StoredTemplate): Promise<TemplateWrite> {
  const done = await applied(emailTemplateEntity().patch({ sellerId, name: t.name }).set({ subject: t.subject, message: t.message }).go());
  return done ? 'saved' : 'missing';
}

/**
 * Renames a saved template (and changes its text) in one transaction: the old name removed, the new one created.
 * The count is unchanged unless one side is the uncounted FollowUpEmail (`countChange` -1, 0 or +1 under `cap`).
 */
export async function renameTemplate(sellerId: string, from: string, t: StoredTemplate, countChange: -1 | 0 | 1, cap: number): Promise<TemplateWrite> {
  const result = await createWriteTransaction(
    { emailTemplate: emailTemplateEntity(), templateCounter: templateCounterEntity() },
    ({ emailTemplate, templateCounter }) => [
      emailTemplate
        .delete({ sellerId, name: from })
        .where((a, { exists }) => exists(a.name))
        .commit(),
      emailTemplate.create({ sellerId, ...t }).commit(),
      ...(countChange === 1 ? [templateCounter.update({ sellerId }).add({ count: 1 }).where((a, { notExists, lt }) => `${notExists(a.count)} OR ${lt(a.count, capOf(cap))}`).commit()] : []),
      ...(countChange === -1 ? [templateCounter.update({ sellerId }).add({ count: -1 }).commit()] : []),
    ],
  ).go();
  if (!result.canceled) return 'saved';
  if (!(await getTemplate(sellerId, from))) return 'missing';
  return (await getTemplate(sellerId, t.name)) ? 'exists' : 'cap';
}

/** Removes a saved template, and its place in the count when `counted`; false when there was none. */
export async function deleteTemplate(sellerId: string, name: string, counted: boolean): Promise<boolean> {
  if (!counted) return applied(emailTemplateEntity().delete({ sellerId, name }).where((a, { exists }) => exists(a.name)).go());
  return transactionApplied(
    createWriteTransaction(
      { emailTemplate: emailTemplateEntity(), templateCounter: templateCounterEntity() },
      ({ emailTemplate, templateCounter }) => [
        emailTemplate
          .delete({ sellerId, name })
          .where((a, { exists }) => exists(a.name))
          .commit(),
        templateCounter.update({ sellerId }).add({ count: -1 }).commit(),
      ],
    ).go(),
  );
}

const bySeller = (k: { sellerId: string }) => k.sellerId;
/** Read once per turn for every caller (coalesce.ts): each label of a batch bought side by side asks for them. */
const automationSettings = itemsTogether({
  keyOf: bySeller,
  idOf: bySeller,
  one: (k) => automationSettingsEntity().get(k).go(),
  many: (ks) => automationSettingsEntity().get(ks).go(),
  what: 'automation settings',
});

/** The seller's automated-email settings (pattern 29); null until first saved. */
export async function getAutomations(sellerId: string): Promise<Automation[] | null> {
  return (await automationSettings({ sellerId }))?.automations ?? null;
}

export async function putAutomations(sellerId: string, automations: Automation[]): Promise<void> {
  await automationSettingsEntity().put({ sellerId, automations }).go();
}
