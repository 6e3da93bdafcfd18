import { MESSAGES } from '../../shared/api/messages.js';
import type { UploadedFile } from '../../shared/schemas/common.js';
import { InvalidInput } from '../domain/errors.js';
import { acceptCsvUpload } from '../imports/csv-upload.js';

/** A customer list CSV: stored and imported by the csv-sync worker; the page polls `/upload/csvSyncStatus`. */
export async function uploadCustomerList(sellerId: string, files: readonly UploadedFile[]) {
  const [file] = files;
  if (!file) throw new InvalidInput({ files: MESSAGES.chooseFile });
  const job = await acceptCsvUpload(sellerId, 'customers', file);
  return { success: true as const, ids: [job.jobId], jobs: [job] };
}
