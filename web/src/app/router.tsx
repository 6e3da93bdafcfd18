import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useRouteError } from 'react-router';
import { ErrorAlert } from '../components/ErrorAlert';
import { NotBuilt } from '../components/NotBuilt';
import { PageHeader } from '../components/PageHeader';
import { AmbassadorsPage } from '../features/ambassadors/AmbassadorsPage';
import { ReferralClaim, ReferralSignup } from '../features/ambassadors/ReferralSignup';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { ChangePasswordSection } from '../features/auth/ChangePasswordSection';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { ActivatePage } from '../features/onboarding/ActivatePage';
import { SellingPage } from '../features/selling/SellingPage';
import { CustomersPage } from '../features/customers/CustomersPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { HomePage } from '../features/home/HomePage';
import { ReportsPage } from '../features/reports/ReportsPage';
import { SuppliesPage } from '../features/supplies/SuppliesPage';
import { HelpPage } from '../features/help/HelpPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { PaymentHistoryPage } from '../features/billing/PaymentHistoryPage';
import { ActivatePage as RewardsActivatePage } from '../features/rewards/ActivatePage';
import { HistoryPage as RewardsHistoryPage } from '../features/rewards/HistoryPage';
import { RewardsPage } from '../features/rewards/RewardsPage';
import { PostageBillingButton } from '../features/billing/PostageBilling';
import { PaymentPage } from '../features/billing/PaymentPage';
import { SettingsBillingPage } from '../features/billing/SettingsBillingPage';
import { IntegrationSection } from '../features/integrations/IntegrationSection';
import { MarketingPage } from '../features/marketing/MarketingPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { UnsubscribePage } from '../features/unsubscribe/UnsubscribePage';
import { UpgradePage } from '../features/upgrade/UpgradePage';
import { PlanGuard } from './PlanGuard';
import { RequireAuth } from './RequireAuth';
import { SCREENS } from './screens';
import { AppShell } from './shell/AppShell';

/* Features never import each other: a screen that shows another feature's part gets it here. */
const Orders = () => <OrdersPage postageBilling={<PostageBillingButton />} />;
const Settings = () => <SettingsPage integrations={<IntegrationSection />} account={<ChangePasswordSection />} />;
/* Sign-up's plan choice is the upgrade screen in signup mode (spec section 2). */
const SignupPackage = () => <UpgradePage mode="signup" />;

/** Screens that exist; the rest of SCREENS show the not-built panel. */
const BUILT: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/homepage': HomePage,
  '/reports': ReportsPage,
  '/supplies': SuppliesPage,
  '/customers': CustomersPage,
  '/orders': Orders,
  '/upgrade': UpgradePage,
  '/payment': PaymentPage,
  '/paymentHistory': PaymentHistoryPage,
  '/settingsbilling': SettingsBillingPage,
  '/settings': Settings,
  '/rewards': RewardsPage,
  '/rewards/activate': RewardsActivatePage,
  '/rewards/history': RewardsHistoryPage,
  '/marketing': MarketingPage,
  '/ambassadors': AmbassadorsPage,
  '/help': HelpPage,
  '/activate': ActivatePage,
  '/signup-package': SignupPackage,
  '/selling': SellingPage,
};

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
  { path: '/logout', element: <LogoutPage />, errorElement: <RouteError /> },
  { path: '/register', element: <SignUpPage />, errorElement: <RouteError /> },
  { path: '/forgot-password', element: <ForgotPasswordPage />, errorElement: <RouteError /> },
  // An email's unsubscribe link: its reader has no account here.
  { path: '/unsubscribe', element: <UnsubscribePage />, errorElement: <RouteError /> },
  // The referral link (issue 15): keeps the ambassador's code, then sign-in.
  { path: '/signup', element: <ReferralSignup />, errorElement: <RouteError /> },
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
        const Built = BUILT[path];
        return { path: path.slice(1), element: Built ? <Built /> : <NotBuilt title={title} /> };
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
]);
