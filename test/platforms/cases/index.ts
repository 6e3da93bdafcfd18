import type { PlatformCase } from '../platform-case.js';
import { ebay } from './ebay.js';
import { etsy } from './etsy.js';
import { shopify } from './shopify.js';
import { woocommerce } from './woocommerce.js';

export const CASES: PlatformCase[] = [shopify, woocommerce, etsy, ebay];
