/** The side navigation of spec section 2. */
export interface NavItem {
  to: string;
  label: string;
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/homepage', label: 'Home' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/orders', label: 'Orders' },
  { to: '/customers', label: 'Customers' },
  { to: '/rewards', label: 'Rewards' },
  { to: '/marketing', label: 'Marketing' },
  { to: '/ambassadors', label: 'Ambassadors' },
  { to: '/payment', label: 'Payment' },
  { to: '/reports', label: 'Reports' },
  { to: '/settings', label: 'Settings' },
  { to: '/supplies', label: 'Supplies' },
  { to: '/upgrade', label: 'Upgrade' },
];

/** Help menu (spec section 2): each goes to its part of the help screen. */
export const HELP_NAV: readonly NavItem[] = [
  { to: '/help', label: 'Help Center' },
  { to: '/help#chat', label: 'Live Chat' },
  { to: '/help#ticket', label: 'Email Ticket' },
  { to: '/help#phone', label: 'Phone Support' },
  { to: '/help#whats-new', label: "What's New" },
];
