import type { Carrier } from './carrier.js';
import { sandboxCarrier } from './sandbox.js';

/** The carrier in use; the sandbox unless configuration names a production adapter. */
export function carrier(): Carrier {
  return sandboxCarrier;
}
