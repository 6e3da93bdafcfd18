import type { PlatformCase } from '../platform-case.js';
import { controlpad } from './controlpad.js';
import { ebay } from './ebay.js';
import { etsy } from './etsy.js';
import { exigo } from './exigo.js';
import { paypal } from './paypal.js';
import { shopify } from './shopify.js';
import { square } from './square.js';
import { squarespace } from './squarespace.js';
import { tiktok } from './tiktok.js';
import { wix } from './wix.js';
import { woocommerce } from './woocommerce.js';

/** One case per platform of spec section 7. */
export const CASES: PlatformCase[] = [shopify, woocommerce, etsy, ebay, square, paypal, wix, squarespace, tiktok, exigo, controlpad];
