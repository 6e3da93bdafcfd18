import Cookies from 'js-cookie';
import type { Plan } from '../../../shared/domain/plans';
import { packageFromUrl } from '../../../shared/schemas/billing';

/**
 * Spec section 9: the seller's annual choice is kept 30 days (`annualSub`) and the chosen package 365 days
 * (`package`), so /upgrade and the billing form start from them when the address names none.
 */
export function rememberAnnual(annual: boolean) {
  Cookies.set('annualSub', String(annual), { expires: 30 });
}

export function rememberPackage(plan: Plan) {
  Cookies.set('package', plan, { expires: 365 });
}

export function rememberedAnnual(): boolean | undefined {
  const value = Cookies.get('annualSub');
  return value === undefined ? undefined : value === 'true';
}

/** Only the three plans are taken from the cookie, as from the address bar (spec section 5). */
export function rememberedPackage(): Plan | undefined {
  return packageFromUrl(Cookies.get('package'));
}
