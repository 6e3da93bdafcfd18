import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { confirmationCode, storedUser } from '../support/cognito-codes.js';
import { sandboxToken } from '../support/payments.js';
import { callApi } from '../support/sellers.js';

const cognito = () =>
  new CognitoIdentityProviderClient({
    region: process.env.AWS_REGION ?? 'us-east-1',
    endpoint: process.env.TEST_COGNITO_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Sign-up as the web app does it: the email is the user name, the code comes by email (here: cognito-local's store). */
async function signUpAndConfirm() {
  const client = cognito();
  const clientId = process.env.TEST_CLIENT_ID!;
  const email = `signup-${randomUUID().slice(0, 8)}@test.consultantdesk.test`;
  const password = `New-${randomUUID().slice(0, 8)}-Aa1`;
  await client.send(
    new SignUpCommand({ ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'name', Value: 'New Seller' }] }),
  );
  expect((await storedUser(email))?.UserStatus).toBe('UNCONFIRMED');
  const refused = await client
    .send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }))
    .catch((err: Error) => err);
  expect(refused).toMatchObject({ name: 'UserNotConfirmedException' });

  await client.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: await confirmationCode(email) }));
  const auth = await client.send(
    new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const token = auth.AuthenticationResult!.IdToken!;
  const sellerId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
  return { email, sellerId, api: (method: string, path: string, body?: unknown) => callApi(token, method, path, { body }) };
}

describe('sign-up to a confirmed seller', () => {
  it('a confirmed new seller has no plan: Start Plan, no plan-gated call, sent to /signup-package', async () => {
    const seller = await signUpAndConfirm();

    const info = await seller.api('GET', '/consultant/getconsultantinfo');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ email: seller.email, plan: null, package: null, onboardingPercent: 0 });
    expect((await getSellerProfile(seller.sellerId))?.package).toBeUndefined();

    const upgrade = await seller.api('GET', '/upgrade/getUpgradeInfo');
    expect(upgrade.json).toMatchObject({ success: true, currentPlan: null });

    // Everyday calls send the seller to choose a plan; a growth call is refused as growth's.
    const orders = await seller.api('GET', '/orders/list');
    expect(orders.status).toBe(403);
    expect(orders.json).toMatchObject({ message: 'Choose a plan to start using Consultant Desk.', redirect: '/signup-package' });
    const rewards = await seller.api('GET', '/rewards/getSettings');
    expect(rewards.status).toBe(403);
    expect(rewards.json).toMatchObject({ requiredPlan: 'growth' });
  });

  it('choosing a plan and paying starts it and marks the billing step of setup', async () => {
    const seller = await signUpAndConfirm();
    const paid = await seller.api('POST', '/payment', {
      token: sandboxToken('success'),
      plan: 'growth',
      zip: '78701',
      paymentProcessor: 'sandbox',
      autoRechargeAmount: 25,
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ success: true, plan: 'growth' });

    const info = await seller.api('GET', '/consultant/getconsultantinfo');
    expect(info.json).toMatchObject({ plan: 'growth', package: 'growth', onboarding: { billing: true }, onboardingPercent: 17 });
    const history = await seller.api('GET', '/payment/history');
    // The first charge of a seller with no plan takes the fee of the plan it starts (growth: 2.9 %).
    expect(history.json.charges).toEqual([expect.objectContaining({ amountCents: 1900, feeCents: 30 + 55, status: 'succeeded' })]);
    expect((await seller.api('GET', '/orders/list')).status).toBe(200);
  });

  it('the six steps, each marked where it is done, reach 100', async () => {
    const seller = await signUpAndConfirm();
    await seller.api('POST', '/payment', { token: sandboxToken('success'), plan: 'starter', zip: '78701', paymentProcessor: 'sandbox', autoRechargeAmount: 25 });
    const saved = await seller.api('POST', '/settings/save', {
      businessName: 'Fresh Start Goods',
      personalization: { primaryColor: '#2a9d8f' },
      returnAddress: { name: 'Fresh Start Goods', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      upsAccountNumber: 'a1b2c3',
    });
    expect(saved.status).toBe(200);
    expect((await seller.api('GET', '/consultant/getconsultantinfo')).json.onboardingPercent).toBe(84);
    const connected = await seller.api('POST', '/integrations/connect', { platform: 'paypal' });
    expect(connected.status).toBe(200);
    const info = await seller.api('GET', '/consultant/getconsultantinfo');
    expect(info.json.onboardingPercent).toBe(100);
    expect(info.json.onboarding).toMatchObject({ platform: true, businessName: true, personalization: true, address: true, billing: true, ups: true });
    expect((await seller.api('GET', '/UPS/getConsultantInfo')).json).toMatchObject({ linked: true, accountNumber: 'A1B2C3' });
  });
});
