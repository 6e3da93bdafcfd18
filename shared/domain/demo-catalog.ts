/**
 * Names, places and products of the demo: the local seed (infra/local/demo-data.ts) and the demo platform
 * connector draw from the same lists with a seeded PRNG, so demo data is identical on every machine.
 */

export const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mia', 'Sophia', 'Isabella', 'Harper', 'Amelia', 'Ella', 'Grace',
  'Chloe', 'Lucas', 'Mason', 'Ethan', 'Abigail', 'Emily', 'Madison', 'Avery', 'Lily', 'Hannah', 'Nora', 'Zoe', 'Riley'];
export const LAST = ['Johnson', 'Martinez', 'Nguyen', 'Patel', 'Robinson', 'Walker', 'Hughes', 'Bennett', 'Foster', 'Reyes',
  'Coleman', 'Jenkins', 'Perry', 'Powell', 'Long', 'Butler', 'Simmons', 'Flores', 'Russell', 'Griffin', 'Hayes', 'Myers'];
export const PLACES: Array<[string, string, string]> = [
  ['Austin', 'TX', '78701'], ['Boise', 'ID', '83702'], ['Columbus', 'OH', '43215'], ['Denver', 'CO', '80202'],
  ['Raleigh', 'NC', '27601'], ['Tampa', 'FL', '33602'], ['Madison', 'WI', '53703'], ['Spokane', 'WA', '99201'],
  ['Omaha', 'NE', '68102'], ['Nashville', 'TN', '37203'], ['Sacramento', 'CA', '95814'], ['Portland', 'ME', '04101'],
  ['Tucson', 'AZ', '85701'], ['Richmond', 'VA', '23219'], ['Provo', 'UT', '84601'], ['Des Moines', 'IA', '50309'],
];
export const STREETS = ['Maple Ave', 'Oak St', 'Cedar Ln', 'Willow Dr', 'Birch Rd', 'Elm St', 'Juniper Ct', 'Aspen Way', 'Lakeview Dr'];
export const PRODUCTS: Array<[string, string, number]> = [
  ['CND-LAV', 'Lavender Fields Soy Candle', 24],
  ['CND-VAN', 'Vanilla Bean Soy Candle', 24],
  ['SKN-SER', 'Vitamin C Brightening Serum', 38],
  ['SKN-MST', 'Hydrating Face Mist', 22],
  ['OIL-PEP', 'Peppermint Essential Oil 15 ml', 18],
  ['OIL-EUC', 'Eucalyptus Essential Oil 15 ml', 16],
  ['KIT-SPC', 'Everyday Spice Trio', 29],
  ['KIT-BRD', 'Bamboo Cutting Board', 34],
  ['LEG-BLK', 'Buttery Soft Leggings, Black', 25],
  ['LEG-FLR', 'Buttery Soft Leggings, Floral', 25],
  ['JWL-NKL', 'Birthstone Pendant Necklace', 42],
  ['BAG-TTE', 'Canvas Market Tote', 30],
];

/** mulberry32: a tiny seeded PRNG, so the demo is identical everywhere. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
