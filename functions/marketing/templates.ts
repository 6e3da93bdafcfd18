import { MESSAGES } from '../../shared/api/messages.js';
import {
  canAddTemplate,
  checkTemplateWrite,
  DEFAULT_TEMPLATE,
  DEFAULT_TEMPLATE_NAME,
  type EmailTemplate,
  templateCap,
} from '../../shared/domain/email-templates.js';
import { canEditTemplate, planFor } from '../../shared/domain/plans.js';
import type { TemplatesAnswer } from '../../shared/schemas/marketing.js';
import {
  createTemplate,
  deleteTemplate as deleteStored,
  getTemplate,
  listTemplates,
  renameTemplate,
  type TemplateWrite,
  templateCount,
  updateTemplate,
} from '../data/email-templates.js';
import type { SellerProfile } from '../data/sellers.js';
import { Conflict, NotFound, Refused, UpgradeRequired } from '../domain/errors.js';

/**
 * Email templates (spec sections 3, 5, 6; issue 15). Every seller has FollowUpEmail as we wrote it until they save
 * their own; the plan caps how many others they keep, checked here and enforced by the counter's conditional write.
 */

type Seller = Pick<SellerProfile, 'sellerId' | 'package'>;

/** Counted against the cap: every saved template but FollowUpEmail (which every seller has anyway). */
const counted = (name: string) => name !== DEFAULT_TEMPLATE_NAME;

/** The seller's templates as the Email Campaigns tab and the send email modal list them (FollowUpEmail first). */
export async function templatesFor(seller: Seller): Promise<TemplatesAnswer> {
  const [saved, count] = await Promise.all([listTemplates(seller.sellerId), templateCount(seller.sellerId)]);
  const own = saved.find((t) => t.name === DEFAULT_TEMPLATE_NAME);
  const others = saved.filter((t) => counted(t.name)).sort((a, b) => a.name.localeCompare(b.name));
  const rows = [{ ...(own ?? DEFAULT_TEMPLATE), isDefault: !own }, ...others.map((t) => ({ ...t, isDefault: false }))].map((t) => ({
    name: t.name,
    subject: t.subject,
    message: t.message,
    isDefault: t.isDefault,
    editable: canEditTemplate(seller.package, t.name),
  }));
  const cap = templateCap(seller.package);
  return {
    templateNames: rows.map((t) => t.name),
    templates: rows,
    disableNewTemplate: !canAddTemplate(seller.package, count),
    templateCap: Number.isFinite(cap) ? cap : null,
  };
}

/** The template named `name` as it would be sent: the seller's own, or the default FollowUpEmail; null if none. */
export async function templateNamed(sellerId: string, name: string): Promise<EmailTemplate | null> {
  const saved = await getTemplate(sellerId, name);
  if (saved) return saved;
  return name === DEFAULT_TEMPLATE_NAME ? DEFAULT_TEMPLATE : null;
}

function refuseLocked(seller: Seller, ...names: string[]): void {
  if (names.some((n) => !canEditTemplate(seller.package, n))) throw new UpgradeRequired(planFor('editTemplates'));
}

function capReached(seller: Seller): never {
  throw new Refused(MESSAGES.templateCapReached(String(templateCap(seller.package))));
}

function outcome(seller: Seller, write: TemplateWrite): void {
  if (write === 'cap') capReached(seller);
  if (write === 'exists') throw new Conflict(MESSAGES.templateNameTaken);
  if (write === 'missing') throw new NotFound(MESSAGES.templateNotFound);
}

/**
 * Saves a template (spec section 6: base and starterlegacy may not, except base's FollowUpEmail; the plan caps new
 * ones): a new name is created under the cap, an existing one (or the default FollowUpEmail) is changed.
 * `originalName`, when it differs, renames that saved template. Used by sendemail's saveTemplate flag and by the
 * Email Campaigns tab. Throws UpgradeRequired (locked), Refused (cap), Conflict (rename onto a taken name),
 * NotFound (renaming a template that is gone). Answers the list as it now is.
 */
export async function saveTemplate(
  seller: Seller,
  name: string,
  subject: string,
  message: string,
  originalName?: string,
): Promise<TemplatesAnswer> {
  const { sellerId } = seller;
  const template = { name: name.trim(), subject, message };
  const from = originalName?.trim();
  // Renaming the default keeps the default: the new name is a new template.
  const renaming = from && from !== template.name && from !== DEFAULT_TEMPLATE_NAME;
  refuseLocked(seller, template.name, ...(renaming ? [from] : []));

  if (renaming) {
    if (await getTemplate(sellerId, template.name)) throw new Conflict(MESSAGES.templateNameTaken);
    const change = (Number(counted(template.name)) - Number(counted(from))) as -1 | 0 | 1;
    outcome(seller, await renameTemplate(sellerId, from, template, change, templateCap(seller.package)));
    return templatesFor(seller);
  }

  const exists = (await getTemplate(sellerId, template.name)) !== null;
  const check = checkTemplateWrite(seller.package, template.name, exists, await templateCount(sellerId));
  if (!check.ok && check.reason === 'cap') capReached(seller);
  let write = exists ? await updateTemplate(sellerId, template) : await createTemplate(sellerId, template, counted(template.name), templateCap(seller.package));
  // A parallel save created it first (or a parallel delete removed it): the other path, once.
  if (write === 'exists') write = await updateTemplate(sellerId, template);
  else if (write === 'missing') write = await createTemplate(sellerId, template, counted(template.name), templateCap(seller.package));
  outcome(seller, write);
  return templatesFor(seller);
}

/** Deletes a saved template; FollowUpEmail stays (every seller has one), so it is refused. */
export async function deleteTemplate(seller: Seller, name: string): Promise<TemplatesAnswer> {
  if (name === DEFAULT_TEMPLATE_NAME) throw new Refused(MESSAGES.templateDefaultKept);
  refuseLocked(seller, name);
  if (!(await deleteStored(seller.sellerId, name, counted(name)))) throw new NotFound(MESSAGES.templateNotFound);
  return templatesFor(seller);
}
