import type { TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

/** A multipart body with one file, as the upload screens send it. */
export function csvForm(name: string, text: string, dateOrder?: 'mdy' | 'dmy'): FormData {
  const form = new FormData();
  // The seller's answer when the file's dates read two ways; a field before the file, as a form sends it.
  if (dateOrder) form.append('dateOrder', dateOrder);
  form.append('files', new Blob([text], { type: 'text/csv' }), name);
  return form;
}

export interface JobStatus {
  id: string;
  status: 'uploading' | 'syncing' | 'complete' | 'failed';
  format?: string;
  fileName?: string;
  rowsDone: number;
  rowsTotal?: number;
  ordersCreated: number;
  ordersUpdated: number;
  customersCreated: number;
  customersUpdated: number;
  errors: { line: number; reason: string }[];
  failureReason?: string;
  dateSample?: string;
}

/** Polls `/upload/csvSyncStatus` as the screen does until every job is finished (bounded: 60 s). */
export async function finished(seller: TestSeller, ids: string[]): Promise<JobStatus[]> {
  return until(
    `jobs ${ids.join(',')} to finish`,
    async () => {
      const res = await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: ids.join(',') } });
      if (res.status !== 200) throw new Error(`status answered ${res.status}: ${JSON.stringify(res.json)}`);
      return res.json.allDone ? (res.json.jobs as JobStatus[]) : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** Uploads one file and waits for its job. */
export async function upload(seller: TestSeller, path: '/customers/upload' | '/upload/csvSync', name: string, text: string, dateOrder?: 'mdy' | 'dmy') {
  const res = await seller.api('POST', path, { body: csvForm(name, text, dateOrder) });
  if (res.status !== 200) return { res, job: undefined };
  const [job] = await finished(seller, res.json.ids);
  return { res, job: job! };
}

export interface PresignedPost {
  jobId: string;
  url: string;
  fields: Record<string, string>;
}

/** A presigned POST's form as a browser sends it: the fields, then the file (S3 reads nothing after it). */
export function postObjectForm(fields: Record<string, string>, bytes: string, name = 'upload.csv'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
  return form;
}

/** The policy a presigned POST carries, decoded. */
export const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };

/** As the upload screens do: a signed form from /upload/presign, the file POSTed straight to S3, the job polled. */
export async function presignedUpload(seller: TestSeller, kind: 'orders' | 'customers', name: string, text: string, dateOrder?: 'mdy' | 'dmy') {
  const body = { kind, filename: name, size: Buffer.byteLength(text), ...(dateOrder ? { dateOrder } : {}) };
  const presign = await seller.api('POST', '/upload/presign', { body });
  if (presign.status !== 200) throw new Error(`presign answered ${presign.status}: ${JSON.stringify(presign.json)}`);
  const post = presign.json as PresignedPost;
  const s3 = await fetch(post.url, { method: 'POST', body: postObjectForm(post.fields, text, name) });
  if (s3.status !== 204) throw new Error(`S3 answered ${s3.status}: ${await s3.text()}`);
  const [job] = await finished(seller, [post.jobId]);
  return { post, job: job! };
}
