import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { DEFAULT_TEMPLATE } from '../../shared/domain/email-templates.js';
import { setSellerPlan } from '../../functions/data/sellers.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

const TEMPLATES = '/consultantemailmarketing/GetMarketingEmailTemplates';
const SAVE = '/consultantemailmarketing/saveTemplate';
const AUTOMATIONS = '/consultantemailmarketing/automations';

const save = (seller: TestSeller, name: string, extra: Record<string, string> = {}) =>
  seller.api('POST', SAVE, { body: { name, subject: `About ${name}`, message: `Hi {{firstName}}, ${name}`, ...extra } });

describe('email templates', () => {
  it('every seller has the default FollowUpEmail without saving it; starter may add up to 5', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const res = await seller.api('GET', TEMPLATES);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      templateNames: ['FollowUpEmail'],
      templates: [{ name: 'FollowUpEmail', subject: DEFAULT_TEMPLATE.subject, message: DEFAULT_TEMPLATE.message, isDefault: true, editable: true }],
      disableNewTemplate: false,
      templateCap: 5,
    });
  });

  it('saves, edits, renames and deletes a template; the list follows', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    expect((await save(seller, 'Holiday')).status).toBe(200);
    const edited = await save(seller, 'Holiday', { subject: 'Happy holidays' });
    expect(edited.json.templates.find((t: { name: string }) => t.name === 'Holiday').subject).toBe('Happy holidays');
    const renamed = await save(seller, 'Winter', { originalName: 'Holiday' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.templateNames).toEqual(['FollowUpEmail', 'Winter']);
    const deleted = await seller.api('POST', '/consultantemailmarketing/deleteTemplate', { body: { name: 'Winter' } });
    expect(deleted.json.templateNames).toEqual(['FollowUpEmail']);
    const ownDefault = await save(seller, 'FollowUpEmail', { subject: 'Thanks!' });
    expect(ownDefault.json.templates[0]).toMatchObject({ name: 'FollowUpEmail', subject: 'Thanks!', isDefault: false });
    const other = await createTestSeller({ plan: 'growth' });
    expect((await other.api('GET', TEMPLATES)).json.templates[0].isDefault).toBe(true);
  });

  it('a name is required and at most 100 characters', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    expect((await save(seller, '   ')).json.errors.name).toBe('Template name is required.');
    expect((await save(seller, 'x'.repeat(101))).json.errors.name).toBe('Template name can be at most 100 characters.');
  });

  it('two parallel saves at the last free place: one is kept, the cap holds, the new-template button is disabled', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    for (const name of ['One', 'Two', 'Three', 'Four']) expect((await save(seller, name)).status).toBe(200);
    const [a, b] = await Promise.all([save(seller, 'Five-a'), save(seller, 'Five-b')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)!.json.message).toBe(MESSAGES.templateCapReached('5'));
    const list = await seller.api('GET', TEMPLATES);
    expect(list.json.templateNames).toHaveLength(6);
    expect(list.json.disableNewTemplate).toBe(true);
    // Editing one at the cap, and the default FollowUpEmail, are still allowed.
    expect((await save(seller, 'One', { subject: 'Changed' })).status).toBe(200);
    expect((await save(seller, 'FollowUpEmail')).status).toBe(200);
    expect((await seller.api('POST', '/consultantemailmarketing/deleteTemplate', { body: { name: 'Two' } })).json.disableNewTemplate).toBe(false);
  });

  it('base edits only FollowUpEmail and starterlegacy nothing: 403, nothing saved', async () => {
    const base = await createTestSeller();
    await setSellerPlan(base.sellerId, 'base');
    const refused = await save(base, 'Holiday');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(MESSAGES.upgradeRequired);
    const list = await base.api('GET', TEMPLATES);
    expect(list.json).toMatchObject({ templateNames: ['FollowUpEmail'], disableNewTemplate: true, templateCap: 0 });
    expect(list.json.templates[0].editable).toBe(true);
    expect((await save(base, 'FollowUpEmail', { subject: 'Thanks' })).status).toBe(200);

    const legacy = await createTestSeller();
    await setSellerPlan(legacy.sellerId, 'starterlegacy');
    expect((await save(legacy, 'FollowUpEmail')).status).toBe(403);
    const legacyList = await legacy.api('GET', TEMPLATES);
    expect(legacyList.json.templates[0]).toMatchObject({ isDefault: true, editable: false });
  });
});

describe('automated emails settings', () => {
  const body = (enabled: boolean, templateName = 'FollowUpEmail') => ({
    automations: [
      { trigger: 'shipped', enabled, templateName, days: 1 },
      { trigger: 'delivered', enabled: false, templateName: 'FollowUpEmail', days: 1 },
      { trigger: 'daysAfter', enabled: true, templateName: 'FollowUpEmail', days: 14 },
    ],
  });

  it('growth reads every trigger off, saves them and reads them back', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const first = await seller.api('GET', AUTOMATIONS);
    expect(first.json.automations.map((a: { trigger: string; enabled: boolean }) => [a.trigger, a.enabled])).toEqual([
      ['shipped', false],
      ['delivered', false],
      ['daysAfter', false],
    ]);
    expect((await seller.api('POST', AUTOMATIONS, { body: body(true) })).status).toBe(200);
    expect((await seller.api('GET', AUTOMATIONS)).json).toEqual(body(true));
    const unknown = await seller.api('POST', AUTOMATIONS, { body: body(true, 'Nope') });
    expect(unknown.status).toBe(400);
  });

  it('below growth: 403 Upgrade Required and nothing stored', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const refused = await seller.api('POST', AUTOMATIONS, { body: body(true) });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ message: MESSAGES.upgradeRequired, requiredPlan: 'growth' });
    expect((await seller.api('GET', AUTOMATIONS)).status).toBe(403);
    await setSellerPlan(seller.sellerId, 'growth');
    expect((await seller.api('GET', AUTOMATIONS)).json.automations.every((a: { enabled: boolean }) => !a.enabled)).toBe(true);
  });
});
