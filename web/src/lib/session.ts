import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { useSyncExternalStore } from 'react';
import type { WebConfig } from '../config';
import { isIdle, markActivity } from './activity';
import { MESSAGES } from '../../../shared/api/messages';

/** Why a session ended; the login page words its notice by it. */
export type SignOutReason = 'user' | 'idle' | 'expired';

export type Session =
  | { status: 'loading' }
  | { status: 'signedOut'; reason?: SignOutReason }
  | { status: 'signedIn'; email: string };

let current: Session = { status: 'loading' };
const listeners = new Set<() => void>();

function set(next: Session): void {
  current = next;
  for (const l of listeners) l();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get(): Session {
    return current;
  },
};

export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** Amplify Auth v6 against the pool of /config.json; userPoolEndpoint points it at cognito-local when set. */
export function configureAuth(cfg: WebConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cfg.userPoolId,
        userPoolClientId: cfg.userPoolClientId,
        ...(cfg.cognitoEndpoint ? { userPoolEndpoint: cfg.cognitoEndpoint } : {}),
      },
    },
  });
}

async function signedInEmail(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  const email = tokens?.idToken?.payload.email;
  if (!tokens?.idToken) return undefined;
  return typeof email === 'string' ? email : '';
}

/** At start: a stored session is kept unless it went idle (in any tab) or its tokens cannot be refreshed. */
export async function restoreSession(): Promise<void> {
  try {
    const email = await signedInEmail();
    if (email === undefined) return set({ status: 'signedOut' });
    if (isIdle()) return endSession('idle');
    set({ status: 'signedIn', email });
  } catch {
    set({ status: 'signedOut' });
  }
}

export class SignInError extends Error {
  override name = 'SignInError';
}

export const SIGN_IN_MESSAGES = {
  wrongCredentials: MESSAGES.signInWrongCredentials,
  tooManyAttempts: MESSAGES.signInTooManyAttempts,
  notConfirmed: MESSAGES.signInNotConfirmed,
  nextStep: MESSAGES.signInNextStep,
  generic: MESSAGES.generic,
} as const;

function messageFor(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    // cognito-local's answer to a wrong password (Cognito says NotAuthorizedException).
    case 'InvalidPasswordException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return SIGN_IN_MESSAGES.wrongCredentials;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return SIGN_IN_MESSAGES.tooManyAttempts;
    case 'UserNotConfirmedException':
      return SIGN_IN_MESSAGES.notConfirmed;
    default:
      return SIGN_IN_MESSAGES.generic;
  }
}

/** USER_PASSWORD_AUTH, the flow cognito-local implements. Throws SignInError with a message for people. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const attempt = () => signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    try {
      result = await attempt();
    } catch (err) {
      // A session left over (another tab, an interrupted sign-out): replace it.
      if (!(err instanceof Error && err.name === 'UserAlreadyAuthenticatedException')) throw err;
      await signOut();
      result = await attempt();
    }
  } catch (err) {
    throw new SignInError(messageFor(err), { cause: err });
  }
  if (!result.isSignedIn) {
    const step = result.nextStep.signInStep;
    throw new SignInError(step === 'CONFIRM_SIGN_UP' ? SIGN_IN_MESSAGES.notConfirmed : SIGN_IN_MESSAGES.nextStep);
  }
  markActivity();
  set({ status: 'signedIn', email: (await signedInEmail()) ?? email.trim() });
}

let ending: Promise<void> | undefined;

/** Signs out locally (tokens removed even if the revoke call fails) and tells the app. */
export function endSession(reason: SignOutReason): Promise<void> {
  ending ??= signOut()
    .catch(() => undefined)
    .then(() => {
      set({ status: 'signedOut', reason });
    })
    .finally(() => {
      ending = undefined;
    });
  return ending;
}

/** The ID token for `Authorization: Bearer` (refreshed by Amplify when it is near expiry). */
export async function idToken(): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/** Another tab signed out (Amplify's tokens live in localStorage): follow it here. Returns the cleanup. */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    const tokenRemoved = e.key === null || (/^CognitoIdentityServiceProvider\..+\.idToken$/.test(e.key) && e.newValue === null);
    if (tokenRemoved && current.status === 'signedIn') set({ status: 'signedOut' });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

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
    signUp({ username: email, password: input.password, options: { userAttributes: { email, name: input.name.trim() } } }),
  );
  return { confirmed: result.isSignUpComplete };
}

export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  await account(() => confirmSignUp({ username: email.trim(), confirmationCode: code.trim() }));
}

export async function resendConfirmationCode(email: string): Promise<void> {
  await account(() => resendSignUpCode({ username: email.trim() }));
}

/** Forgot password: a code by email, then the code and a new password. */
export async function requestPasswordReset(email: string): Promise<void> {
  await account(() => resetPassword({ username: email.trim() }));
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await account(() => confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword }));
}

/** Change password while signed in (/settings): Cognito checks the current one. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await account(() => updatePassword({ oldPassword, newPassword }), 'change');
}
