import { describe, expect, it } from 'vitest';
import { ORDER_FORMATS } from '../../functions/imports/formats/index.js';
import { ORDER_FORMAT_LABELS } from '../../web/src/features/orders/order-formats.js';

describe('Import Orders panel', () => {
  it('names every format the worker recognises', () => {
    expect(ORDER_FORMATS.length).toBeGreaterThan(0);
    for (const format of ORDER_FORMATS) expect(ORDER_FORMAT_LABELS, format.id).toContain(format.label);
  });
});
