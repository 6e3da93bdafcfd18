import type { OnboardingStep } from '../../shared/domain/onboarding.js';
import { consultantEntity } from './entities.js';
import { applied } from './errors.js';

/** The seller closed the walkthrough: kept on the profile, so it stays closed on every device. */
export async function markWalkthroughClosed(sellerId: string): Promise<void> {
  await consultantEntity().patch({ sellerId }).set({ walkthroughClosed: true }).go();
}

/**
 * Marks one onboarding step done on the profile. DynamoDB cannot set a field of a map the item does not have yet,
 * so the field is set where the map exists and the map is created where it does not; each is conditional, and a
 * race between two first steps ends with both set.
 */
export async function markOnboardingStep(sellerId: string, step: OnboardingStep): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inMap = await applied(
      consultantEntity()
        .patch({ sellerId })
        .data((a, { set }) => set(a.onboarding[step], true))
        .where((a, { exists }) => exists(a.onboarding))
        .go(),
    );
    if (inMap) return;
    const created = await applied(
      consultantEntity()
        .patch({ sellerId })
        .set({ onboarding: { [step]: true } })
        .where((a, { notExists }) => notExists(a.onboarding))
        .go(),
    );
    if (created) return;
  }
}
