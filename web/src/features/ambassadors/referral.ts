import { REFERRAL_PARAM } from '../../../../shared/domain/ambassadors';

/** Where the code of the referral link waits between /signup and the first signed-in screen. */
const KEY = 'consultantDesk.referral';

export function keepReferral(search: string): void {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim();
  if (code && code.length <= 200) window.localStorage.setItem(KEY, code);
}

export function pendingReferral(): string | null {
  return window.localStorage.getItem(KEY);
}

export function forgetReferral(): void {
  window.localStorage.removeItem(KEY);
}
