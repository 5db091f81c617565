import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOOPBACK_PAYSTACK_KEYS } from '../apps/api/src/test/loopback-paystack';
import { api, createMember, createMonthlyPlan, signUpOwner } from './api';
import { screenshot, useBrowser } from './browser';
import { useLoopbackPaystack } from './paystack';

/*
 * A gym takes a renewal online. The owner connects the gym's Paystack account in Settings →
 * Payments and pastes the webhook URL into "the Paystack dashboard" (the loopback Paystack that
 * e2e/run.mjs pointed Kora at). From the member's page the front desk sends a payment link; the
 * member opens /pay/{reference}, pays on the (fake) Paystack checkout and comes back to see the
 * new expiry; the member is Active and the payment is on Payments, by Card, once.
 */

const stamp = Date.now();
const [KEY] = LOOPBACK_PAYSTACK_KEYS;
let accessToken = '';
let memberId = 0;

const paystack = useLoopbackPaystack();

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Femi',
      last_name: 'Ogunleye',
      email: `owner.${stamp}@paidonline.ng`,
      phone_number: '08031112233',
      password: 'Kora!Online12',
    },
    { business_name: 'Paid Online Gym', address: '9 Admiralty Way', city: 'Lekki', state: 'Lagos' },
  );
  accessToken = tokens.access_token;
  await createMonthlyPlan(accessToken, 'Monthly Flex', 18000);
  memberId = (
    await createMember(accessToken, {
      first_name: 'Adaeze',
      last_name: 'Nwosu',
      mobile_number: '08025550123',
      email_address: `adaeze.${stamp}@example.com`,
      city: 'Lekki',
      state: 'Lagos',
    })
  ).id;
  return tokens;
});

const page = (): Page => browser.page;

describe('online payments', () => {
  let linkUrl = '';

  it('connects Paystack in Settings → Payments and shows the webhook URL to paste', async () => {
    await page().goto('/settings?tab=payments');
    await page().getByLabel('Paystack secret key').fill(KEY);
    await page().getByRole('button', { name: 'Connect Paystack' }).click();
    await page()
      .getByText(`Secret key ending in ••••${KEY.slice(-4)}`)
      .waitFor();
    const webhook = page().getByRole('textbox', { name: 'Webhook URL' });
    await expect.poll(() => webhook.inputValue()).toMatch(/\/v1\/paystack\/webhook\/[0-9a-f]{48}$/);
    // Pasted into the Paystack dashboard.
    paystack().webhooks.set(KEY, await webhook.inputValue());
    await screenshot(page(), 'online-01-connected');
  });

  it('sends a payment link from the member page', async () => {
    await page().goto(`/members/${memberId}`);
    await page().getByRole('heading', { name: 'Adaeze Nwosu' }).waitFor();
    await page().getByRole('button', { name: 'Send Payment Link' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel('Subscription Plan').and(page().locator('input')).click();
    await page()
      .getByRole('option', { name: /Monthly Flex/ })
      .click();
    await dialog.getByLabel('Copy the link').check();
    await expect
      .poll(() => dialog.getByLabel('Amount').and(page().locator('input')).inputValue())
      .toContain('18,000');
    await screenshot(page(), 'online-02-send-link');
    await dialog.getByRole('button', { name: 'Create link' }).dblclick();
    await dialog.getByText('Payment link created').waitFor();
    linkUrl = await dialog.getByRole('textbox', { name: 'Payment link' }).inputValue();
    expect(linkUrl).toMatch(/\/pay\/kora-[0-9a-f]{24}$/);
    // A double click made one link.
    const links = await api('GET', `/v1/member/${memberId}/payment-link`, undefined, accessToken);
    expect(links.meta?.total).toBe(1);
  });

  it('the member pays on the public page and sees the new expiry', async () => {
    await page().goto(linkUrl);
    await page().getByText('Hi Adaeze').waitFor();
    await page().getByText('Paid Online Gym').first().waitFor();
    await screenshot(page(), 'online-03-pay-page');
    await page().getByRole('link', { name: 'Pay ₦18,000' }).click();
    // Paystack's checkout (the loopback's), then back to our page.
    await page().getByRole('button', { name: 'Pay' }).click();
    await page().waitForURL(/\/pay\/kora-[0-9a-f]{24}\?/);
    await page().getByRole('heading', { name: 'Payment received' }).waitFor();
    await page()
      .getByText(/Your membership is active until/)
      .waitFor();
    await screenshot(page(), 'online-04-paid');
    // The signed webhook arrived and was accepted.
    expect(paystack().deliveries.at(-1)?.status).toBe(200);
  });

  it('the member is Active and the payment is on Payments, by Card, once', async () => {
    await page().goto(`/members/${memberId}`);
    await page().getByRole('heading', { name: 'Adaeze Nwosu' }).waitFor();
    await page().getByText('Active', { exact: true }).first().waitFor();
    await page().getByText('Paid', { exact: true }).first().waitFor();
    await page().goto('/payments');
    const row = page().locator('tbody tr', { hasText: 'Adaeze Nwosu' });
    await row.getByText('₦18,000').waitFor();
    await row.getByText('Card').waitFor();
    const payments = await api('GET', '/v1/payment?page=1&per_page=20', undefined, accessToken);
    expect(payments.meta?.total).toBe(1);
    await screenshot(page(), 'online-05-payments');
  });
});
