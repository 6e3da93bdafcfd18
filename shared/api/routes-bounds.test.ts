import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { unbounded } from '../../test/support/zod-schemas.js';
import { routeList } from './routes.js';

/**
 * Every input a route takes is bounded by its schema, so no request can store a value the table or a later read
 * cannot take (a 1 MB address, a key over DynamoDB's 1 KB limit, 2^53 points read back as a BigInt): every string
 * has a maximum length, every number a maximum within the safe integers, every list a maximum count, and nothing
 * is `unknown`. Read from zod 4's own definitions of the route table's query and body schemas.
 */
describe('route inputs are bounded', () => {
  it('finds unbounded strings, numbers, lists, maps and unknowns, through optionals and pipes', () => {
    const schema = z.object({
      name: z.string().trim(),
      note: z.string().max(10).optional(),
      count: z.number().int().min(0),
      big: z.number().max(2 ** 60),
      tags: z.array(z.string().max(5)),
      extra: z.record(z.string(), z.string()),
      sized: z.record(z.string().max(9), z.number().max(9)).refine((m) => Object.keys(m).length < 9),
      sizedLoose: z.record(z.string(), z.number().max(9)).refine((m) => Object.keys(m).length < 9),
      blob: z.unknown(),
      when: z.preprocess((v) => v, z.string()),
    });
    expect(unbounded(schema, 'body')).toEqual([
      'body.name: string without a maximum length',
      'body.count: number without a maximum',
      'body.big: maximum beyond the safe integers',
      'body.tags: list without a maximum count',
      'body.extra: a map of any size',
      'body.extra{key}: string without a maximum length',
      'body.extra{}: string without a maximum length',
      'body.sizedLoose{key}: string without a maximum length',
      'body.blob: anything',
      'body.when: string without a maximum length',
    ]);
  });

  it.each(routeList.map((r) => [r.id, r] as const))('%s', (_id, route) => {
    expect([...unbounded(route.query, 'query'), ...unbounded(route.body, 'body')]).toEqual([]);
  });
});
