import { z } from 'zod';

/** CSV uploads (spec section 4): the jobs the upload calls start and the status the screens poll. */

export const CSV_JOB_STATUSES = ['uploading', 'syncing', 'complete', 'failed'] as const;

export const csvJob = z.object({
  id: z.string(),
  kind: z.enum(['orders', 'customers']).optional(),
  fileName: z.string().nullish(),
  format: z.string().nullish(),
  status: z.enum(CSV_JOB_STATUSES),
  rowsDone: z.number().default(0),
  rowsTotal: z.number().nullish(),
  ordersCreated: z.number().default(0),
  ordersUpdated: z.number().default(0),
  customersCreated: z.number().default(0),
  customersUpdated: z.number().default(0),
  errors: z.array(z.object({ line: z.number(), reason: z.string() })).default([]),
  failureReason: z.string().nullish(),
});
export type CsvJob = z.output<typeof csvJob>;

/** An upload was stored: the jobs that import it. */
export const csvUploadAnswer = z.object({
  success: z.literal(true),
  ids: z.array(z.string()),
  jobs: z.array(z.object({ jobId: z.string(), rowsTotal: z.number() })),
});

export const csvStatusAnswer = z.object({ jobs: z.array(csvJob), allDone: z.boolean() });
