import type { EmailStatus } from '../schemas/email.js';

/**
 * What /customers says of a customer's email (issue 15): the server decides whether an email goes (functions/domain/
 * email.ts); the screens show the reason one would not, in the seller's words.
 */

/** Marketplaces whose terms forbid marketing email to their buyers: never, whatever the customer says. */
export const MARKETPLACE_SOURCES: readonly string[] = ['etsy', 'ebay', 'amazon'];

export interface EmailBadge {
  label: 'Bounced' | 'Complained' | 'Unsubscribed' | 'No marketing';
  /** Bootstrap colour: nothing reaches a bounced or complained address; the others still get order emails. */
  variant: 'danger' | 'warning' | 'secondary';
  /** The longer reason (a tooltip, a screen reader). */
  title: string;
}

/** The badge of a customer, or undefined when marketing email reaches them (or they have no address). */
export function emailBadge(c: { email?: string | null; emailStatus?: EmailStatus; source?: string; marketingAllowed?: boolean }): EmailBadge | undefined {
  if (!c.email?.trim()) return undefined;
  if (c.emailStatus === 'bounced') return { label: 'Bounced', variant: 'danger', title: 'Email to this address bounced: no email is sent to it.' };
  if (c.emailStatus === 'complained') {
    return { label: 'Complained', variant: 'danger', title: 'This customer marked an email as spam: no email is sent to them.' };
  }
  if (c.emailStatus === 'unsubscribed') {
    return { label: 'Unsubscribed', variant: 'warning', title: 'Unsubscribed from marketing email; order emails still reach them.' };
  }
  if ((c.source && MARKETPLACE_SOURCES.includes(c.source)) || c.marketingAllowed === false) {
    return { label: 'No marketing', variant: 'secondary', title: 'A marketplace buyer or not opted in: order emails only, no marketing.' };
  }
  return undefined;
}
