import { consultantEntity } from './entities.js';

/** The seller closed the walkthrough: kept on the profile, so it stays closed on every device. */
export async function markWalkthroughClosed(sellerId: string): Promise<void> {
  await consultantEntity.patch({ sellerId }).set({ walkthroughClosed: true }).go();
}
