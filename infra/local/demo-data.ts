import { FIRST, LAST, PLACES, PRODUCTS, prng, STREETS } from '../../shared/domain/demo-catalog.js';
import { type OrderStatus, orderTotals, type PostalAddress } from '../../shared/domain/orders.js';

/**
 * Deterministic demo data: the same seller, customers and orders on every machine, so screenshots,
 * tests and bug reports agree.
 */

const ORDER_SOURCES = ['shopify', 'etsy', 'live', 'manual', 'woocommerce', 'square'] as const;
/** Weighted: most demo orders are shipped or waiting to be. */
const STATUSES: readonly OrderStatus[] = ['unshipped', 'unshipped', 'pending', 'shipped', 'shipped', 'shipped', 'delivered', 'delivered', 'cancelled'];

export interface DemoCustomer {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday?: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  rewardBalance: number;
  totalSpend: number;
  isNew: boolean;
}

export interface DemoOrder {
  orderId: string;
  orderNumber: string;
  customerId: string;
  customerName: string;
  orderDate: string;
  status: OrderStatus;
  items: Array<{ sku: string; name: string; quantity: number; price: number }>;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  platform: (typeof ORDER_SOURCES)[number];
  platformOrderId?: string;
  carrier?: string;
  service?: string;
  trackingNumber?: string;
  followUpEmailSent: boolean;
  weightOz: number;
  shipTo: PostalAddress;
}

const cents = (n: number) => Math.round(n * 100) / 100;

export function demoData(options: { customers: number; orders: number; now: Date }) {
  const rand = prng(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  const customers: DemoCustomer[] = [];
  for (let i = 1; i <= options.customers; i++) {
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const [city, state, zip] = pick(PLACES);
    customers.push({
      customerId: `demo-customer-${String(i).padStart(3, '0')}`,
      firstName,
      lastName,
      email: `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
      phone: `(555) ${String(200 + Math.floor(rand() * 700))}-${String(1000 + Math.floor(rand() * 8999))}`,
      birthday: rand() < 0.6 ? `${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}/${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}` : undefined,
      address1: `${100 + Math.floor(rand() * 9800)} ${pick(STREETS)}`,
      address2: rand() < 0.2 ? `Apt ${1 + Math.floor(rand() * 40)}` : undefined,
      city,
      state,
      zip,
      country: 'US',
      rewardBalance: 0,
      totalSpend: 0,
      isNew: rand() < 0.15,
    });
  }

  const orders: DemoOrder[] = [];
  const day = 24 * 60 * 60 * 1000;
  for (let i = 1; i <= options.orders; i++) {
    const customer = pick(customers);
    const items = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const [sku, name, price] = pick(PRODUCTS);
      return { sku, name, quantity: 1 + Math.floor(rand() * 2), price };
    });
    const { subtotal } = orderTotals(items);
    const { shipping, tax, total } = orderTotals(items, subtotal >= 75 ? 0 : 6.95, subtotal * 0.0725);
    const status = pick(STATUSES);
    const platform = pick(ORDER_SOURCES);
    const shipped = status === 'shipped' || status === 'delivered';
    const orderDate = new Date(options.now.getTime() - Math.floor(rand() * 180 * day) - Math.floor(rand() * day));
    customer.totalSpend = cents(customer.totalSpend + total);
    customer.rewardBalance += items.reduce((s, it) => s + it.quantity, 0);
    orders.push({
      orderId: `demo-order-${String(i).padStart(4, '0')}`,
      orderNumber: String(10400 + i),
      customerId: customer.customerId,
      customerName: `${customer.firstName} ${customer.lastName}`,
      orderDate: orderDate.toISOString(),
      status,
      items,
      subtotal,
      shipping,
      tax,
      total,
      platform,
      platformOrderId: platform === 'manual' || platform === 'live' ? undefined : `${platform.toUpperCase()}-${880000 + i}`,
      carrier: shipped ? (rand() < 0.7 ? 'USPS' : 'UPS') : undefined,
      service: shipped ? 'Ground Advantage' : undefined,
      trackingNumber: shipped ? `9400${String(Math.floor(rand() * 1e15)).padStart(18, '0')}` : undefined,
      followUpEmailSent: shipped && rand() < 0.5,
      weightOz: 8 + Math.floor(rand() * 40),
      shipTo: {
        name: `${customer.firstName} ${customer.lastName}`,
        address1: customer.address1,
        address2: customer.address2,
        city: customer.city,
        state: customer.state,
        zip: customer.zip,
        country: 'US',
      },
    });
  }
  return { customers, orders };
}

/**
 * The demo seller's product catalogue (the Choose Product modal): the demo products, some on the live-selling list,
 * the skin care from the brand's catalogue, the leggings synced from Shopify, one candle on sale in every stream.
 */
export function demoProducts() {
  return PRODUCTS.map(([sku, name, price], i) => ({
    productId: sku.toLowerCase(),
    name,
    sku,
    price,
    ...(sku === 'CND-VAN' ? { salePrice: 19.5 } : {}),
    selling: i < 6,
    corporate: sku.startsWith('SKN-'),
    source: sku.startsWith('LEG-') ? ('shopify' as const) : ('own' as const),
  }));
}
