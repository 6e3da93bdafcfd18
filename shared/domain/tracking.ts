/**
 * The carrier's public tracking page for a tracking number (issue 15: the follow-up's and the shipped email's
 * {{trackingLink}}), the same in the send email modal's preview and in the sent email. Undefined for a carrier we
 * know no page of, or no number: the merge field then reads its default.
 */
const TRACKING_PAGES: Readonly<Record<string, (n: string) => string>> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FEDEX: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}`,
};

/** Tracking numbers are letters and digits; anything else (spaces an import kept) is dropped before it goes in a URL. */
const cleanNumber = (n: string) => n.replace(/[^A-Za-z0-9]/g, '');

export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | undefined {
  const number = cleanNumber(trackingNumber ?? '');
  if (!number) return undefined;
  const page = TRACKING_PAGES[(carrier ?? '').trim().toUpperCase().replace(/\s+/g, '')];
  return page?.(encodeURIComponent(number));
}
