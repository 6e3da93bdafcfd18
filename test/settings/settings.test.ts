import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';

/** /settings (issue 16): each section saved and read back, the return address checked, the follow-up gate. */
const address = { name: 'Sunny Crafts', address1: '12 Oak Ave', address2: 'Suite 4', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

describe('seller settings', () => {
  it('saves each section and reads it back, marking the onboarding steps it completes', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const before = await seller.api('GET', '/settings/getSettingsJSON');
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ returnAddress: null, senderName: null, automaticFollowUp: false, shipping: { labelFormat: '4x6' }, ups: { linked: false } });

    const saves = [
      { businessName: 'Sunny Crafts' },
      { personalization: { primaryColor: '#1a73e8', logoUrl: 'https://example.com/logo.png' } },
      { returnAddress: address },
      { senderName: 'Sunny at Sunny Crafts', replyTo: 'sunny@example.com', automaticFollowUp: true },
      { shipping: { defaultService: 'usps_priority', labelFormat: 'letter', parcel: { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 } } },
    ];
    for (const body of saves) expect((await seller.api('POST', '/settings/save', { body })).status).toBe(200);

    const after = await seller.api('GET', '/settings/getSettingsJSON');
    expect(after.json).toMatchObject({
      businessName: 'Sunny Crafts',
      personalization: { primaryColor: '#1a73e8', logoUrl: 'https://example.com/logo.png' },
      returnAddress: { address1: '12 Oak Ave', address2: 'Suite 4', zip: '80202' },
      senderName: 'Sunny at Sunny Crafts',
      replyTo: 'sunny@example.com',
      automaticFollowUp: true,
      shipping: { defaultService: 'usps_priority', labelFormat: 'letter', parcel: { weightOz: 12 } },
    });
    const info = await seller.api('GET', '/consultant/getconsultantinfo');
    expect(info.json.onboarding).toMatchObject({ businessName: true, personalization: true, address: true });
    expect(info.json.returnAddress).toMatchObject({ city: 'Denver' });
  });

  it('the Business form saves a business name alone: a blank return address is none, the default colours are no look of their own', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const blank = { name: '', company: '', address1: '', address2: '', city: '', state: '', zip: '', country: 'US', phone: '' };
    const res = await seller.api('POST', '/settings/save', {
      body: { businessName: 'Only A Name', personalization: { logoUrl: '', primaryColor: '#1A73E8', accentColor: '#f4b400' }, returnAddress: blank },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ businessName: 'Only A Name', returnAddress: null });
    const info = await seller.api('GET', '/consultant/getconsultantinfo');
    expect([info.json.onboarding.businessName, !!info.json.onboarding.personalization, !!info.json.onboarding.address]).toEqual([true, false, false]);

    // One field of the address filled asks for the rest; a colour of the seller's own is a look of their own.
    const partial = await seller.api('POST', '/settings/save', { body: { returnAddress: { ...blank, city: 'Denver' } } });
    expect(partial.status).toBe(400);
    const look = await seller.api('POST', '/settings/save', { body: { personalization: { primaryColor: '#2a9d8f', accentColor: '#f4b400' } } });
    expect(look.status).toBe(200);
    const after = (await seller.api('GET', '/consultant/getconsultantinfo')).json.onboarding;
    expect([after.businessName, after.personalization, !!after.address]).toEqual([true, true, false]);
  });

  it('refuses a return address the checker refuses, an unknown setting and a bad reply-to, and changes nothing', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const badZip = await seller.api('POST', '/settings/save', { body: { returnAddress: { ...address, zip: '10001' } } });
    expect(badZip.status).toBe(400);
    expect(badZip.json.errors).toEqual({ 'returnAddress.zip': 'ZIP 10001 is not in CO.' });
    const unknown = await seller.api('POST', '/settings/save', { body: { businessName: 'X', isAdmin: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('That setting does not exist.');
    const replyTo = await seller.api('POST', '/settings/save', { body: { replyTo: 'not an address' } });
    expect(replyTo.status).toBe(400);
    expect(replyTo.json.message).toBe('Enter a valid reply-to email address.');
    const after = await seller.api('GET', '/settings/getSettingsJSON');
    expect(after.json).toMatchObject({ returnAddress: null, replyTo: null });
    expect(after.json.businessName).not.toBe('X');
  });

  it('automatic follow-up is growth and up: starter is refused with 403 and nothing is saved', async () => {
    const starter = await createTestSeller({ plan: 'starter' });
    const res = await starter.api('POST', '/settings/save', { body: { automaticFollowUp: true, senderName: 'Sunny' } });
    expect(res.status).toBe(403);
    expect(res.json.requiredPlan).toBe('growth');
    expect((await starter.api('GET', '/settings/getSettingsJSON')).json).toMatchObject({ automaticFollowUp: false, senderName: null });
    // Turning it off, or saving anything else, is for every plan.
    expect((await starter.api('POST', '/settings/save', { body: { automaticFollowUp: false, senderName: 'Sunny' } })).status).toBe(200);
  });

  it("answers the seller's UPS account as not linked until one is on file", async () => {
    const seller = await createTestSeller();
    const res = await seller.api('GET', '/UPS/getConsultantInfo');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ linked: false });
  });
});
