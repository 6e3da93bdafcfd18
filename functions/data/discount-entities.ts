import { Entity } from 'electrodb';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * The seller's discounts (issue 15, docs/data-model.md "Discounts"): a running one at DISCOUNT#<id>, an ended one at
 * DISCOUNTENDED#<endedAt>#<id>; ending one moves it in one transaction.
 */

const itemList = {
  type: 'list',
  required: true,
  default: () => [],
  items: {
    type: 'map',
    properties: { id: { type: 'string', required: true }, name: { type: 'string', required: true }, description: { type: 'string' } },
  },
} as const;

const discountAttributes = {
  sellerId: keyAttribute,
  discountId: keyAttribute,
  name: { type: 'string', required: true },
  /** Spec section 3: 1 bogo, 2 exact, 3 minimum, 4 product (0 is never saved). */
  type: { type: 'number', required: true },
  isPercent: { type: 'boolean', required: true },
  amount: { type: 'number', required: true },
  continuous: { type: 'boolean', required: true },
  livestream: { type: 'boolean', required: true, default: false },
  /** MM/DD/YYYY, absent when continuous. */
  startDate: { type: 'string' },
  endDate: { type: 'string' },
  items: itemList,
  itemsBogo: itemList,
  itemsDiscountAmount: { type: 'number', required: true, default: 0 },
  itemsDiscountBogoAmount: { type: 'number', required: true, default: 0 },
  ...timestamps,
} as const;

export const discountEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('discount'),
      attributes: discountAttributes,
      indexes: {
        byId: { pk: sellerKey(), sk: sortKey('DISCOUNT#${discountId}', ['discountId']) },
      },
    },
    onTable,
  ),
);

export const endedDiscountEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('endedDiscount'),
      attributes: { ...discountAttributes, endedAt: { type: 'string', required: true, readOnly: true } },
      indexes: {
        byEnded: { pk: sellerKey(), sk: sortKey('DISCOUNTENDED#${endedAt}#${discountId}', ['endedAt', 'discountId']) },
      },
    },
    onTable,
  ),
);
