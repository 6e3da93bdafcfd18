import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '../../../shared/api/messages';
import type { DateOrder } from '../../../shared/domain/date-order';
import { MAX_CSV_BYTES, MAX_CSV_LABEL } from '../../../shared/schemas/upload';
import { ApiError, api, GENERIC_ERROR } from './api';

/** The screen an upload belongs to (orders or customers) and the kind of job it starts. */
type UploadRoute = 'upload.csvSync' | 'customers.upload';
const KIND = { 'upload.csvSync': 'orders', 'customers.upload': 'customers' } as const;

/** S3's answer to a refused form: its code, for the few the seller can act on. */
async function s3Refusal(res: Response): Promise<ApiError> {
  const code = /<Code>([^<]+)<\/Code>/.exec(await res.text().catch(() => ''))?.[1];
  return new ApiError(res.status, code === 'EntityTooLarge' ? MESSAGES.fileTooLarge(MAX_CSV_LABEL) : GENERIC_ERROR);
}

/**
 * Sends one CSV file straight to S3 (a Lambda request could not carry it): the API signs a form for the seller's
 * job, the file follows the form's fields (S3 reads nothing after it), and S3's event starts the job the page polls.
 * `dateOrder` is the seller's answer when a first try asked which order the file's dates are in.
 */
export function useCsvUpload(route: UploadRoute, on: { onSuccess: (answer: { ids: string[] }) => void; onError: (err: Error) => void }) {
  return useMutation({
    mutationFn: async ({ file, dateOrder }: { file: File; dateOrder?: DateOrder }) => {
      if (file.size > MAX_CSV_BYTES) throw new ApiError(400, MESSAGES.fileTooLarge(MAX_CSV_LABEL));
      if (file.size === 0) throw new ApiError(400, MESSAGES.unsupportedCsv);
      const body = { kind: KIND[route], filename: file.name, size: file.size, ...(dateOrder ? { dateOrder } : {}) };
      const { jobId, url, fields } = await api('upload.presign', { body });
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file, file.name);
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', body: form });
      } catch {
        throw new ApiError(0, GENERIC_ERROR);
      }
      if (!res.ok) throw await s3Refusal(res);
      return { ids: [jobId] };
    },
    ...on,
  });
}

/** The jobs' status, every `everyMs` until all of them are finished. */
export function useCsvJobs(ids: readonly string[], everyMs: number) {
  return useQuery({
    queryKey: ['csvSyncStatus', ids],
    queryFn: () => api('upload.csvSyncStatus', { query: { ids: ids.join(',') } }),
    enabled: ids.length > 0,
    refetchInterval: (q) => (q.state.data?.allDone ? false : everyMs),
  });
}
