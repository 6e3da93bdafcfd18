import { z } from 'zod';
import { boolParam, cursorParam } from './common.js';

/** The Choose Product modal's searches (spec section 7, Products). */
export const productKeyword = z.string().trim().max(100, 'Search for at most 100 characters.').optional();
export const streamIdParam = z.string().trim().max(100, 'That live stream id is not valid.').optional();

/** `/{controller}/products`: one platform's catalogue, by keyword or whole, the brand's or the seller's own. */
export const catalogueQuery = z.object({ searchKeyword: productKeyword, isCorporate: boolParam.optional(), cursor: cursorParam });
