import type { RouteOf } from '../../shared/api/routes.js';
import { parseUsAddress } from '../domain/address-parse.js';
import { ValidationError } from './errors.js';
import { type Action, httpHandler } from './http-handler.js';

const parseAddress: Action<RouteOf<'orders.parseAddress'>> = async ({ query }) => {
  const result = parseUsAddress(query.address);
  if (!result.ok) throw new ValidationError({ address: result.message });
  return result.address;
};

/** Orders routes; the ones not mapped here answer 501 until their feature is built (npm run routes). */
export const handler = httpHandler('orders', {
  'orders.parseAddress': parseAddress,
});
