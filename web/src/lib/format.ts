import { formatDate, fullName } from '../../../shared/domain/format';

/** Dates on screen are the person's own calendar days. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const showDate = (value: string | null | undefined) => formatDate(value, timeZone);

export const nameOf = (person: { firstName?: string | null; lastName?: string | null }) => fullName(person);

/** "Austin, TX" from what the person has. */
export function placeOf(place: { city?: string | null; state?: string | null }): string | undefined {
  return [place.city, place.state].filter((p) => p && p.trim() !== '').join(', ') || undefined;
}
