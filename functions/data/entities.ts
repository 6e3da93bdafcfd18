import { Entity, Service } from 'electrodb';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';
import { PACKAGES } from '../../shared/domain/plans.js';
import { PLATFORMS } from '../../shared/domain/platforms.js';
import { customerMergeEntity, customerTermEntity } from './customer-index.js';
import { deliveryClaimEntity, labelBatchEntity, labelBatchOrderEntity, labelEntity, postageEntity, shipmentMonthEntity } from './shipping-entities.js';
import { billingEntity, chargeEntity, usedTokenEntity } from './payments.js';
import { productEntity, productTermEntity } from './product-entities.js';
import { orderNumberEntity } from './order-index.js';

/**
 * The single table, modelled with ElectroDB. Every partition key starts with CONSULTANT#<sellerId>,
 * so no query can read across sellers. Access patterns: docs/data-model.md.
 */
const table = config.TABLE_NAME;
const client = documentClient;
const service = 'desk';

const seller = () => ({ field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' }) as const;

const now = () => new Date().toISOString();
const timestamps = {
  createdAt: { type: 'string', readOnly: true, required: true, default: now },
  updatedAt: { type: 'string', required: true, default: now, set: now, watch: '*' },
} as const;

const address = {
  type: 'map',
  properties: {
    name: { type: 'string' },
    company: { type: 'string' },
    address1: { type: 'string' },
    address2: { type: 'string' },
    address3: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zip: { type: 'string' },
    country: { type: 'string' },
    phone: { type: 'string' },
  },
} as const;

export const ONBOARDING_STEPS = ['platform', 'businessName', 'personalization', 'address', 'billing', 'ups'] as const;

export const consultantEntity = new Entity(
  {
    model: { entity: 'consultant', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true },
      name: { type: 'string', required: true },
      businessName: { type: 'string' },
      package: { type: PACKAGES, required: true, default: 'starter' },
      annual: { type: 'boolean', required: true, default: false },
      trialEndsAt: { type: 'string' },
      phone: { type: 'string' },
      returnAddress: address,
      settings: { type: 'map', properties: { timezone: { type: 'string' }, logoUrl: { type: 'string' } } },
      onboarding: {
        type: 'map',
        properties: Object.fromEntries(ONBOARDING_STEPS.map((s) => [s, { type: 'boolean' }])) as Record<
          (typeof ONBOARDING_STEPS)[number],
          { type: 'boolean' }
        >,
      },
      socialLogin: { type: 'boolean', default: false },
      achDisabled: { type: 'boolean', default: false },
      walkthroughClosed: { type: 'boolean', default: false },
      /** Kept by the repositories in the same transaction as the item they count: the dashboard reads one item. */
      customerCount: { type: 'number', required: true, default: 0 },
      orderCount: { type: 'number', required: true, default: 0 },
      ...timestamps,
    },
    indexes: {
      profile: {
        pk: seller(),
        sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
      },
    },
  },
  { client, table },
);

export const customerEntity = new Entity(
  {
    model: { entity: 'customer', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      customerId: { type: 'string', required: true, readOnly: true },
      firstName: { type: 'string', required: true },
      lastName: { type: 'string', required: true },
      email: { type: 'string' },
      birthday: { type: 'string' },
      phone: { type: 'string' },
      address1: { type: 'string' },
      address2: { type: 'string' },
      address3: { type: 'string' },
      city: { type: 'string' },
      state: { type: 'string' },
      zip: { type: 'string' },
      country: { type: 'string', required: true, default: 'US' },
      company: { type: 'string' },
      rewardBalance: { type: 'number', required: true, default: 0 },
      totalSpend: { type: 'number', required: true, default: 0 },
      isNew: { type: 'boolean', required: true, default: true },
      /** Where the customer came from; marketplaces forbid marketing email to their buyers. */
      source: { type: ['manual', 'csv', ...PLATFORMS, 'demo'] as const, required: true, default: 'manual' },
      marketingAllowed: { type: 'boolean', required: true, default: true },
      /** Set when merged into another customer: the kept customer's id. */
      mergedInto: { type: 'string' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: seller(),
        sk: { field: 'sk', composite: ['customerId'], template: 'CUSTOMER#${customerId}', casing: 'none' },
      },
      byName: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#CUSTOMERS', casing: 'none' },
        sk: {
          field: 'gsi1sk',
          composite: ['lastName', 'firstName', 'customerId'],
          template: '${lastName}#${firstName}#${customerId}',
          casing: 'lower',
        },
      },
    },
  },
  { client, table },
);

export const ORDER_STATUSES = ['pending', 'unshipped', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderEntity = new Entity(
  {
    model: { entity: 'order', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      orderId: { type: 'string', required: true, readOnly: true },
      orderNumber: { type: 'string', required: true },
      customerId: { type: 'string', required: true },
      customerName: { type: 'string', required: true },
      orderDate: { type: 'string', required: true },
      status: { type: ORDER_STATUSES, required: true, default: 'unshipped' },
      items: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            sku: { type: 'string' },
            name: { type: 'string', required: true },
            quantity: { type: 'number', required: true },
            price: { type: 'number', required: true },
          },
        },
      },
      subtotal: { type: 'number', required: true },
      shipping: { type: 'number', required: true, default: 0 },
      tax: { type: 'number', required: true, default: 0 },
      total: { type: 'number', required: true },
      shipTo: address,
      weightOz: { type: 'number' },
      platform: { type: ['manual', 'csv', 'live', ...PLATFORMS, 'demo'] as const, required: true, default: 'manual' },
      platformOrderId: { type: 'string' },
      carrier: { type: 'string' },
      service: { type: 'string' },
      trackingNumber: { type: 'string' },
      labelId: { type: 'string' },
      followUpEmailSent: { type: 'boolean', required: true, default: false },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: seller(),
        sk: { field: 'sk', composite: ['orderId'], template: 'ORDER#${orderId}', casing: 'none' },
      },
      byDate: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#ORDERS', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['orderDate', 'orderId'], template: '${orderDate}#${orderId}', casing: 'none' },
      },
      byCustomer: {
        index: 'gsi2',
        pk: {
          field: 'gsi2pk',
          composite: ['sellerId', 'customerId'],
          template: 'CONSULTANT#${sellerId}#CUSTOMER#${customerId}',
          casing: 'none',
        },
        sk: { field: 'gsi2sk', composite: ['orderDate', 'orderId'], template: '${orderDate}#${orderId}', casing: 'none' },
      },
    },
  },
  { client, table },
);

export const CSV_JOB_STATUSES = ['uploading', 'syncing', 'complete', 'failed'] as const;

export const csvJobEntity = new Entity(
  {
    model: { entity: 'csvJob', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      jobId: { type: 'string', required: true, readOnly: true },
      kind: { type: ['orders', 'customers'] as const, required: true },
      fileName: { type: 'string', required: true },
      fileHash: { type: 'string', required: true },
      s3Key: { type: 'string' },
      format: { type: 'string' },
      status: { type: CSV_JOB_STATUSES, required: true, default: 'uploading' },
      rowsDone: { type: 'number', required: true, default: 0 },
      rowsTotal: { type: 'number' },
      ordersCreated: { type: 'number', required: true, default: 0 },
      ordersUpdated: { type: 'number', required: true, default: 0 },
      customersCreated: { type: 'number', required: true, default: 0 },
      customersUpdated: { type: 'number', required: true, default: 0 },
      errors: {
        type: 'list',
        items: {
          type: 'map',
          properties: { line: { type: 'number', required: true }, reason: { type: 'string', required: true } },
        },
      },
      failureReason: { type: 'string' },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: seller(),
        sk: { field: 'sk', composite: ['jobId'], template: 'CSVJOB#${jobId}', casing: 'none' },
      },
      byHash: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#CSVHASH', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['fileHash'], template: '${fileHash}', casing: 'none' },
      },
    },
  },
  { client, table },
);

export const REWARD_ICONS = [
  'fa-star',
  'fa-heart',
  'fa-gift',
  'fa-crown',
  'fa-gem',
  'fa-trophy',
  'fa-smile',
  'fa-sun',
  'fa-moon',
  'fa-bolt',
  'fa-leaf',
  'fa-fire',
  'fa-snowflake',
  'fa-music',
  'fa-coffee',
  'fa-paw',
  'fa-rocket',
  'fa-medal',
] as const;

export const rewardSettingsEntity = new Entity(
  {
    model: { entity: 'rewardSettings', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      startDate: { type: 'string' },
      goalCount: { type: 'number', required: true, default: 10 },
      goalType: { type: ['items', 'dollars'] as const, required: true, default: 'items' },
      rewardText: { type: 'string' },
      icon: { type: REWARD_ICONS, required: true, default: 'fa-star' },
      active: { type: 'boolean', required: true, default: false },
      notAvailable: { type: 'boolean', required: true, default: false },
      announcementSent: { type: 'boolean', required: true, default: false },
      sendRewardsEmail: { type: 'boolean', required: true, default: true },
      ...timestamps,
    },
    indexes: {
      settings: {
        pk: seller(),
        sk: { field: 'sk', composite: [], template: 'REWARDS#SETTINGS', casing: 'none' },
      },
    },
  },
  { client, table },
);

export const desk = new Service(
  {
    consultant: consultantEntity,
    customer: customerEntity,
    order: orderEntity,
    csvJob: csvJobEntity,
    rewardSettings: rewardSettingsEntity,
    customerTerm: customerTermEntity,
    customerMerge: customerMergeEntity,
    postage: postageEntity,
    label: labelEntity,
    labelBatch: labelBatchEntity,
    labelBatchOrder: labelBatchOrderEntity,
    shipmentMonth: shipmentMonthEntity,
    deliveryClaim: deliveryClaimEntity,
    billing: billingEntity,
    charge: chargeEntity,
    usedToken: usedTokenEntity,
    product: productEntity, productTerm: productTermEntity, orderNumber: orderNumberEntity,
  },
  { client, table },
);
