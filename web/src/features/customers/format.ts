import { formatDate, fullName } from '../../../../shared/domain/format';
import type { Customer } from './api';

/** Dates on screen are the person's own calendar days. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const showDate = (value: string | null | undefined) => formatDate(value, timeZone);

export const nameOf = (c: Pick<Customer, 'firstName' | 'lastName'>) => fullName(c);

/** "Austin, TX" from what the customer has. */
export function placeOf(c: Pick<Customer, 'city' | 'state'>): string | undefined {
  return [c.city, c.state].filter((p) => p && p.trim() !== '').join(', ') || undefined;
}
