import Cookies from 'js-cookie';
import { useCallback, useState } from 'react';

/** Spec section 2: the side navigation's open/closed state lives in the cookie SidenavOpen. */
export const SIDENAV_COOKIE = 'SidenavOpen';

export function readSidenavOpen(): boolean {
  return Cookies.get(SIDENAV_COOKIE) === 'true';
}

export function useSidenavOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(readSidenavOpen);
  const setOpen = useCallback((next: boolean) => {
    Cookies.set(SIDENAV_COOKIE, String(next), { expires: 365, sameSite: 'lax', path: '/' });
    setOpenState(next);
  }, []);
  return [open, setOpen];
}
