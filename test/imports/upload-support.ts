import type { TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

/** A multipart body with one file, as the upload screens send it. */
export function csvForm(name: string, text: string): FormData {
  const form = new FormData();
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
export async function upload(seller: TestSeller, path: '/customers/upload' | '/upload/csvSync', name: string, text: string) {
  const res = await seller.api('POST', path, { body: csvForm(name, text) });
  if (res.status !== 200) return { res, job: undefined };
  const [job] = await finished(seller, res.json.ids);
  return { res, job: job! };
}
