import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useRouteError } from 'react-router';
import { ErrorAlert } from '../components/ErrorAlert';
import { NotBuilt } from '../components/NotBuilt';
import { PageHeader } from '../components/PageHeader';
import { ReferralClaim } from '../features/ambassadors/ReferralSignup';
import { LoginPage } from '../features/auth/LoginPage';
import { PlanGuard } from './PlanGuard';
import { RequireAuth } from './RequireAuth';
import { SCREENS } from './screens';
import { AppShell } from './shell/AppShell';

/**
 * Every screen is loaded when it is first visited (issue 18: the first page carries only the shell and sign-in).
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

/** A route whose screen is loaded on first visit. */
const lazyScreen = (load: Screen) => ({ lazy: async () => ({ Component: await load() }) });

function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="p-3">
      <ErrorAlert error={error} onRetry={() => window.location.reload()} />
    </div>
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

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  { path: '/logout', ...lazyScreen(() => import('../features/auth/LogoutPage').then((m) => m.LogoutPage)), errorElement: <RouteError /> },
  { path: '/register', ...lazyScreen(() => import('../features/auth/SignUpPage').then((m) => m.SignUpPage)), errorElement: <RouteError /> },
  {
    path: '/forgot-password',
    ...lazyScreen(() => import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
    errorElement: <RouteError />,
  },
  // An email's unsubscribe link: its reader has no account here.
  {
    path: '/unsubscribe',
    ...lazyScreen(() => import('../features/unsubscribe/UnsubscribePage').then((m) => m.UnsubscribePage)),
    errorElement: <RouteError />,
  },
  // The referral link (issue 15): keeps the ambassador's code, then sign-in.
  { path: '/signup', ...lazyScreen(() => import('../features/ambassadors/ReferralSignup').then((m) => m.ReferralSignup)), errorElement: <RouteError /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <ReferralClaim />
        <PlanGuard>
          <AppShell />
        </PlanGuard>
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...SCREENS.map(({ path, title }) => {
        const load = BUILT[path];
        return load ? { path: path.slice(1), ...lazyScreen(load) } : { path: path.slice(1), element: <NotBuilt title={title} /> };
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
]);
