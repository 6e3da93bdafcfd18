import { createSellerProfile, getSellerProfile, newSellerProfile, type SellerProfile } from '../data/sellers.js';
import { markWalkthroughClosed } from '../data/seller-onboarding.js';

export type { SellerProfile };

/** Who signed in, as the verified token tells it. */
export interface SignedIn {
  sellerId: string;
  email?: string;
  name?: string;
}

/**
 * The seller's profile; a first sign-in creates it from the token's email and name, with no plan: the seller
 * chooses one at /signup-package (the plan gate refuses everything else until then). With `store`
 * false (a function that may only read the table) the new profile is answered without being stored: the first call
 * that writes stores it.
 */
export async function sellerFor(who: SignedIn, options: { store: boolean } = { store: true }): Promise<SellerProfile> {
  const found = await getSellerProfile(who.sellerId);
  if (found) return found;
  const seller = { sellerId: who.sellerId, email: who.email ?? '', name: who.name ?? who.email ?? 'Seller' };
  return options.store ? createSellerProfile(seller) : newSellerProfile(seller);
}

/** The seller closed the walkthrough: it stays closed on every device. */
export async function closeWalkthrough(sellerId: string): Promise<{ success: true }> {
  await markWalkthroughClosed(sellerId);
  return { success: true };
}
