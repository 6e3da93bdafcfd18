import type { Parcel, ServiceCode } from '../../shared/schemas/shipping.js';

/** The sandbox carrier's price list: deterministic, so tests and the browser see the same numbers. */
export interface ServiceInfo {
  code: ServiceCode;
  carrier: 'USPS' | 'UPS';
  name: string;
  days: number;
  baseCents: number;
  perZoneCents: number;
  perPoundCents: number;
}

export const SERVICE_INFO: Record<ServiceCode, ServiceInfo> = {
  usps_ground_advantage: { code: 'usps_ground_advantage', carrier: 'USPS', name: 'USPS Ground Advantage', days: 5, baseCents: 450, perZoneCents: 35, perPoundCents: 90 },
  usps_priority: { code: 'usps_priority', carrier: 'USPS', name: 'Priority Mail', days: 3, baseCents: 850, perZoneCents: 60, perPoundCents: 120 },
  usps_priority_express: { code: 'usps_priority_express', carrier: 'USPS', name: 'Priority Mail Express', days: 1, baseCents: 2850, perZoneCents: 180, perPoundCents: 250 },
  ups_ground: { code: 'ups_ground', carrier: 'UPS', name: 'UPS Ground', days: 5, baseCents: 1050, perZoneCents: 55, perPoundCents: 95 },
  ups_3_day_select: { code: 'ups_3_day_select', carrier: 'UPS', name: 'UPS 3 Day Select', days: 3, baseCents: 1850, perZoneCents: 120, perPoundCents: 160 },
  ups_2nd_day_air: { code: 'ups_2nd_day_air', carrier: 'UPS', name: 'UPS 2nd Day Air', days: 2, baseCents: 2450, perZoneCents: 160, perPoundCents: 210 },
};

/** Zones 1-8 from the distance between the 3-digit ZIP prefixes, the way USPS zones grow with distance. */
export function zoneOf(fromZip: string, toZip: string): number {
  const distance = Math.abs(Number(fromZip.slice(0, 3)) - Number(toZip.slice(0, 3)));
  return Math.min(8, 1 + Math.floor(distance / 125));
}

/** Carriers bill by the pound, rounded up, and by the dimensional weight when that is larger (divisor 166). */
export function billedPounds(parcel: Parcel): number {
  const actual = Math.ceil(parcel.weightOz / 16);
  const dimensional = Math.ceil((parcel.lengthIn * parcel.widthIn * parcel.heightIn) / 166);
  return Math.max(1, actual, parcel.lengthIn * parcel.widthIn * parcel.heightIn > 1728 ? dimensional : 0);
}

export interface Rate {
  service: ServiceCode;
  carrier: ServiceInfo['carrier'];
  name: string;
  days: number;
  zone: number;
  amountCents: number;
}

export function rateFor(service: ServiceCode, fromZip: string, toZip: string, parcel: Parcel): Rate {
  const s = SERVICE_INFO[service];
  const zone = zoneOf(fromZip, toZip);
  const pounds = billedPounds(parcel);
  const amountCents = s.baseCents + s.perZoneCents * (zone - 1) + s.perPoundCents * (pounds - 1);
  return { service, carrier: s.carrier, name: s.name, days: s.days, zone, amountCents };
}

/** Every service, cheapest first. */
export function ratesFor(fromZip: string, toZip: string, parcel: Parcel): Rate[] {
  return (Object.keys(SERVICE_INFO) as ServiceCode[])
    .map((code) => rateFor(code, fromZip, toZip, parcel))
    .sort((a, b) => a.amountCents - b.amountCents);
}
