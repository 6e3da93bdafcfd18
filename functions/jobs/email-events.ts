import { sesNotification } from '../../events/schemas.js';
import { handleSesNotification } from '../email/events.js';
import { sqsWorker } from './sqs-worker.js';

/** email-events consumer: SES bounces and complaints suppress the address for the seller that sent the email. */
export const handler = sqsWorker(sesNotification, async (event) => {
  await handleSesNotification(event);
});
