/**
 * Many customers of one seller, written in bulk (with their search terms), for the search scale test and bench.
 * Every 400th is a Quincy (25 in 10,000); the rest share 16 first and 12 last names.
 */
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivy', 'Jon', 'Kai', 'Lena', 'Milo', 'Nia', 'Otto', 'Pia'];
const LAST = ['Baker', 'Carter', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moore'];

export async function seedManyCustomers(sellerId: string, count: number): Promise<void> {
  const { putCustomerTerms } = await import('../../functions/data/customers.js');
  const { customerEntity } = await import('../../functions/data/entities.js');
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  await createSellerProfile({ sellerId, email: `${sellerId}@example.com`, name: 'Many Customers' });
  const customers = Array.from({ length: count }, (_, i) => ({
    sellerId,
    customerId: `c${String(i).padStart(5, '0')}`,
    firstName: i % 400 === 7 ? 'Quincy' : FIRST[i % FIRST.length]!,
    lastName: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
    email: `customer${i}@mail.test`,
    phone: `512${String(1_000_000 + i)}`,
  }));
  const { unprocessed } = await customerEntity().put(customers).go({ concurrency: 4 });
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} customers were not written`);
  await putCustomerTerms(sellerId, customers);
}
