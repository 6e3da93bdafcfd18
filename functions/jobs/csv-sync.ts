import { unbuiltWorker } from './unbuilt-worker.js';

export const handler = unbuiltWorker('csv-sync');
