import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { installPlainErrors } from './plain-errors';
import { parcelSchema } from './shipping';

installPlainErrors();

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues[0]!.message;
};

describe('validation messages in plain words', () => {
  it('a bound the schema names no message for reads as a sentence, not as the schema', () => {
    const message = firstMessage(parcelSchema, { weightOz: 10, lengthIn: 200 });
    expect(message).toBe('Enter a number no more than 108.');
    expect(message).not.toMatch(/expected|<=|Too big/);
  });

  it('strings, lists, types and choices too', () => {
    expect(firstMessage(z.string().max(3), 'abcd')).toBe('Use at most 3 characters.');
    expect(firstMessage(z.array(z.string()).min(1), [])).toBe('Choose at least one.');
    expect(firstMessage(z.number(), 'x')).toBe('Enter a number.');
    expect(firstMessage(z.number(), undefined)).toBe('This field is required.');
    expect(firstMessage(z.enum(['a', 'b']), 'c')).toBe('Choose one of the options.');
    expect(firstMessage(z.number().int(), 1.5)).toBe('Enter a whole number.');
  });

  it("a schema's own message still wins", () => {
    expect(firstMessage(parcelSchema, { weightOz: -1 })).toBe('Weight must be more than 0.');
  });
});
