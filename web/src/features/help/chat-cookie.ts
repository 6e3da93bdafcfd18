import Cookies from 'js-cookie';
import { CHAT_COOKIE, CHAT_COOKIE_DAYS } from '../../../../shared/domain/support';

/** Whether the chat panel was open in the last 0.125 day (spec section 9): it stays open across pages and reloads. */
export function chatVisible(): boolean {
  return Cookies.get(CHAT_COOKIE) === 'true';
}

export function setChatVisible(visible: boolean): void {
  if (visible) Cookies.set(CHAT_COOKIE, 'true', { expires: CHAT_COOKIE_DAYS, sameSite: 'lax', path: '/' });
  else Cookies.remove(CHAT_COOKIE, { path: '/' });
}
