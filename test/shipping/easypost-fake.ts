import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { labelsPdf } from '../../functions/domain/label-pdf.js';

/**
 * A loopback stand-in for EasyPost's REST API (v2), answering with the shapes its documentation shows: Shipment
 * (id, rates with dollar-string `rate`), buy (tracking_code, selected_rate, postage_label.label_pdf_url), refund
 * (refund_status), Pickup (pickup_rates, confirmation), Tracker, Address with verify (verifications.delivery), and errors as { error: { code, message } }.
 */
export interface FakeEasyPost {
  url: string;
  requests: { method: string; path: string; auth?: string; body: unknown }[];
  close(): Promise<void>;
}

const RATES = [
  ['USPS', 'GroundAdvantage', '5.47', 5],
  ['USPS', 'Priority', '9.35', 2],
  ['USPS', 'Express', '31.20', 1],
  ['UPS', 'Ground', '11.02', 5],
  ['UPS', '3DaySelect', '19.44', 3],
  ['UPS', '2ndDayAir', '25.86', 2],
  ['FedEx', 'FEDEX_GROUND', '12.00', 4],
] as const;

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startFakeEasyPost(apiKey: string): Promise<FakeEasyPost> {
  const requests: FakeEasyPost['requests'] = [];
  let url = '';
  const pickups: { id: string; reference?: string; status: string; confirmation?: string }[] = [];
  const shipments = new Map<string, { tracking?: string; rates: { id: string; carrier: string; service: string; rate: string; delivery_days: number }[] }>();
  const server: Server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, auth: req.headers.authorization, body });
    const send = (status: number, data: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(type === 'application/json' ? JSON.stringify(data) : (data as Uint8Array));
    };
    if (path.startsWith('/labels/')) return send(200, await labelsPdf([{ from: { name: 'A', address1: '1', city: 'X', state: 'TX', zip: '78701' }, to: { name: 'B', address1: '2', city: 'Y', state: 'WA', zip: '98101' }, serviceName: 'Priority Mail', weightOz: 8, trackingNumber: path.slice(8), date: '2026-01-01' }]), 'application/pdf');
    if (req.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`)
      return send(401, { error: { code: 'APIKEY.INACTIVE', message: 'The API key is not valid.' } });
    const shipment = body as { shipment?: { to_address?: { zip?: string } } };
    if (req.method === 'POST' && path === '/v2/shipments') {
      if (shipment.shipment?.to_address?.zip === '00000')
        return send(422, { error: { code: 'ADDRESS.VERIFY.FAILURE', message: 'Unable to verify address.' } });
      const id = `shp_${shipments.size + 1}`;
      const rates = RATES.map(([carrier, service, rate, days], i) => ({ id: `rate_${id}_${i}`, carrier, service, rate, delivery_days: days }));
      shipments.set(id, { rates });
      return send(201, { id, object: 'Shipment', rates });
    }
    const buy = path.match(/^\/v2\/shipments\/(shp_\d+)\/buy$/);
    if (req.method === 'POST' && buy) {
      const s = shipments.get(buy[1]!);
      const rate = s?.rates.find((r) => r.id === (body as { rate: { id: string } }).rate.id);
      if (!s || !rate) return send(404, { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.' } });
      s.tracking = `EZ${buy[1]!.slice(4).padStart(10, '0')}`;
      return send(200, { id: buy[1], object: 'Shipment', tracking_code: s.tracking, selected_rate: rate, rates: s.rates, postage_label: { label_pdf_url: `${url}/labels/${s.tracking}` } });
    }
    const refund = path.match(/^\/v2\/shipments\/(shp_\d+)\/refund$/);
    if (req.method === 'POST' && refund) return send(200, { id: refund[1], object: 'Shipment', refund_status: 'submitted' });
    if (req.method === 'POST' && path === '/v2/pickups') {
      pickups.push({ id: `pickup_${pickups.length + 1}`, reference: (body as { pickup: { reference?: string } }).pickup.reference, status: 'unknown' });
      return send(201, { ...pickups.at(-1), object: 'Pickup', pickup_rates: [{ id: 'pr_1', carrier: 'USPS', service: 'NextDay', rate: '0.00' }] });
    }
    if (req.method === 'GET' && path.startsWith('/v2/pickups?')) return send(200, { pickups: [...pickups].reverse(), has_more: false });
    const pickupBuy = path.match(/^\/v2\/pickups\/(pickup_\d+)\/buy$/);
    const bought = pickups.find((p) => p.id === pickupBuy?.[1]);
    if (req.method === 'POST' && bought) {
      Object.assign(bought, { status: 'scheduled', confirmation: 'WTC123456789' });
      return send(200, { ...bought, object: 'Pickup' });
    }
    if (req.method === 'POST' && path === '/v2/addresses') {
      // Create and verify: the address back in upper case with "Street"/"Avenue" abbreviated and ZIP+4 4321;
      // ZIP 00000 is one it cannot verify (delivery.success false, the address as sent).
      const { address: a, verify } = body as { address: { street1: string; street2?: string; city: string; state: string; zip: string; country: string }; verify?: boolean };
      const known = a.zip !== '00000';
      const fix = (t: string) => t.toUpperCase().replace(/\bSTREET\b/g, 'ST').replace(/\bAVENUE\b/g, 'AVE');
      const out = known && verify ? { ...a, street1: fix(a.street1), street2: a.street2 ? fix(a.street2) : null, city: a.city.toUpperCase(), zip: `${a.zip.slice(0, 5)}-4321` } : a;
      const delivery = verify ? { success: known, errors: known ? [] : [{ code: 'E.ADDRESS.NOT_FOUND', message: 'Address not found' }], details: {} } : undefined;
      return send(200, { id: 'adr_1', object: 'Address', ...out, verifications: delivery ? { delivery, zip4: delivery } : {} });
    }
    if (req.method === 'POST' && path === '/v2/trackers') return send(201, { id: 'trk_1', object: 'Tracker', status: 'in_transit', updated_at: '2026-01-02T10:00:00Z' });
    return send(404, { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise((r) => server.close(() => r())) };
}
