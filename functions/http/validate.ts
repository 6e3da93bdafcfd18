import type { z } from 'zod';
import { installPlainErrors } from '../../shared/schemas/plain-errors.js';
import { InvalidInput } from '../domain/errors.js';

// Checks a schema names no message for read in plain words, the same as the page says them.
installPlainErrors();

/** Validates with the shared schema; each failing field gets its own message (spec section 5 wording). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    errors[field] ??= issue.message;
  }
  throw new InvalidInput(errors);
}
