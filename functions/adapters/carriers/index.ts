import { config, required } from '../../config.js';
import type { Carrier } from './carrier.js';
import { easyPostCarrier } from './easypost.js';
import { sandboxCarrier } from './sandbox.js';

/** The carrier in use: the local sandbox unless CARRIER=easypost (then EASYPOST_API_KEY is required). */
export function carrier(): Carrier {
  if (config.CARRIER === 'easypost') return easyPostCarrier({ apiKey: required('EASYPOST_API_KEY'), baseUrl: config.EASYPOST_BASE_URL });
  return sandboxCarrier;
}
