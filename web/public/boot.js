/*
 * Picks which of index.html's first paints shows before the app's JavaScript has run (issue 18: on a slow phone the
 * app's JavaScript takes a second or more; the page should not stay blank meanwhile). A classic script in <head>:
 * it runs before <body> is parsed, so the choice is made before the first paint (the CSP allows scripts from this
 * origin, not inline ones). React replaces the whole of #root with the real screen.
 * 'login': /login, and any signed-in screen opened without a session (the app sends those to /login).
 * 'app': a signed-in screen with a session stored (the keys web/src/lib/session.ts keeps).
 * Nothing for the other signed-out screens.
 */
(() => {
  const SIGNED_OUT = ['/logout', '/register', '/forgot-password', '/unsubscribe', '/signup'];
  const path = location.pathname;
  let stored = false;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (/^CognitoIdentityServiceProvider\..+\.LastAuthUser$/.test(localStorage.key(i) ?? '')) stored = true;
    }
  } catch {
    // Storage refused (private mode settings): the app decides, nothing painted ahead.
    return;
  }
  let boot;
  if (path === '/login') boot = stored ? undefined : 'login';
  else if (!SIGNED_OUT.includes(path)) boot = stored ? 'app' : 'login';
  if (boot) document.documentElement.setAttribute('data-boot', boot);
})();
