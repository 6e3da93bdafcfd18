import { Entity } from 'electrodb';
import { RECRUIT_STATES } from '../../shared/domain/ambassadors.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * Ambassadors (issue 15; docs/data-model.md, "Ambassadors"). A recruit is an item in its ambassador's partition,
 * listed by state; the recruit's own partition says who recruited it (one ambassador per seller, conditional
 * create). Both are written in one transaction, when the recruit joins and when its first paid month is charged.
 */

export const recruitEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('recruit'),
      attributes: {
        sellerId: keyAttribute,
        recruitId: keyAttribute,
        name: { type: 'string', required: true },
        joinedAt: { type: 'string', required: true },
        state: { type: RECRUIT_STATES, required: true, default: 'pending' },
        paidAt: { type: 'string' },
        monthlyEarningCents: { type: 'number' },
        earningUntil: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('RECRUIT#${recruitId}', ['recruitId']),
        },
        byState: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'RECRUITS#${state}', ['state']),
          sk: sortKey('${joinedAt}#${recruitId}', ['joinedAt', 'recruitId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);

export const recruitedByEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('recruitedBy'),
      attributes: {
        sellerId: keyAttribute,
        ambassadorId: { type: 'string', required: true, readOnly: true },
        joinedAt: { type: 'string', required: true, readOnly: true },
        paid: { type: 'boolean', required: true, default: false },
        ...timestamps,
      },
      indexes: {
        recruiter: {
          pk: sellerKey(),
          sk: sortKey('RECRUITEDBY', []),
        },
      },
    },
    onTable,
  ),
);
