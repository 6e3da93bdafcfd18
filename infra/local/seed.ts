import { DEMO } from '../definitions.js';
import { demoData, demoProducts } from './demo-data.js';

/**
 * Seeds the demo seller once: its profile, 60 customers and 220 orders. Imported after the local cloud has set
 * the function environment, since the data layer reads it at load.
 */
export async function seedDemo({ sellerId }: { sellerId: string }): Promise<{ seeded: boolean }> {
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  const { customerEntity, orderEntity, consultantEntity } = await import('../../functions/data/entities.js');
  const { putCustomerTerms, reindexCustomerTerms } = await import('../../functions/data/customers.js');
  const profile = await createSellerProfile({
    sellerId,
    email: DEMO.email,
    name: DEMO.name,
    businessName: DEMO.businessName,
    plan: DEMO.plan,
  });
  await seedDemoShipping(sellerId, profile.returnAddress);
  await seedDemoCatalogue(sellerId);
  if (profile.orderCount > 0 || profile.customerCount > 0) {
    // Data kept in .local/ from before customer search existed has no search terms yet.
    await reindexCustomerTerms(sellerId);
    return { seeded: false };
  }

  const { customers, orders } = demoData({ customers: 60, orders: 220, now: new Date() });
  const written = [
    await customerEntity().put(customers.map((c) => ({ ...c, sellerId, source: 'demo' as const }))).go(),
    await orderEntity().put(orders.map((o) => ({ ...o, sellerId }))).go(),
  ];
  if (written.some((w) => w.unprocessed.length > 0)) throw new Error('Demo seed: some items were not written');
  await putCustomerTerms(sellerId, customers);
  const { putOrderNumbers } = await import('../../functions/data/orders.js');
  await putOrderNumbers(sellerId, orders);
  // The reports and the dashboard read aggregates, not orders: the seed adds what its orders would have.
  const { recordOrderWrites } = await import('../../functions/reports/aggregates.js');
  await recordOrderWrites(sellerId, orders.map((after) => ({ after })));
  await consultantEntity()
    .patch({ sellerId })
    // The setup steps the seed itself did (the business name, the return address of seedDemoShipping): /activate
    // shows the demo seller's real state, so no platform is said to be connected.
    .set({ customerCount: customers.length, orderCount: orders.length, onboarding: { businessName: true, address: true } })
    .go();
  return { seeded: true };
}

/** The demo seller can buy labels at once: a return address and $100 of postage (issue 4), each set only once. */
async function seedDemoShipping(sellerId: string, returnAddress: unknown) {
  const { consultantEntity } = await import('../../functions/data/entities.js');
  const { creditPostage, getPostage } = await import('../../functions/data/postage.js');
  if (!returnAddress) {
    await consultantEntity()
      .patch({ sellerId })
      .set({ returnAddress: { name: DEMO.name, company: DEMO.businessName, address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' } })
      .go();
  }
  if ((await getPostage(sellerId)).balanceCents === 0) await creditPostage(sellerId, 10_000);
}

/** The demo products (issue 4), also for data kept in .local/ from before the catalogue existed. */
async function seedDemoCatalogue(sellerId: string) {
  const { getProduct, saveProduct } = await import('../../functions/data/products.js');
  const products = demoProducts();
  if (await getProduct(sellerId, products[0]?.productId ?? '')) return;
  for (const product of products) await saveProduct(sellerId, product);
}
