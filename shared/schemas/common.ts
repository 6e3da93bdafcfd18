import { z } from 'zod';

/** Query strings arrive as text; these coerce them with the spec's wording for errors. */
// Ids become parts of DynamoDB keys (at most 1 KB): anything longer is not an id of ours.
export const idParam = z.string({ error: 'An id is required.' }).trim().min(1, 'An id is required.').max(200, 'That id is not valid.');
export const optionalText = z.string().trim().optional();
export const boolParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1');
export const cursorParam = z.string().trim().min(1).max(2000, 'That page is no longer available.').optional();

/** Spec section 5: price input non-negative, 2 decimals. */
export const price = z
  .number({ error: 'Enter a price.' })
  .nonnegative('Price cannot be negative.')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Price can have at most 2 decimals.');

/** An empty body or query: what a call with no input accepts. */
export const empty = z.object({}).passthrough();

/** A multipart body after parsing: its files and fields. */
export const uploadedFile = z.object({
  filename: z.string().min(1),
  contentType: z.string(),
  content: z.instanceof(Uint8Array),
});
export type UploadedFile = z.infer<typeof uploadedFile>;
export const multipartBody = z.object({
  files: z.array(uploadedFile).min(1, 'Choose a file to upload.'),
  fields: z.record(z.string(), z.string()).default({}),
});

/** What a call that only confirms answers. */
export const successAnswer = z.object({ success: z.literal(true) });

/** One page of a list that pages by cursor: its items under `key`, and the next page's cursor (none on the last). */
export function cursorPage<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>).extend({ cursor: z.string().nullish() });
}
