import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts a 400's field errors (the server's messages, one per field) onto the form's fields. False when the answer
 * carried none: the caller shows its message instead.
 */
export function setServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiError) || Object.keys(err.errors).length === 0) return false;
  for (const [field, message] of Object.entries(err.errors)) setError(field as FieldPath<T>, { message });
  return true;
}
