import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '../components/Loading';
import { NotBuilt } from '../components/NotBuilt';
import { PageHeader } from '../components/PageHeader';
import { MESSAGES } from '../../../shared/api/messages';
import { RequireAuth } from './RequireAuth';
import { SCREENS } from './screens';

/**
 * Every screen is loaded when it is first visited, and so are sign-in and the signed-in layout (issue 18: the first
 * page carries only what it shows). Declarative routes (`<Routes>`, React's `lazy` and `Suspense`): the app loads no
 * data through the router, and react-router's data router would add 17 KB gzip to every page.
 * Features never import each other: a screen that shows another feature's part gets it here.
 */
type Screen = () => Promise<ComponentType>;

const BUILT: Record<string, Screen> = {
  '/dashboard': () => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
  '/homepage': () => import('../features/home/HomePage').then((m) => m.HomePage),
  '/reports': () => import('../features/reports/ReportsPage').then((m) => m.ReportsPage),
  '/supplies': () => import('../features/supplies/SuppliesPage').then((m) => m.SuppliesPage),
  '/customers': () => import('../features/customers/CustomersPage').then((m) => m.CustomersPage),
  '/orders': async () => {
    const [{ OrdersPage }, { PostageBillingButton }] = await Promise.all([
      import('../features/orders/OrdersPage'),
      import('../features/billing/PostageBilling'),
    ]);
    return () => <OrdersPage postageBilling={<PostageBillingButton />} />;
  },
  '/upgrade': () => import('../features/upgrade/UpgradePage').then((m) => m.UpgradePage),
  '/payment': () => import('../features/billing/PaymentPage').then((m) => m.PaymentPage),
  '/paymentHistory': () => import('../features/billing/PaymentHistoryPage').then((m) => m.PaymentHistoryPage),
  '/settingsbilling': () => import('../features/billing/SettingsBillingPage').then((m) => m.SettingsBillingPage),
  '/settings': async () => {
    const [{ SettingsPage }, { IntegrationSection }, { ChangePasswordSection }] = await Promise.all([
      import('../features/settings/SettingsPage'),
      import('../features/integrations/IntegrationSection'),
      import('../features/auth/ChangePasswordSection'),
    ]);
    return () => <SettingsPage integrations={<IntegrationSection />} account={<ChangePasswordSection />} />;
  },
  '/rewards': () => import('../features/rewards/RewardsPage').then((m) => m.RewardsPage),
  '/rewards/activate': () => import('../features/rewards/ActivatePage').then((m) => m.ActivatePage),
  '/rewards/history': () => import('../features/rewards/HistoryPage').then((m) => m.HistoryPage),
  '/marketing': () => import('../features/marketing/MarketingPage').then((m) => m.MarketingPage),
  '/ambassadors': () => import('../features/ambassadors/AmbassadorsPage').then((m) => m.AmbassadorsPage),
  '/help': () => import('../features/help/HelpPage').then((m) => m.HelpPage),
  '/activate': () => import('../features/onboarding/ActivatePage').then((m) => m.ActivatePage),
  // Sign-up's plan choice is the upgrade screen in signup mode (spec section 2).
  '/signup-package': async () => {
    const { UpgradePage } = await import('../features/upgrade/UpgradePage');
    return () => <UpgradePage mode="signup" />;
  },
  '/selling': () => import('../features/selling/SellingPage').then((m) => m.SellingPage),
};

/** A route's screen, loaded on first visit (made once: React keeps a lazy component's module after it loaded). */
function lazyScreen(load: Screen): ReactNode {
  const Screen = lazy(async () => ({ default: await load() }));
  return <Screen />;
}

/**
 * A screen that failed to load or render (not an API answer: screens show those themselves). Plain markup in
 * Bootstrap's classes: the alert components and the API client would otherwise ride on every first page.
 */
class RouteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="p-3">
        <div role="alert" className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{MESSAGES.generic}</span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
}

/** A route's element with its own error boundary (keyed by the route, so leaving a failed screen clears it). */
function page(path: string, element: ReactNode, fill = true): ReactNode {
  return (
    <RouteBoundary key={path}>
      <Suspense fallback={<Loading fill={fill} />}>{element}</Suspense>
    </RouteBoundary>
  );
}

function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>That page does not exist. Choose a screen from the navigation.</p>
    </>
  );
}

const SIGNED_OUT: [string, Screen][] = [
  ['/login', () => import('../features/auth/LoginPage').then((m) => m.LoginPage)],
  ['/logout', () => import('../features/auth/LogoutPage').then((m) => m.LogoutPage)],
  ['/register', () => import('../features/auth/SignUpPage').then((m) => m.SignUpPage)],
  ['/forgot-password', () => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)],
  // An email's unsubscribe link: its reader has no account here.
  ['/unsubscribe', () => import('../features/unsubscribe/UnsubscribePage').then((m) => m.UnsubscribePage)],
  // The referral link (issue 15): keeps the ambassador's code, then sign-in.
  ['/signup', () => import('../features/ambassadors/ReferralSignup').then((m) => m.ReferralSignup)],
];
const SIGNED_OUT_ELEMENTS = SIGNED_OUT.map(([path, load]) => [path, lazyScreen(load)] as const);

const loadSignedIn: Screen = () => import('./SignedIn').then((m) => m.SignedIn);
const SIGNED_IN = lazyScreen(loadSignedIn);

const SCREEN_ELEMENTS = SCREENS.map(({ path, title }) => {
  const load = BUILT[path];
  return [path, load ? lazyScreen(load) : <NotBuilt key={path} title={title} />] as const;
});

/**
 * The chunks of the page being opened start loading with the app, side by side, rather than one after another as
 * each renders (the layout after the session is known, the screen after the plan is): a shorter first paint.
 * A signed-in screen's only when a session is stored (else the visit goes to /login, and they would be wasted).
 */
export function preloadOpeningPage(pathname: string, sessionStored: boolean): void {
  const signedOut = SIGNED_OUT.find(([path]) => path === pathname);
  if (!signedOut && !sessionStored) return;
  const loads = signedOut ? [signedOut[1]] : [loadSignedIn, BUILT[pathname === '/' ? '/dashboard' : pathname]];
  for (const load of loads) void load?.().catch(() => undefined);
}

/** Whether `pathname` is a signed-in screen (not one of the signed-out routes). */
export function isSignedInPath(pathname: string): boolean {
  return !SIGNED_OUT.some(([path]) => path === pathname);
}

export function AppRoutes() {
  return (
    <Routes>
      {SIGNED_OUT_ELEMENTS.map(([path, element]) => (
        <Route key={path} path={path} element={page(path, element)} />
      ))}
      <Route path="/" element={page('/', <RequireAuth>{SIGNED_IN}</RequireAuth>)}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        {SCREEN_ELEMENTS.map(([path, element]) => (
          <Route key={path} path={path.slice(1)} element={page(path, element, false)} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
