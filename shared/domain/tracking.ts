/**
 * The carrier's public tracking page for a tracking number: what a "shipped" email links to (issue 15). Only the
 * carriers labels are bought from (functions/domain/rates.ts); another carrier has no link rather than a wrong one.
 */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FEDEX: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${n}`,
};

/** The tracking page of `trackingNumber` at `carrier` (any case), or undefined when either is unknown or blank. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | undefined {
  const page = carrier ? TRACKING_PAGES[carrier.trim().toUpperCase()] : undefined;
  // Tracking numbers are letters and digits; spaces a seller typed are dropped, anything else is not trusted in a URL.
  const number = trackingNumber?.replace(/\s+/g, '');
  if (!page || !number || !/^[A-Za-z0-9]{1,64}$/.test(number)) return undefined;
  return page(number);
}

/** A shipped email's text with its tracking link: as written when the template has it, else on a line of its own. */
export function withTrackingLink(text: string, link: string | undefined): string {
  if (!link || text.includes(link)) return text;
  return `${text.trimEnd()}\n\nTrack your package: ${link}`;
}

/** How many of a tracking number's last characters a table shows: enough to tell two packages apart. */
export const TRACKING_TAIL = 8;

/**
 * A tracking number as a table cell shows it: its last characters after an ellipsis when it is long (USPS's are 22
 * digits, which broke into four lines and pushed the orders table past a laptop's width); the whole number elsewhere.
 */
export function shortTracking(trackingNumber: string): string {
  const number = trackingNumber.trim();
  return number.length > TRACKING_TAIL + 4 ? `…${number.slice(-TRACKING_TAIL)}` : number;
}
