import * as cognitoApi from './cognito';
import { accessToken, cognito } from './session';
import { MESSAGES } from '../../../shared/api/messages';

/**
 * Sign-up, its confirmation and the password flows. Apart from session.ts because only the screens that use them
 * (loaded on their first visit) need them, not the first page.
 */

/** What went wrong in a sign-up, confirmation or password flow, in the seller's words. */
export class AccountError extends Error {
  override name = 'AccountError';
}

function accountMessage(err: unknown, flow?: 'change'): string {
  const name = err instanceof Error ? err.name : '';
  // The new password was checked against the pool's policy before the call, so in a change a refused password is the
  // current one (Cognito says NotAuthorizedException, cognito-local InvalidPasswordException).
  if (flow === 'change' && (name === 'InvalidPasswordException' || name === 'NotAuthorizedException')) return MESSAGES.currentPasswordWrong;
  switch (name) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return MESSAGES.signUpEmailTaken;
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
      return MESSAGES.passwordTooWeak;
    case 'CodeMismatchException':
      return MESSAGES.codeMismatch;
    case 'ExpiredCodeException':
      return MESSAGES.codeExpired;
    case 'NotAuthorizedException':
      return MESSAGES.currentPasswordWrong;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return MESSAGES.signInTooManyAttempts;
    default:
      return MESSAGES.generic;
  }
}

async function account<T>(step: () => Promise<T>, flow?: 'change'): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new AccountError(accountMessage(err, flow), { cause: err });
  }
}

/** Cognito sign-up: the email is the user name; a code is sent to it (cognito-local prints and stores it). */
export async function signUpWithEmail(input: { email: string; password: string; name: string }): Promise<{ confirmed: boolean }> {
  const email = input.email.trim();
  const result = await account(() =>
    cognitoApi.signUp(cognito(), { username: email, password: input.password, attributes: { email, name: input.name.trim() } }),
  );
  return { confirmed: result.UserConfirmed === true };
}

export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  await account(() => cognitoApi.confirmSignUp(cognito(), email.trim(), code.trim()));
}

export async function resendConfirmationCode(email: string): Promise<void> {
  await account(() => cognitoApi.resendConfirmationCode(cognito(), email.trim()));
}

/** Forgot password: a code by email, then the code and a new password. */
export async function requestPasswordReset(email: string): Promise<void> {
  await account(() => cognitoApi.forgotPassword(cognito(), email.trim()));
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await account(() => cognitoApi.confirmForgotPassword(cognito(), { username: email.trim(), code: code.trim(), password: newPassword }));
}

/** Change password while signed in (/settings): Cognito checks the current one. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await account(async () => {
    const token = await accessToken();
    // Signed out meanwhile (another tab, the refresh token revoked): Cognito would refuse the call the same way.
    if (!token) throw new cognitoApi.CognitoError('NotSignedIn', 'no session');
    await cognitoApi.changePassword(cognito(), { accessToken: token, previous: oldPassword, proposed: newPassword });
  }, 'change');
}
