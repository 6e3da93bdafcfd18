/**
 * Every screen of spec section 2, by path. Screens without a component here render the shared
 * "not built yet" panel (router.tsx), so a link to any of them lands somewhere sensible.
 */
export interface Screen {
  path: string;
  title: string;
}

export const SCREENS: readonly Screen[] = [
  { path: '/homepage', title: 'Home' },
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/orders', title: 'Orders' },
  { path: '/customers', title: 'Customers' },
  { path: '/rewards', title: 'Rewards' },
  { path: '/rewards/history', title: 'Reward History' },
  { path: '/rewards/activate', title: 'Inspire Customer Happiness' },
  { path: '/marketing', title: 'Marketing' },
  { path: '/ambassadors', title: 'Ambassadors' },
  { path: '/payment', title: 'Payment' },
  { path: '/paymentHistory', title: 'Payment History' },
  { path: '/reports', title: 'Reports' },
  { path: '/settings', title: 'Settings' },
  { path: '/settingsbilling', title: 'Billing' },
  { path: '/supplies', title: 'Supplies' },
  { path: '/upgrade', title: 'Upgrade' },
  { path: '/activate', title: 'Account Setup' },
  { path: '/signup-package', title: 'Choose Your Plan' },
  { path: '/selling', title: 'Live Selling' },
  { path: '/help', title: 'Help' },
];
