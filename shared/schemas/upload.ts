import * as z from 'zod';
import { MESSAGES } from '../api/messages.js';
import { DATE_ORDERS } from '../domain/date-order.js';
import { csvUploadBody } from './common.js';

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
  /** Rows not imported, and (warning) rows imported with something to correct, each by its line. */
  errors: z.array(z.object({ line: z.number(), reason: z.string(), warning: z.boolean().nullish() })).default([]),
  failureReason: z.string().nullish(),
  /**
   * Set on a job failed because the file's dates read two ways (day/month or month/day) and the seller had not
   * said which: an example date of the file. The screen asks and uploads the file again with the answer.
   */
  dateSample: z.string().nullish(),
});
export type CsvJob = z.output<typeof csvJob>;

/** An upload was stored: the jobs that import it. */
export const csvUploadAnswer = z.object({
  success: z.literal(true),
  ids: z.array(z.string()),
  jobs: z.array(z.object({ jobId: z.string(), rowsTotal: z.number() })),
});

export const csvStatusAnswer = z.object({ jobs: z.array(csvJob), allDone: z.boolean() });

/** The largest CSV a seller may upload, in bytes: the presigned POST's content-length-range, the form's check. */
export const MAX_CSV_BYTES = 10 * 1_000_000;
export const MAX_CSV_LABEL = `${MAX_CSV_BYTES / 1_000_000} MB`;
export const CSV_KINDS = ['orders', 'customers'] as const;

/** A file the browser is about to send straight to S3: what it is and how big, checked before a POST is signed. */
export const presignBody = z.object({
  kind: z.enum(CSV_KINDS),
  filename: z.string().trim().min(1, MESSAGES.chooseFile).max(255, 'That file name is too long.').refine((name) => /\.csv$/i.test(name), MESSAGES.csvOnly),
  size: z
    .number({ error: MESSAGES.chooseFile })
    .int()
    .min(1, MESSAGES.unsupportedCsv)
    .max(MAX_CSV_BYTES, MESSAGES.fileTooLarge(MAX_CSV_LABEL)),
  /** The seller's answer when a first try of the file asked which order its dates are in. */
  dateOrder: z.enum(DATE_ORDERS).optional(),
});

/** An orders upload through the API: the files, and the order of their dates when the seller was asked. */
export const orderUploadBody = csvUploadBody.extend({
  fields: z.object({ dateOrder: z.enum(DATE_ORDERS).optional() }).optional(),
});

/** Where the browser POSTs the file (a multipart form: these fields, then the file) and the job it starts. */
export const presignAnswer = z.object({
  jobId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
