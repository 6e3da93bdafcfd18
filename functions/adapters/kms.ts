import { KMSClient } from '@aws-sdk/client-kms';
import { config } from '../config.js';

/** One client per container; only the functions that hold platform credentials import it. */
export const kms = new KMSClient({ region: config.AWS_REGION });
