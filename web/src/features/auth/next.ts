/** Where to go after sign-in: a path on this site only (no `//host` or `https://…`: no open redirect). */
export function safeNext(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/logout')) return fallback;
  return next;
}
