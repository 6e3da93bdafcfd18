import { isOwnLook, type SettingsAnswer, type SettingsSave } from '../../shared/schemas/settings.js';
import { type Onboarding, saveSellerSettings } from '../data/seller-settings.js';
import { getSellerProfile, type SellerProfile } from '../data/sellers.js';
import { checkAddress } from '../domain/address-check.js';
import { InvalidInput } from '../domain/errors.js';

/** The settings as /settings shows them, from the seller's profile. */
export function settingsOf(seller: SellerProfile): SettingsAnswer {
  const shipping = seller.shippingDefaults;
  return {
    businessName: seller.businessName ?? null,
    personalization: seller.personalization ?? {},
    returnAddress: seller.returnAddress ?? null,
    senderName: seller.senderName ?? null,
    replyTo: seller.replyTo ?? null,
    automaticFollowUp: seller.automaticFollowUp ?? false,
    shipping: {
      ...(shipping?.defaultService ? { defaultService: shipping.defaultService as SettingsAnswer['shipping']['defaultService'] } : {}),
      labelFormat: shipping?.labelFormat === 'letter' ? 'letter' : '4x6',
      ...(shipping?.parcel?.weightOz ? { parcel: shipping.parcel as NonNullable<SettingsAnswer['shipping']['parcel']> } : {}),
    },
    ups: upsInfoOf(seller),
  };
}

/** The seller's own UPS account (`GET /UPS/getConsultantInfo`): linked when its number is on file. */
export function upsInfoOf(seller: SellerProfile) {
  return seller.upsAccountNumber ? { linked: true, accountNumber: seller.upsAccountNumber } : { linked: false };
}

/** Which onboarding steps (spec section 4's six) a save completes: what the seller filled in, not merely sent. */
function completedSteps(values: SettingsSave, before: Onboarding): Onboarding {
  const after = { ...before };
  if (values.businessName) after.businessName = true;
  if (isOwnLook(values.personalization)) after.personalization = true;
  if (values.returnAddress) after.address = true;
  if (values.upsAccountNumber) after.ups = true;
  return after;
}

/**
 * Saves what the seller sent. The return address is the from address of every label, so it must pass the same
 * check a ship-to does; the automatic follow-up gate is the route's (spec section 6), before this runs.
 */
export async function saveSettings(seller: SellerProfile, values: SettingsSave): Promise<SettingsAnswer> {
  if (values.returnAddress) {
    const check = checkAddress(values.returnAddress);
    if (!check.ok) throw new InvalidInput(Object.fromEntries(Object.entries(check.errors).map(([f, m]) => [`returnAddress.${f}`, m])));
  }
  await saveSellerSettings(seller.sellerId, values, completedSteps(values, seller.onboarding ?? {}));
  return settingsOf((await getSellerProfile(seller.sellerId)) ?? seller);
}
