import { createSellerProfile, getSellerProfile, type SellerProfile } from '../data/sellers.js';
import { markWalkthroughClosed } from '../data/seller-onboarding.js';

export type { SellerProfile };

/** Who signed in, as the verified token tells it. */
export interface SignedIn {
  sellerId: string;
  email?: string;
  name?: string;
}

/** The seller's profile; a first sign-in creates it (starter plan) from the token's email and name. */
export async function sellerFor(who: SignedIn): Promise<SellerProfile> {
  return (
    (await getSellerProfile(who.sellerId)) ??
    (await createSellerProfile({ sellerId: who.sellerId, email: who.email ?? '', name: who.name ?? who.email ?? 'Seller' }))
  );
}

/** The seller closed the walkthrough: it stays closed on every device. */
export async function closeWalkthrough(sellerId: string): Promise<{ success: true }> {
  await markWalkthroughClosed(sellerId);
  return { success: true };
}
