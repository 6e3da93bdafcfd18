import * as z from 'zod';
import { MESSAGES } from '../../../../shared/api/messages';
import { config } from '../../config';

/** The user pool's policy (infra/definitions.ts USER_POOL): 8 or more, upper, lower and a digit. */
export const newPassword = z
  .string()
  .min(8, MESSAGES.passwordTooWeak)
  .max(256, 'Use at most 256 characters.')
  .regex(/[a-z]/, MESSAGES.passwordTooWeak)
  .regex(/[A-Z]/, MESSAGES.passwordTooWeak)
  .regex(/[0-9]/, MESSAGES.passwordTooWeak);

export const emailField = z.string().trim().min(1, 'Enter your email address.').max(254).pipe(z.email('Enter a valid email address.'));
export const codeField = z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from the email.');

/**
 * Where the code is when the app runs on the local cloud: cognito-local sends no email, it prints the code in its
 * output and keeps it on the user in its pool file. Undefined in AWS, where Cognito emails it.
 */
export function localCodeHint(): string | undefined {
  const cfg = config();
  if (!cfg.cognitoEndpoint) return undefined;
  return `Running locally: no email is sent. cognito-local prints the code in the local cloud's output (start it with VERBOSE=1 npm start) and keeps it as ConfirmationCode on your user in .local/cognito/.cognito/db/${cfg.userPoolId}.json.`;
}
