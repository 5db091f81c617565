import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createMember, createMonthlyPlan, createPlan, signUpOwner } from './api';
import { choose, field, paymentDialog, screenshot, sidewaysScrolls, useBrowser } from './browser';

/*
 * The front desk records a payment: from the member's page, Update Subscription opens Record
 * Payment for that member; Cash for one period. The payment shows on Payments with its amount,
 * the subscription on Subscriptions as Active, and the member becomes Active. The owner, the
 * business, a plan and the member are made through the API; the rest in the browser.
 */

const stamp = Date.now();
const email = `owner.${stamp}@payzone.ng`;
const password = 'Kora!Pay12';

let accessToken = '';
let memberId = 0;

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    { first_name: 'Kemi', last_name: 'Adewale', email, phone_number: '08039876500', password },
    { business_name: 'PayZone Fitness', address: '3 Awolowo Road', city: 'Ikoyi', state: 'Lagos' },
  );
  accessToken = tokens.access_token;
  await createMonthlyPlan(accessToken, 'Monthly Gold', 27500);
  const created = await createMember(accessToken, {
    first_name: 'Efosa',
    last_name: 'Igbinedion',
    mobile_number: '08023456789',
    email_address: `efosa.${stamp}@example.com`,
    city: 'Ikeja',
    state: 'Lagos',
  });
  memberId = created.id;
  return tokens;
});

const page = (): Page => browser.page;
const row = (text: string) => page().locator('tbody tr', { hasText: text });

describe('payments', () => {
  let expiry = '';

  it('records a payment from the member page: Update Subscription, Cash, 1 period', async () => {
    await page().goto(`/members/${memberId}`);
    await page().getByRole('heading', { name: 'Efosa Igbinedion' }).waitFor();
    await page().getByText('No Subscription', { exact: true }).first().waitFor();
    // Today the button opens /payments?record=1&member_id={id}; opened in place, the same dialog.
    const { dialog, input } = await paymentDialog(
      page(),
      page().getByRole('button', { name: 'Update Subscription' }),
    );
    const member = dialog.getByLabel(/^Member/).and(page().locator('input'));
    await expect.poll(() => member.inputValue()).toBe('Efosa Igbinedion');
    expect(await member.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByRole('button', { name: 'Record Payment' }).isDisabled()).toBe(true);

    await choose(page(), input('Subscription Plan'), 'Monthly Gold (₦27,500/month)');
    await expect.poll(() => input('Duration').inputValue()).toBe('1');
    await choose(page(), input('Payment Method'), 'Cash');
    await expect.poll(() => input('Amount').inputValue()).toBe('₦27,500');
    await screenshot(page(), 'payments-01-record');

    // A double click records once (the button waits, and the Idempotency-Key guards a retry).
    await dialog.getByRole('button', { name: 'Record Payment' }).dblclick();
    const confirmation = dialog.getByRole('status');
    await confirmation.getByText('Payment recorded successfully').waitFor();
    await confirmation.getByText(/₦27,500 received from Efosa Igbinedion/).waitFor();
    const text = (await confirmation.innerText()).replace(/\s+/g, ' ');
    expiry = /New expiry date: (\d{1,2} \w{3} \d{4})/.exec(text)?.[1] ?? '';
    expect(expiry).not.toBe('');
    await screenshot(page(), 'payments-02-recorded');

    // It closes itself after 3 seconds.
    await dialog.waitFor({ state: 'detached', timeout: 6_000 });
  });

  it('lists the payment with its amount, once; the summary counts it', async () => {
    await page().goto('/payments');
    await row('Efosa Igbinedion').getByText('₦27,500').waitFor();
    await row('Efosa Igbinedion').getByText('Cash').waitFor();
    await page().getByText('Showing 1 to 1 of 1 payment').waitFor();
    await page().getByLabel('Total: 1').waitFor();
    await page().getByLabel('Today: ₦27,500').waitFor();
    expect(
      (await api('GET', '/v1/payment?page=1&per_page=20', undefined, accessToken)).meta?.total,
    ).toBe(1);
    // At 1280 px the whole table shows: nothing scrolls sideways.
    expect(await sidewaysScrolls(page())).toEqual([]);
    await screenshot(page(), 'payments-03-list');

    // The search box finds a member by phone and filters the list to them.
    await page().getByLabel('Search payments by member').fill('0802345');
    await page()
      .getByRole('option', { name: /Efosa Igbinedion/ })
      .click();
    await page().waitForURL(new RegExp(`/payments\\?member_id=${memberId}$`));
    await row('Efosa Igbinedion').waitFor();
    await page()
      .getByRole('button', { name: /^Filters/ })
      .getByText('1')
      .waitFor();
  });

  it('the subscription is Active on Subscriptions; filters live in the URL', async () => {
    await page().goto('/subscriptions');
    const sub = row('Efosa Igbinedion');
    await sub.getByText('Active', { exact: true }).waitFor();
    await sub.getByText('Monthly Gold').waitFor();
    await sub.getByText(expiry).waitFor();
    await page().getByLabel('Active: 1').waitFor();
    await screenshot(page(), 'payments-04-subscriptions');

    await page()
      .getByRole('button', { name: /^Filters/ })
      .click();
    await field(page(), 'Status').click();
    await page().getByRole('option', { name: 'Expired' }).click();
    await screenshot(page(), 'payments-05-subscription-filters');
    await page().getByRole('button', { name: 'Apply Filters' }).click();
    await page().waitForURL(/\/subscriptions\?status=expired$/);
    await page().getByText('No subscriptions match your filters').waitFor();
    await page().getByRole('button', { name: 'Clear Filters' }).click();
    await page().waitForURL(/\/subscriptions$/);
    await row('Efosa Igbinedion').waitFor();
  });

  it('the member is Active on the members list and details', async () => {
    await page().goto('/members');
    await row('Efosa Igbinedion').getByText('Active', { exact: true }).waitFor();
    await row('Efosa Igbinedion').getByText('Monthly Gold').waitFor();
    await page().goto(`/members/${memberId}`);
    await page().getByRole('heading', { name: 'Efosa Igbinedion' }).waitFor();
    // The status by the name and on the subscription card, besides the account status.
    await expect.poll(() => page().getByText('Active', { exact: true }).count()).toBe(3);
    expect(await page().getByText('No Subscription', { exact: true }).count()).toBe(0);
    await page().getByText('Monthly Gold').first().waitFor();
    await screenshot(page(), 'payments-06-member-active');
  });
});

describe('group plans', () => {
  it('a group payment covers the member it names: the confirmation, lists and details say so', async () => {
    await createPlan(accessToken, {
      name: 'Couple Pass',
      amount: 40000,
      duration: 1,
      duration_type: 'month',
      is_grouped: 1,
      group_limit: 2,
    });
    const payer = await createMember(accessToken, {
      first_name: 'Adaeze',
      last_name: 'Nwosu',
      mobile_number: '08023456700',
      email_address: `adaeze.${stamp}@example.com`,
      city: 'Ikeja',
      state: 'Lagos',
    });
    const partner = await createMember(accessToken, {
      first_name: 'Obinna',
      last_name: 'Nwosu',
      mobile_number: '08023456701',
      email_address: `obinna.${stamp}@example.com`,
      city: 'Ikeja',
      state: 'Lagos',
    });

    await page().goto(`/members/${payer.id}`);
    await page().getByRole('heading', { name: 'Adaeze Nwosu' }).waitFor();
    const { dialog, input } = await paymentDialog(
      page(),
      page().getByRole('button', { name: 'Update Subscription' }),
    );
    await choose(page(), input('Subscription Plan'), /^Couple Pass/);
    await dialog.getByText('Members covered (up to 2)').waitFor();
    await dialog.getByText('Adaeze Nwosu (payer)').waitFor();
    await dialog.getByLabel('Add a member to cover').fill('Obinna');
    await page()
      .getByRole('option', { name: /Obinna Nwosu/ })
      .click();
    await dialog.getByText('The group is full: remove a member to add another.').waitFor();
    await choose(page(), input('Payment Method'), 'Transfer');
    await expect.poll(() => input('Amount').inputValue()).toBe('₦40,000');
    await screenshot(page(), 'payments-07-group-record');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    const confirmation = dialog.getByRole('status');
    await confirmation.getByText('Also covers Obinna Nwosu for the same period.').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 6_000 });

    // One payment of ₦40,000; both covered on the subscriptions list.
    await page().goto('/payments');
    await row('Adaeze Nwosu').getByText('With Obinna Nwosu').waitFor();
    await page().goto('/subscriptions');
    // The payer's row says "With Obinna Nwosu"; the covered member's row names the payer.
    await row('Covered by Adaeze Nwosu').getByText('Obinna Nwosu').first().waitFor();
    await row('Covered by Adaeze Nwosu').getByText('Active', { exact: true }).waitFor();
    await row('With Obinna Nwosu').getByText('₦40,000').waitFor();

    // The covered member's details say whose group covers them.
    await page().goto('/members');
    await row('Obinna Nwosu').getByText('Active', { exact: true }).waitFor();
    await page().goto(`/members/${partner.id}`);
    await page().getByRole('heading', { name: 'Obinna Nwosu' }).waitFor();
    await page()
      .getByText(/^Covered by Adaeze Nwosu's group plan until \d{1,2} \w+ \d{4}$/)
      .waitFor();
    await screenshot(page(), 'payments-08-group-cover');
  });
});
