import { config } from '../../config.js';
import { requiredSecret } from '../secrets.js';
import type { Carrier } from './carrier.js';
import { easyPostCarrier } from './easypost.js';
import { sandboxCarrier } from './sandbox.js';

/**
 * The carrier in use: the local sandbox unless CARRIER=easypost (then EASYPOST_API_KEY is required, a secret
 * setting read once per container).
 */
export async function carrier(): Promise<Carrier> {
  if (config.CARRIER === 'easypost') return easyPostCarrier({ apiKey: await requiredSecret('EASYPOST_API_KEY'), baseUrl: config.EASYPOST_BASE_URL });
  return sandboxCarrier;
}
