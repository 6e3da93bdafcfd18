import type { SettingsSave } from '../../shared/schemas/settings.js';
import { consultantEntity, type ONBOARDING_STEPS } from './entities.js';

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type Onboarding = Partial<Record<OnboardingStep, boolean>>;

/**
 * Saves the sections the seller sent, on the profile item, with the onboarding steps they complete in the same
 * write (the progress banner reads the profile). A section replaces what was there: the form sends it whole.
 * `onboarding` is the whole map after the save (DynamoDB cannot set a field of a map the item may not have yet).
 */
export async function saveSellerSettings(sellerId: string, values: SettingsSave, onboarding: Onboarding): Promise<void> {
  const { shipping, ...rest } = values;
  await consultantEntity()
    .patch({ sellerId })
    .set({ ...rest, ...(shipping ? { shippingDefaults: shipping } : {}), onboarding })
    .go();
}
