import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SELLER_ADDRESS } from '../email/support.js';
import { testAddress, waitForEmailsTo } from '../support/outbox.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * The rewards screens in Chromium against the local cloud (its server, queues, reward-email worker and SES outbox):
 * setting up a program, an order that earns the reward, redeem, the reminder email in the outbox, the announcement,
 * a customer's history, and the plan gates.
 */

const { open } = browserPerFile();

const today = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const notice = (page: Page) => page.getByTestId('rewards-notice');
const dialog = (page: Page) => page.getByRole('dialog');
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.locator('.dropdown-menu.show').getByText(action, { exact: true }).click();
}

/** The visible row or card of a customer (the table at 1280 px, a card at 375 px). */
const customerRow = (page: Page, id: string) => page.locator(`[data-testid="table-rewards"] [data-row-id="${id}"]:visible`);

/** Every rewards call the page makes (method, action, JSON body), as the server received it. */
function rewardsCalls(page: Page): { action: string; body: unknown }[] {
  const calls: { action: string; body: unknown }[] = [];
  page.on('request', (req: Request) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/rewards/')) return;
    calls.push({ action: url.pathname.replace('/api/rewards/', ''), body: req.method() === 'POST' ? req.postDataJSON() : undefined });
  });
  return calls;
}

async function customer(seller: TestSeller, firstName: string, lastName: string, email: string): Promise<string> {
  const saved = await seller.api('POST', '/customers/save', { body: { firstName, lastName, email, country: 'US' } });
  expect(saved.status).toBe(200);
  return saved.json.customerID as string;
}

/** The New Order screen: an existing customer found by name, a typed product line, where it ships. */
async function placeOrder(page: Page, customerName: string, product: string, quantity: number, price: string) {
  await page.goto('/orders');
  const form = page.getByRole('dialog', { name: 'New Order' });
  // A click before the orders screen has finished loading opens nothing: click again until the form is there.
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: 'New Order' }).click();
    try {
      await form.getByLabel('Find a customer').waitFor({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
  await form.getByLabel('Find a customer').fill(customerName.split(' ')[0]!);
  await form.getByRole('option', { name: new RegExp(customerName) }).click();
  await poll(() => form.getByTestId('order-customer').textContent()).toContain(customerName);
  await form.getByRole('button', { name: 'Type a Product' }).click();
  await form.getByLabel('Product').fill(product);
  await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByLabel('Price').fill(price);
  await form.getByLabel('Address').fill('1 Pine St');
  await form.getByLabel('City').fill('Seattle');
  await form.getByLabel('State').fill('WA');
  await form.getByLabel('ZIP').fill('98101');
  await form.getByRole('button', { name: 'Save Order' }).click();
  await poll(() => page.getByRole('dialog', { name: 'New Order' }).count()).toBe(0);
}

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  describe(`rewards at ${label}`, () => {
    it('sets up a program, earns the reward with a New Order, redeems it once, sends a reminder to the outbox', async () => {
      const seller = await createTestSeller({ plan: 'executive', businessName: 'Scarf Studio' });
      // The postal address every marketing email's footer carries (CAN-SPAM), as Settings saves it.
      const { consultantEntity } = await import('../../functions/data/entities.js');
      await consultantEntity().patch({ sellerId: seller.sellerId }).set({ returnAddress: SELLER_ADDRESS }).go();
      const adaEmail = testAddress('ada');
      const graceEmail = testAddress('grace');
      const friend = testAddress('friend');
      const ada = await customer(seller, 'Ada', 'Lovelace', adaEmail);
      const grace = await customer(seller, 'Grace', 'Hopper', graceEmail);
      const { page, errors } = await open(viewport);
      const calls = rewardsCalls(page);

      // A program not started: /rewards sends the seller to the setup page.
      await signInAs(page, seller, '/rewards/activate');
      await page.goto('/rewards');
      await page.waitForURL('**/rewards/activate');
      await page.getByRole('heading', { name: 'Inspire Customer Happiness' }).waitFor();
      const form = page.getByTestId('reward-settings');
      expect(await form.getByLabel('Start date').inputValue()).toBe(today());
      expect(await form.getByLabel('Goal').inputValue()).toBe('10');
      expect(await form.getByRole('radio', { name: 'Star' }).isChecked()).toBe(true);
      expect(await form.getByRole('radio').count()).toBe(18);
      expect(await form.getByLabel('Send reward emails automatically').isChecked()).toBe(true);

      // The form's rules before anything is sent.
      await form.getByLabel('Start date').fill('01/01/2000');
      await form.getByLabel('Goal').fill('0');
      await form.getByRole('button', { name: 'Start Rewards Program' }).click();
      await form.getByText('Start date cannot be more than one month ago.').waitFor();
      await form.getByText('Goal must be between 1 and 9999.').waitFor();
      await form.getByText('Reward text is required.').waitFor();
      expect(calls.filter((c) => c.action === 'savesettings')).toEqual([]);
      await screenshot(page, `rewards-activate-${viewport.width}.png`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await form.getByLabel('Start date').fill(today());
      await form.getByLabel('Goal').fill('5');
      await form.getByLabel('Reward', { exact: true }).fill('Free scarf');
      await poll(() => form.getByTestId('reward-text-count').textContent()).toBe('10/25 characters');
      await form.locator('label[for="reward-icon-gift"]').click();
      await form.getByRole('button', { name: 'Start Rewards Program' }).click();
      await page.waitForURL((u) => u.pathname === '/rewards');
      await poll(() => notice(page).textContent()).toContain('Reward Settings saved.');
      expect(calls.find((c) => c.action === 'savesettings')?.body).toEqual({
        startDate: today(),
        goalCount: 5,
        goalType: 'items',
        rewardText: 'Free scarf',
        icon: 'gift',
        sendRewardsEmail: true,
      });
      await poll(() => page.getByTestId('program-state').textContent()).toBe('Active');

      // Orders from the start date on earn: ten scarves take Ada to the goal twice, four take Grace to "almost".
      await placeOrder(page, 'Ada Lovelace', 'Wool Scarf', 10, '20.00');
      await placeOrder(page, 'Grace Hopper', 'Wool Scarf', 4, '20.00');

      await page.goto('/rewards');
      await poll(() => customerRow(page, ada).getByTestId('reward-status').textContent()).toBe('Earned ×2');
      await poll(() => customerRow(page, grace).getByTestId('reward-status').textContent()).toBe('Almost');
      if (viewport === DESKTOP) {
        const headers = await page.locator('[data-testid="table-rewards"] thead th').allTextContents();
        expect(headers.slice(0, 4).map((h) => h.replace(/[↕▲▼]/g, '').trim())).toEqual(['Customer', 'Points', 'Date Earned', 'Status']);
      }
      expect(await customerRow(page, ada).textContent()).toContain(today());
      await screenshot(page, `rewards-dashboard-${viewport.width}.png`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      // Executive with automatic reward emails: reaching the goal sent Ada the "reward earned" email.
      const [earned] = await waitForEmailsTo(adaEmail, 1);
      expect(earned!.subject).toContain('You earned Free scarf');

      // Search narrows the table.
      await page.getByPlaceholder('Search customers').fill('grace');
      await poll(() => page.locator('[data-testid="table-rewards"] [data-row-id]:visible').count()).toBe(1);
      await page.getByPlaceholder('Search customers').fill('');
      await poll(() => page.locator('[data-testid="table-rewards"] [data-row-id]:visible').count()).toBe(2);

      // Redeem asks first; a double click on the confirmation redeems once (one request key).
      await rowAction(page, 'Ada Lovelace', 'Redeem');
      await dialog(page).getByText('Redeem Free scarf for Ada Lovelace?', { exact: false }).waitFor();
      await dialog(page).getByRole('button', { name: 'Redeem' }).dblclick();
      await poll(() => notice(page).textContent()).toContain('Ada Lovelace redeemed Free scarf.');
      const keys = () => calls.filter((c) => c.action === 'redeemreward').map((c) => (c.body as { requestKey: string }).requestKey);
      expect(keys().length).toBeGreaterThan(0);
      expect(new Set(keys()).size).toBe(1);
      await poll(() => page.getByTestId('gifts-earned').textContent()).toBe('1');
      await poll(() => customerRow(page, ada).getByTestId('reward-status').textContent()).toBe('Earned');
      // The second reward the same day: two fulfilled rows alike in every field the answer has.
      await poll(() => dialog(page).count()).toBe(0);
      await rowAction(page, 'Ada Lovelace', 'Redeem');
      await dialog(page).getByRole('button', { name: 'Redeem' }).click();
      await poll(() => customerRow(page, ada).getByTestId('reward-status').textContent()).toBe('Fulfilled');
      expect(new Set(keys()).size).toBe(2);
      await poll(() => page.getByTestId('table-fulfilled-rewards').getByText('Ada Lovelace').locator('visible=true').count()).toBe(2);
      await poll(() => page.getByTestId('gifts-earned').textContent()).toBe('2');
      const after = await seller.api('GET', '/customers/get', { query: { id: ada } });
      expect(after.json.rewardBalance).toBe(0);

      // The reminder email: a blank message is refused, a message is sent and lands in the outbox.
      await rowAction(page, 'Grace Hopper', 'Reminder Email');
      const reminder = dialog(page);
      await reminder.getByLabel('Message').fill('   ');
      await reminder.getByRole('button', { name: 'Send Email' }).click();
      await reminder.getByText('Reminder message cannot be blank.').waitFor();
      expect(calls.filter((c) => c.action === 'sendreminderemail')).toEqual([]);
      await reminder.getByLabel('Message').fill('Your scarf is one order away!');
      await reminder.getByRole('button', { name: 'Send Email' }).click();
      await poll(() => notice(page).textContent()).toContain('Emails have been sent!');
      await poll(() => dialog(page).count()).toBe(0);
      const [sent] = await waitForEmailsTo(graceEmail, 1);
      expect(sent!.subject).toContain('A reward is waiting for you');
      expect(sent!.text).toContain('Your scarf is one order away!');
      expect(sent!.text).toContain('Scarf Studio');
      expect(sent!.text).toContain(SELLER_ADDRESS.address1);
      expect(sent!.headers['list-unsubscribe']).toBeTruthy();

      // The rewards balance adjustment modal: never below 0, then points added.
      await rowAction(page, 'Ada Lovelace', 'Adjust Balance');
      const adjust = dialog(page);
      await adjust.getByLabel(/Points to add/).fill('-1');
      await adjust.getByRole('button', { name: 'Save Adjustment' }).click();
      await adjust.getByText('The rewards balance cannot go below 0.').waitFor();
      await adjust.getByLabel(/Points to add/).fill('3');
      await adjust.getByRole('button', { name: 'Save Adjustment' }).click();
      await poll(() => notice(page).textContent()).toContain('Ada Lovelace now has 3 points.');

      // The announcement (executive): the default subject, the extra addresses counted, sent to them too.
      const announcement = page.getByTestId('announcement');
      expect(await announcement.getByLabel('Subject').inputValue()).toBe('Awesome Rewards for Amazing Customers');
      await announcement.getByLabel('Message').fill('Every order now earns points toward a free scarf.');
      await announcement.getByLabel('Also send to').fill(`${friend}\nnot-an-address`);
      await poll(() => announcement.getByTestId('extra-email-count').textContent()).toBe('1 extra address; not addresses, left out: not-an-address');
      await announcement.getByRole('button', { name: 'Send Announcement' }).click();
      await poll(() => notice(page).textContent()).toContain('Emails have been sent!');
      const [toFriend] = await waitForEmailsTo(friend, 1);
      expect(toFriend!.subject).toBe('Awesome Rewards for Amazing Customers');
      expect(toFriend!.text).toContain('Every order now earns points toward a free scarf.');

      // History of one customer: the order that earned, the adjustment, the reward.
      await rowAction(page, 'Ada Lovelace', 'History');
      await page.waitForURL(`**/rewards/history?customerId=${ada}`);
      await page.getByTestId('history-customer').getByText('Ada Lovelace').waitFor();
      await page.getByTestId('table-point-history').getByText(/^Order LS-/).locator('visible=true').first().waitFor();
      await page.getByTestId('table-point-history').getByText('Balance adjusted').locator('visible=true').waitFor();
      await poll(() => page.getByTestId('table-customer-rewards').getByText('Free scarf').locator('visible=true').count()).toBe(2);
      await screenshot(page, `rewards-history-${viewport.width}.png`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      // Disable (confirmed), then restart the previous program.
      await page.getByRole('link', { name: 'Back to Rewards' }).click();
      await page.getByRole('button', { name: 'Disable Program' }).click();
      await dialog(page).getByRole('button', { name: 'Disable Program' }).click();
      await poll(() => page.getByTestId('program-state').textContent()).toBe('Ended');
      await page.getByRole('button', { name: 'Restart Previous Program' }).click();
      await poll(() => page.getByTestId('program-state').textContent()).toBe('Active');

      // Each email once: the earned email was not sent again by the later writes.
      expect((await waitForEmailsTo(adaEmail, 2)).filter((e) => e.subject.includes('You earned'))).toHaveLength(1);
      expect(errors).toEqual([]);
    });

    it('growth: automatic reward emails locked with the way to upgrade, no announcement send button', async () => {
      const seller = await createTestSeller({ plan: 'growth' });
      const started = await seller.api('POST', '/rewards/savesettings', {
        body: { startDate: today(), goalCount: 5, goalType: 'items', rewardText: 'Free scarf', icon: 'star', sendRewardsEmail: false },
      });
      expect(started.status).toBe(200);
      const { page, errors } = await open(viewport);
      const calls = rewardsCalls(page);
      await signInAs(page, seller, '/rewards');
      const form = page.getByTestId('reward-settings');
      await form.waitFor();
      const toggle = form.getByLabel('Send reward emails automatically');
      expect(await toggle.isDisabled()).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      expect(await form.getByTestId('plan-prompt').getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');

      const announcement = page.getByTestId('announcement');
      await announcement.getByLabel('Subject').waitFor();
      expect(await announcement.getByRole('button', { name: 'Send Announcement' }).count()).toBe(0);
      await announcement.getByTestId('plan-prompt').waitFor();

      // Settings save without automatic emails.
      await form.getByLabel('Reward', { exact: true }).fill('Free tote');
      await form.getByRole('button', { name: 'Save Settings' }).click();
      await poll(() => notice(page).textContent()).toContain('Reward Settings saved.');
      expect(calls.find((c) => c.action === 'savesettings')?.body).toMatchObject({ rewardText: 'Free tote', sendRewardsEmail: false });
      const saved = await seller.api('GET', '/rewards/getSettings');
      expect(saved.json).toMatchObject({ rewardText: 'Free tote', sendRewardsEmail: false, state: 'active' });
      // The server refuses the announcement below executive, whatever the page shows.
      const refused = await seller.api('POST', '/rewards/SendAnnouncementEmail', { body: { subject: 'Hi', message: 'Hello' } });
      expect(refused.status).toBe(403);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    });

    it('starter: the plan prompt instead of any rewards call', async () => {
      const seller = await createTestSeller({ plan: 'starter' });
      const { page, errors } = await open(viewport);
      const calls = rewardsCalls(page);
      await signInAs(page, seller, '/rewards');
      for (const path of ['/rewards', '/rewards/activate', '/rewards/history?customerId=c-ada']) {
        if (path !== '/rewards') await page.goto(path);
        const prompt = page.getByTestId('plan-prompt');
        await prompt.getByText('Upgrade Required.').waitFor();
        expect(await prompt.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      }
      await screenshot(page, `rewards-starter-${viewport.width}.png`);
      expect(calls).toEqual([]);
      // And the server refuses them.
      expect((await seller.api('GET', '/rewards/getrewardinfo')).status).toBe(403);
      expect(errors).toEqual([]);
    });
  });
}

describe('rewards: a program started from an earlier date', () => {
  it('credits the orders already placed from its start date on, as the setup page says, and shows them once counted', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const lin = await customer(seller, 'Lin', 'Early', testAddress('lin'));
    const order = await seller.api('POST', '/orders/save', { body: { customerId: lin, items: [{ name: 'Wool Scarf', quantity: 3, price: 20 }] } });
    expect(order.status, JSON.stringify(order.json)).toBe(200);
    const { page, errors } = await open(DESKTOP);
    // The catch-up takes well under a second here: the page is shown it still running (the program says so and no
    // customer has points yet) until the test lets the real answers through.
    let holding = true;
    await page.route('**/api/rewards/getSettings', async (route) => {
      const real = await route.fetch();
      const json = await real.json();
      await route.fulfill({ response: real, json: holding ? { ...json, catchingUp: true } : json });
    });
    await page.route('**/api/rewards/getrewardinfo**', async (route) => {
      const real = await route.fetch();
      const json = await real.json();
      await route.fulfill({ response: real, json: holding ? { ...json, customers: [] } : json });
    });
    await signInAs(page, seller, '/rewards/activate');
    const form = page.getByTestId('reward-settings');
    await page.getByText('Points count every order from the start date on', { exact: false }).waitFor();
    await form.getByLabel('Start date').fill(today());
    await form.getByLabel('Goal').fill('3');
    await form.getByLabel('Reward', { exact: true }).fill('Free scarf');
    await form.getByRole('button', { name: 'Start Rewards Program' }).click();
    await page.waitForURL((u) => u.pathname === '/rewards');
    const counting = page.getByText('Counting the points of the orders placed since the start date...');
    await counting.waitFor();
    await page.getByText('No customer has points yet.', { exact: false }).waitFor();
    expect((await seller.api('GET', '/rewards/getrewardinfo')).json.customers).toEqual([expect.objectContaining({ customerID: lin, points: 3 })]);

    // The program is read again while it counts; once done, the customers are read again: no reload.
    holding = false;
    await poll(() => customerRow(page, lin).getByTestId('reward-status').textContent()).toBe('Earned');
    expect(await counting.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('rewards: counting points another way', () => {
  it('asks first on a running program, saying what becomes of the points already earned', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const started = await seller.api('POST', '/rewards/savesettings', { body: { startDate: today(), goalCount: 10, goalType: 'items', rewardText: 'Free scarf' } });
    expect(started.status).toBe(200);
    const { page, errors } = await open(DESKTOP);
    const calls = rewardsCalls(page);
    await signInAs(page, seller, '/rewards');
    const form = page.getByTestId('reward-settings');
    await form.getByLabel('Counted in').selectOption('dollars');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    const ask = page.getByRole('dialog', { name: 'Count points another way?' });
    await ask.getByText('Points customers already have keep their number: 30 items becomes $30.00.', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => ask.count()).toBe(0);
    expect(calls.filter((c) => c.action === 'savesettings')).toEqual([]);

    await form.getByRole('button', { name: 'Save Settings' }).click();
    await ask.getByRole('button', { name: 'Count dollars spent' }).click();
    await poll(() => notice(page).textContent()).toContain('Reward Settings saved.');
    expect((await seller.api('GET', '/rewards/getSettings')).json.goalType).toBe('dollars');
    // The reward text alone is saved without a question.
    await form.getByLabel('Reward', { exact: true }).fill('Free tote');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await poll(async () => (await seller.api('GET', '/rewards/getSettings')).json.rewardText).toBe('Free tote');
    expect(errors).toEqual([]);
  });
});

describe('rewards: a program counted in dollars', () => {
  it("shows a customer's points on their history page as dollars, as the dashboard does", async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const started = await seller.api('POST', '/rewards/savesettings', {
      body: { startDate: today(), goalCount: 50, goalType: 'dollars', rewardText: 'Free candle', icon: 'star' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const cy = await customer(seller, 'Cy', 'Dollars', testAddress('cy'));
    const order = await seller.api('POST', '/orders/save', { body: { customerId: cy, items: [{ name: 'Soy Candle', quantity: 1, price: 12.5 }] } });
    expect(order.status, JSON.stringify(order.json)).toBe(200);
    const { page, errors } = await open(PHONE);
    await signInAs(page, seller, `/rewards/history?customerId=${cy}`);
    const card = page.getByTestId('history-customer');
    await card.getByText('Cy Dollars').waitFor();
    await poll(() => card.textContent()).toContain('$12.50');
    await poll(() => page.getByTestId('table-point-history').textContent()).toContain('+$12.50');
    expect(errors).toEqual([]);
  });
});
