import { METRIC } from '../../shared/ops/metrics.js';
import { addMetric } from '../observability.js';

/**
 * An email that failed its last try goes to the DLQ unsent: counted in JobsFailed, whose alarm sends someone to
 * docs/runbook.md. Earlier failures are SQS's to retry and count nothing.
 */
export async function countedOnLastTry<T>(lastTry: boolean, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (lastTry) addMetric(METRIC.jobsFailed);
    throw err;
  }
}
