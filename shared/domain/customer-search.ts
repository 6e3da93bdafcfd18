/**
 * Customer search (spec: at least 2 characters; first name, last name, full name, email and phone digits by
 * prefix, case-insensitive). Each customer is indexed under a few lower-cased terms; a search is one prefix
 * Query over them. Pure, so the index and the query normalise text the same way.
 */

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_PAGE_SIZE = 20;

const PHONEISH = /^[\d\s().+-]+$/;

export interface Searchable {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

const squeeze = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

export function fullNameTerm(c: Searchable): string {
  return squeeze(`${c.firstName ?? ''} ${c.lastName ?? ''}`);
}

/**
 * The terms a customer is found by, sorted and without repeats. "first last" also finds every first-name
 * prefix, so the first name needs no term of its own.
 */
export function searchTerms(c: Searchable): string[] {
  const terms = [fullNameTerm(c), squeeze(c.lastName ?? ''), squeeze(c.email ?? ''), phoneDigits(c.phone)];
  return [...new Set(terms.filter((t) => t.length > 0))].sort();
}

/** What a typed search looks up: phone-like text by its digits, anything else lower-cased. */
export function searchPrefix(q: string): string {
  const text = squeeze(q);
  if (PHONEISH.test(text) && phoneDigits(text).length >= SEARCH_MIN_CHARS) return phoneDigits(text);
  return text;
}

/**
 * A customer is listed once, at the first of its terms that matches; the terms sorted before `term` are what
 * the index item keeps to decide that (see functions/data/customer-terms.ts).
 */
export function earlierTerms(terms: readonly string[], term: string): string[] {
  return terms.filter((t) => t < term);
}
