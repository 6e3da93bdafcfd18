/** What's New: the releases a seller reads about, newest first. The status feed's lastFeatureRelease names the newest. */
export interface Release {
  date: string;
  title: string;
  items: readonly string[];
}

export const RELEASES: readonly Release[] = [
  {
    date: '2026-11-25',
    title: 'Help center, support and service status',
    items: [
      'A searchable help center about every screen.',
      'Email tickets with an instant confirmation; live chat and phone support for Executive.',
      'A notice at the top of the screen during an outage, and a banner when a new version is ready.',
    ],
  },
  {
    date: '2026-11-10',
    title: 'Discounts, campaigns and automated emails',
    items: ['Add Discount for items, quantities and buy one get one.', 'Email Campaigns and Automated Emails on Marketing.'],
  },
  {
    date: '2026-10-20',
    title: 'Batch Purchase and USPS pickup',
    items: ['Buy labels for many orders at once.', 'Request a USPS pickup from Orders.'],
  },
];
