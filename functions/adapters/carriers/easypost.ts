import type { Rate } from '../../domain/rates.js';
import { SERVICE_INFO } from '../../domain/rates.js';
import type { ServiceCode } from '../../../shared/schemas/shipping.js';
import { type Carrier, type FromAddress, PriceChanged } from './carrier.js';

/** EasyPost's carrier and service names for ours (https://docs.easypost.com/docs/shipments/rates). */
const SERVICES: Record<ServiceCode, { carrier: string; service: string }> = {
  usps_ground_advantage: { carrier: 'USPS', service: 'GroundAdvantage' },
  usps_priority: { carrier: 'USPS', service: 'Priority' },
  usps_priority_express: { carrier: 'USPS', service: 'Express' },
  ups_ground: { carrier: 'UPS', service: 'Ground' },
  ups_3_day_select: { carrier: 'UPS', service: '3DaySelect' },
  ups_2nd_day_air: { carrier: 'UPS', service: '2ndDayAir' },
};

interface EpRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  delivery_days?: number | null;
}
interface EpShipment {
  id: string;
  rates: EpRate[];
  tracking_code?: string;
  selected_rate?: EpRate;
  postage_label?: { label_pdf_url?: string; label_url?: string };
  refund_status?: string;
}

interface EpAddress {
  street1?: string;
  street2?: string | null;
  city?: string;
  state?: string;
  zip?: string;
  verifications?: { delivery?: { success?: boolean; errors?: { message?: string }[] } };
}

export class CarrierError extends Error {
  override name = 'CarrierError';
}

/**
 * EasyPost could not do the call for reasons of its own or ours (our key refused, its rate limit, its outage, an
 * answer that is not its JSON): nothing the seller can change, so the caller retries or says "try again later".
 */
export class CarrierUnavailable extends Error {
  override name = 'CarrierUnavailable';
}

/** Statuses that say nothing about the shipment asked for: the call itself failed. */
const notAboutTheShipment = (status: number) => status === 401 || status === 403 || status === 429 || status >= 500;

const address = (a: FromAddress | { name: string; address1: string; address2?: string; city: string; state: string; zip: string; country?: string; phone?: string }) => ({
  name: a.name,
  street1: a.address1,
  street2: a.address2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: 'country' in a && a.country ? a.country : 'US',
});

/** EasyPost REST (v2): Basic auth with the API key as user; amounts are dollar strings. */
export function easyPostCarrier(options: { apiKey: string; baseUrl?: string; fetch?: typeof fetch }): Carrier {
  const base = (options.baseUrl ?? 'https://api.easypost.com/v2').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await doFetch(`${base}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (res.ok) return data;
    const said = data.error?.message;
    if (!said || notAboutTheShipment(res.status)) throw new CarrierUnavailable(`EasyPost answered ${res.status}${said ? `: ${said}` : ''}`);
    throw new CarrierError(said);
  }

  const toRates = (s: EpShipment, zone = 0): Rate[] =>
    (Object.keys(SERVICES) as ServiceCode[])
      .flatMap((code) => {
        const r = s.rates.find((x) => x.carrier === SERVICES[code].carrier && x.service === SERVICES[code].service);
        if (!r) return [];
        const info = SERVICE_INFO[code];
        return [{ service: code, carrier: info.carrier, name: info.name, days: r.delivery_days ?? info.days, zone, amountCents: Math.round(Number(r.rate) * 100) }];
      })
      .sort((a, b) => a.amountCents - b.amountCents);

  const createShipment = (from: Record<string, unknown>, to: Record<string, unknown>, parcel: { weightOz: number; lengthIn: number; widthIn: number; heightIn: number }, reference?: string) =>
    call<EpShipment>('POST', '/shipments', {
      shipment: {
        reference,
        from_address: from,
        to_address: to,
        parcel: { weight: parcel.weightOz, length: parcel.lengthIn, width: parcel.widthIn, height: parcel.heightIn },
        options: { label_format: 'PDF', label_size: '4x6' },
      },
    });

  return {
    name: 'easypost',
    async rates(fromZip, to, parcel) {
      return toRates(await createShipment({ zip: fromZip, country: 'US' }, { zip: to.zip, country: 'US' }, parcel));
    },
    async buy({ labelId, from, to, parcel, service, amountCents }) {
      const shipment = await createShipment(address(from), address(to), parcel, labelId);
      const wanted = SERVICES[service];
      const rate = shipment.rates.find((r) => r.carrier === wanted.carrier && r.service === wanted.service);
      if (!rate) throw new CarrierError(`${SERVICE_INFO[service].name} is not offered for this parcel.`);
      // The rate may have moved since the seller's quote: buy only at the price shown.
      if (amountCents !== undefined && Math.round(Number(rate.rate) * 100) !== amountCents) throw new PriceChanged();
      const bought = await call<EpShipment>('POST', `/shipments/${shipment.id}/buy`, { rate: { id: rate.id } });
      const pdfUrl = bought.postage_label?.label_pdf_url ?? bought.postage_label?.label_url;
      const pdf = pdfUrl ? new Uint8Array(await (await doFetch(pdfUrl)).arrayBuffer()) : undefined;
      return {
        trackingNumber: bought.tracking_code ?? '',
        amountCents: Math.round(Number((bought.selected_rate ?? rate).rate) * 100),
        carrierLabelId: bought.id,
        pdf,
      };
    },
    async void(carrierLabelId) {
      const s = await call<EpShipment>('POST', `/shipments/${carrierLabelId}/refund`);
      return { refunded: s.refund_status === 'submitted' || s.refund_status === 'refunded' };
    },
    async schedulePickup({ reference, resumed, from, date, location, packageCount }) {
      if (resumed) {
        // EasyPost has no idempotency key for pickups: a retry looks for the one an earlier attempt bought.
        const recent = await call<{ pickups: { reference?: string; status?: string; confirmation?: string }[] }>('GET', '/pickups?page_size=100');
        const earlier = recent.pickups.find((p) => p.reference === reference && p.status === 'scheduled' && p.confirmation);
        if (earlier?.confirmation) return { confirmationNumber: earlier.confirmation };
      }
      const pickup = await call<{ id: string; pickup_rates: { id: string; carrier: string; service: string }[] }>('POST', '/pickups', {
        pickup: {
          reference,
          address: address(from),
          min_datetime: `${date}T09:00:00Z`,
          max_datetime: `${date}T17:00:00Z`,
          instructions: `${packageCount} package(s) at ${location}`,
          is_account_address: false,
        },
      });
      const rate = pickup.pickup_rates.find((r) => r.carrier === 'USPS') ?? pickup.pickup_rates[0];
      if (!rate) throw new CarrierError('No pickup is offered for that date.');
      const bought = await call<{ confirmation: string }>('POST', `/pickups/${pickup.id}/buy`, { carrier: rate.carrier, service: rate.service });
      return { confirmationNumber: bought.confirmation };
    },
    async verifyAddress(a) {
      // Create and verify (https://docs.easypost.com/guides/address-verification-guide): `verify` corrects what it
      // can and reports delivery; an address it cannot verify still comes back, with delivery.success false.
      const checked = await call<EpAddress>('POST', '/addresses', { address: { street1: a.address1, street2: a.address2, city: a.city, state: a.state, zip: a.zip, country: a.country }, verify: true });
      if (!checked.verifications?.delivery?.success) return { verified: false };
      return {
        verified: true,
        address: { address1: checked.street1 ?? a.address1, address2: checked.street2 || undefined, city: checked.city ?? a.city, state: checked.state ?? a.state, zip: checked.zip ?? a.zip },
      };
    },
    async track(trackingNumber) {
      const t = await call<{ status: string; updated_at: string }>('POST', '/trackers', { tracker: { tracking_code: trackingNumber } });
      const status = t.status === 'delivered' || t.status === 'in_transit' || t.status === 'pre_transit' ? t.status : 'unknown';
      return { status, at: t.updated_at };
    },
  };
}
