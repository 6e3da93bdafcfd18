import { Entity } from 'electrodb';
import { AUTOMATION_TRIGGERS } from '../../shared/schemas/marketing.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * Email templates and automated-email settings (issue 15; docs/data-model.md, "Email marketing"). A saved template
 * is one item per name; how many new-name templates the seller keeps is one counter item, changed in the same
 * transaction as the template it counts and conditional on the plan's cap, so two parallel saves cannot pass it.
 */

export const emailTemplateEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('emailTemplate'),
      attributes: {
        sellerId: keyAttribute,
        name: keyAttribute,
        subject: { type: 'string', required: true },
        message: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        byName: {
          pk: sellerKey(),
          sk: sortKey('TEMPLATE#${name}', ['name']),
        },
      },
    },
    onTable,
  ),
);

export const templateCounterEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('templateCounter'),
      attributes: {
        sellerId: keyAttribute,
        /** Saved templates that count against the cap (every saved one but FollowUpEmail). */
        count: { type: 'number', required: true, default: 0 },
        ...timestamps,
      },
      indexes: {
        counter: {
          pk: sellerKey(),
          sk: sortKey('TEMPLATES#COUNT', []),
        },
      },
    },
    onTable,
  ),
);

export const automationSettingsEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('automationSettings'),
      attributes: {
        sellerId: keyAttribute,
        automations: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              trigger: { type: AUTOMATION_TRIGGERS, required: true },
              enabled: { type: 'boolean', required: true },
              templateName: { type: 'string', required: true },
              days: { type: 'number', required: true },
            },
          },
        },
        ...timestamps,
      },
      indexes: {
        settings: {
          pk: sellerKey(),
          sk: sortKey('MARKETING#AUTOMATIONS', []),
        },
      },
    },
    onTable,
  ),
);
