import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from './api';

type UploadRoute = 'upload.csvSync' | 'customers.upload';

/** Sends one CSV file to an upload call (orders or customers); the answer names the jobs that import it. */
export function useCsvUpload(route: UploadRoute, on: { onSuccess: (answer: ResponseOf<UploadRoute>) => void; onError: (err: Error) => void }) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('files', file, file.name);
      return api(route, { body: form });
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
