import type { LabelAddress } from '../../domain/label-pdf.js';
import type { Rate } from '../../domain/rates.js';
import type { CheckedAddress, Parcel, ServiceCode, ShipTo } from '../../../shared/schemas/shipping.js';

/** The seller's return address: the label's sender. */
export type FromAddress = LabelAddress;

export interface LabelRequest {
  /** Our label id: the carrier adapter passes it on as its own idempotency reference. */
  labelId: string;
  from: FromAddress;
  to: ShipTo;
  parcel: Parcel;
  service: ServiceCode;
  /** The price the seller was shown, in cents: a carrier that would charge another refuses before buying. */
  amountCents?: number;
}

/** The carrier's price for the label is not the one the seller was shown: nothing was bought. */
export class PriceChanged extends Error {
  override name = 'PriceChanged';
}

export interface BoughtLabel {
  trackingNumber: string;
  amountCents: number;
  carrierLabelId: string;
  /** The carrier's own label PDF, when it gives one; the sandbox draws ours. */
  pdf?: Uint8Array;
}

export interface PickupRequest {
  /**
   * The pickup's natural key (seller and date): the carrier books at most one pickup per reference, so a request
   * retried after an answer was lost finds the booking the first attempt made instead of booking again.
   */
  reference: string;
  /** A previous attempt with this reference may have booked already: look for its booking first. */
  resumed: boolean;
  from: FromAddress;
  date: string;
  location: string;
  packageCount: number;
}

export interface TrackingEvent {
  status: 'pre_transit' | 'in_transit' | 'delivered' | 'unknown';
  at: string;
}

/** An address as the carrier checks it: US street, city, state and ZIP. */
export type AddressToCheck = CheckedAddress & { country: string };

/** The carrier's answer: whether it knows the address, and its standardised form (street, ZIP+4) when it does. */
export interface AddressVerification {
  verified: boolean;
  address?: CheckedAddress;
}

/** What the app needs of a shipping carrier (or of a multi-carrier API). */
export interface Carrier {
  readonly name: string;
  rates(fromZip: string, to: Pick<ShipTo, 'zip'>, parcel: Parcel): Promise<Rate[]>;
  buy(request: LabelRequest): Promise<BoughtLabel>;
  void(carrierLabelId: string): Promise<{ refunded: boolean }>;
  schedulePickup(request: PickupRequest): Promise<{ confirmationNumber: string }>;
  track(trackingNumber: string): Promise<TrackingEvent>;
  verifyAddress(address: AddressToCheck): Promise<AddressVerification>;
}
