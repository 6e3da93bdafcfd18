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
  if (boot === 'app' && (path === '/dashboard' || path === '/')) paintKeptDashboard();
})();

/**
 * The dashboard's first view from the answer kept at the signed-in seller's last visit (src/lib/kept.ts: under the
 * Cognito user name the tokens are stored under, cleared with them at sign-out and sign-in), filled into
 * index.html's markup once <body> is parsed ('interactive' comes before the app's module scripts run and, the
 * styles being render-blocking, before the first paint). Not after 6 hours without activity (src/lib/activity.ts):
 * the app signs that session out. React renders the same card from the same answer, then the live answer. The setup
 * banner above it likewise, from the profile kept beside it.
 */
function paintKeptDashboard() {
  let answer;
  let profile;
  try {
    const IDLE_LIMIT_MS = 21_600_000;
    const last = Number(localStorage.getItem('lastActivityAt'));
    if (!Number.isFinite(last) || last <= 0 || Date.now() - last >= IDLE_LIMIT_MS) return;
    let seller;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (/^CognitoIdentityServiceProvider\..+\.LastAuthUser$/.test(key)) {
        const user = localStorage.getItem(key);
        if (user && localStorage.getItem(key.replace(/LastAuthUser$/, `${user}.idToken`))) seller = user;
      }
    }
    if (!seller) return;
    answer = JSON.parse(localStorage.getItem(`consultantDesk.kept.${seller}.dashboard`) ?? 'null')?.answer;
    profile = JSON.parse(localStorage.getItem(`consultantDesk.kept.${seller}.sellerProfile`) ?? 'null')?.answer;
  } catch {
    return;
  }
  const a = answer;
  const ok =
    a &&
    typeof a.name === 'string' &&
    typeof a.planLabel === 'string' &&
    typeof a.plan === 'string' &&
    (a.businessName == null || typeof a.businessName === 'string') &&
    Number.isInteger(a.customerCount) &&
    Number.isInteger(a.orderCount);
  if (!ok) return;
  // As Intl.NumberFormat('en-US') writes them; building a NumberFormat is a long task's worth on a slow phone.
  const count = { format: (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') };
  const fill = () => {
    const slot = (name) => document.querySelector(`.boot-kept [data-kept="${name}"]`);
    const welcome = slot('welcome');
    if (!welcome) return;
    welcome.textContent = `Welcome back, ${a.name}`;
    slot('businessName').textContent = a.businessName ?? '';
    slot('plan').textContent = `${a.planLabel} plan`;
    if (a.plan === 'executive') slot('upgrade').remove();
    slot('customerCount').textContent = count.format(a.customerCount);
    slot('orderCount').textContent = count.format(a.orderCount);
    document.documentElement.setAttribute('data-boot-kept', 'dashboard');
    // The setup banner as OnboardingBanner draws it from the same kept profile: a plan chosen, setup below 100.
    const p = profile?.onboardingPercent;
    if (profile && profile.plan != null && Number.isInteger(p) && p >= 0 && p < 100) {
      const ring = document.querySelector('.boot-banner [data-ring]');
      ring?.setAttribute('stroke-dashoffset', String(125.664 * (1 - p / 100)));
      const percent = document.querySelector('.boot-banner [data-kept="percent"]');
      if (percent) percent.textContent = `${p}%`;
      document.documentElement.setAttribute('data-boot-banner', '');
    }
  };
  document.addEventListener('readystatechange', fill, { once: true });
}
