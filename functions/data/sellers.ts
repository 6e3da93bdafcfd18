import type { Package } from '../../shared/domain/plans.js';
import { consultantEntity } from './entities.js';
import { applied } from './errors.js';
import { profileKey } from './item-keys.js';
import { entityTogether } from './items-together.js';

export type SellerProfile = Awaited<ReturnType<typeof getSellerProfile>> & {};

export interface NewSeller {
  sellerId: string;
  email: string;
  name: string;
  businessName?: string;
  plan?: Package;
}

const newProfileItem = (seller: NewSeller) =>
  consultantEntity().create({
    sellerId: seller.sellerId,
    email: seller.email,
    name: seller.name,
    businessName: seller.businessName,
    // A new account has no plan until the seller chooses one (spec section 4's Start Plan).
    package: seller.plan,
  });

/**
 * The profile createSellerProfile would store, built by the entity (its defaults and timestamps) without writing:
 * for a function that may only read the table.
 */
export function newSellerProfile(seller: NewSeller): SellerProfile {
  const { Item } = newProfileItem(seller).params<{ Item: Record<string, unknown> }>();
  return consultantEntity().parse({ Item }).data!;
}

/** Creates the profile once; a second call for the same seller leaves the first in place. */
export async function createSellerProfile(seller: NewSeller) {
  await applied(newProfileItem(seller).go());
  return (await getSellerProfile(seller.sellerId))!;
}

/** The profile, read with the turn's other items (the plan gate's read beside a call's first read). */
export async function getSellerProfile(sellerId: string) {
  return entityTogether(consultantEntity(), profileKey(sellerId));
}

export async function setSellerPlan(sellerId: string, plan: Package) {
  await consultantEntity().patch({ sellerId }).set({ package: plan }).go();
}

/** The counters the dashboard shows; changed only together with the items they count. */
export function countChange(sellerId: string, change: { customers?: number; orders?: number }) {
  return consultantEntity().patch({ sellerId }).add({
    customerCount: change.customers ?? 0,
    orderCount: change.orders ?? 0,
  });
}
