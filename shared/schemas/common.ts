import * as z from 'zod';
import { MESSAGES } from '../api/messages.js';

/** Query strings arrive as text; these coerce them with the spec's wording for errors. */
// Ids become parts of DynamoDB keys (at most 1 KB): anything longer is not an id of ours.
export const idParam = z.string({ error: 'An id is required.' }).trim().min(1, 'An id is required.').max(200, 'That id is not valid.');
const MAX_JOB_IDS = 20;
/** The upload jobs a page polls: comma-separated ids, each once, at most 20 of them. */
export const jobIdsParam = z
  .string({ error: 'Job ids are required.' })
  .trim()
  .min(1, 'Job ids are required.')
  .max(MAX_JOB_IDS * 201, `Ask for at most ${MAX_JOB_IDS} jobs at a time.`)
  .transform((text) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))])
  .refine((ids) => ids.length <= MAX_JOB_IDS, `Ask for at most ${MAX_JOB_IDS} jobs at a time.`)
  .refine((ids) => ids.every((id) => id.length <= 200), MESSAGES.invalidId);
export const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * The browser's key of one action (a campaign's Send, a New Order): a double click or a resend sends the same key,
 * and the server does the action once per key.
 */
export const requestKey = z
  .string({ error: 'A request key is required.' })
  .trim()
  .min(8, 'A request key is required.')
  .max(64, 'A request key is required.')
  .regex(/^[A-Za-z0-9-]+$/, 'A request key is required.');
/** Longest subject and message of an email a seller writes (rewards reminders, follow-ups). */
export const MAX_SUBJECT = 200;
export const MAX_MESSAGE = 10_000;
export const boolParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1');
// A cursor too long to be one of ours reads as any other unusable cursor does.
export const cursorParam = z.string().trim().min(1).max(2000, MESSAGES.cursorExpired).optional();

/** Which way a server-paged list is sorted (issue 17). */
export const sortDirParam = z.enum(['asc', 'desc'], { error: 'Sort ascending or descending.' }).optional();

/** Spec section 5: price input non-negative, 2 decimals. */
export const MAX_PRICE = 100_000;
export const price = z
  .number({ error: 'Enter a price.' })
  .nonnegative('Price cannot be negative.')
  .max(MAX_PRICE, `Price can be at most $${MAX_PRICE.toLocaleString('en-US')}.`)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Price can have at most 2 decimals.');

/** An empty body or query: what a call with no input accepts. */
export const empty = z.object({}).passthrough();

/** A multipart body after parsing: its files and fields. */
export const uploadedFile = z.object({
  filename: z.string().min(1).max(255),
  contentType: z.string().max(255),
  content: z.instanceof(Uint8Array),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
/** At most this many files in one upload (the multipart parser stops reading after them). */
export const MAX_UPLOAD_FILES = 10;
export const multipartBody = z.object({
  files: z.array(uploadedFile).min(1, 'Choose a file to upload.').max(MAX_UPLOAD_FILES, `Upload at most ${MAX_UPLOAD_FILES} files at a time.`),
});

/** A CSV upload (orders, customers): every file named .csv, the rest of the body as any upload's. */
export const csvUploadBody = multipartBody.extend({
  files: multipartBody.shape.files.refine((files) => files.every((f) => /\.csv$/i.test(f.filename)), MESSAGES.csvOnly),
});

/** What a call that only confirms answers. */
export const successAnswer = z.object({ success: z.literal(true) });

/** One page of a list that pages by cursor: its items under `key`, and the next page's cursor (none on the last). */
export function cursorPage<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>).extend({ cursor: z.string().nullish() });
}

const storedText = z.string().nullish();
/** An address as the table keeps it (shared/domain/orders.ts PostalAddress): imports and platforms send what they have. */
export const storedAddress = z.object({
  name: storedText,
  company: storedText,
  address1: storedText,
  address2: storedText,
  address3: storedText,
  city: storedText,
  state: storedText,
  zip: storedText,
  country: storedText,
  phone: storedText,
});
