import { addDays, formatDay, lagosDay, periodEnd } from '@kora/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOOPBACK_PAYSTACK_KEYS } from '../apps/api/src/test/loopback-paystack';
import { api, BASE_URL, createMember, signUpOwner } from './api';
import { screenshot, useBrowser } from './browser';
import { useLoopbackPaystack } from './paystack';

/*
 * A member serves themselves on a 375 px phone. The gym (Paystack connected, a Monthly plan
 * sold online and open to freezes) is made through the API. The member opens /m/{code}, signs
 * in with the 6-digit code read from the outbox, sees "Active, … days left", renews on the
 * (loopback) Paystack checkout and sees the new end date, and asks for a freeze (from tomorrow
 * at the earliest, as members may); the gym approves it on its dashboard; a freeze the desk starts today turns
 * the desk's verdict to "Frozen until …".
 */

const stamp = Date.now();
const KEY = LOOPBACK_PAYSTACK_KEYS[1] ?? LOOPBACK_PAYSTACK_KEYS[0];
const PHONE = '08026660101';
const PHONE_E164 = '+2348026660101';
const PHONE_SIZE = { width: 375, height: 812 };

let token = '';
let gym = '';
let memberId = 0;

const paystack = useLoopbackPaystack();

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Tunde',
      last_name: 'Bello',
      email: `owner.${stamp}@memberpage.ng`,
      phone_number: '08026660100',
      password: 'Kora!Member12',
    },
    { business_name: 'Member Page Gym', address: '4 Awolowo Road', city: 'Ikoyi', state: 'Lagos' },
  );
  token = tokens.access_token;
  // Paystack connected, its webhook pasted into the (loopback) Paystack dashboard.
  const connection = await api<{ webhook_url: string }>(
    'PUT',
    '/v1/business/paystack',
    { secret_key: KEY },
    token,
  );
  paystack().webhooks.set(KEY!, connection.data.webhook_url);
  const plan = await api<{ id: number }>(
    'POST',
    '/v1/subscription-type',
    {
      name: 'Monthly Self',
      amount: 25000,
      duration: 1,
      duration_type: 'month',
      available_online: true,
      freeze_allowed: true,
      freeze_min_days: 2,
      freeze_max_days: 30,
    },
    token,
  );
  memberId = (
    await createMember(token, {
      first_name: 'Kemi',
      last_name: 'Adeyemi',
      mobile_number: PHONE,
      email_address: `kemi.${stamp}@example.com`,
      city: 'Ikoyi',
      state: 'Lagos',
    })
  ).id;
  await api(
    'POST',
    '/v1/payment',
    {
      member_id: memberId,
      subscription_type_id: plan.data.id,
      amount: 25000,
      method: 'Cash',
      duration: 1,
    },
    token,
  );
  const business = await api<{ business_code: string }>(
    'GET',
    '/v1/business/profile',
    undefined,
    token,
  );
  gym = business.data.business_code;
  return tokens;
});

const page = (): Page => browser.page;

/** The newest 6-digit sign-in code sent to the member's phone (in the outbox). */
const signInCode = async (): Promise<string> => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE_URL}/dev/outbox`);
    const { data } = (await res.json()) as { data: { to: string; text: string | null }[] };
    for (const m of data) {
      const match = [PHONE, PHONE_E164].includes(m.to)
        ? /(\d{6}) is your/.exec(m.text ?? '')
        : null;
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no sign-in code in the outbox');
};

/** The "Ends" date on the member's home page. */
const endsOn = () =>
  page()
    .locator('dt', { hasText: /^Ends$/ })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();

const today = lagosDay();

describe('member’s page at 375 px', () => {
  let endBefore = '';

  it('signs in with the code from the outbox and sees the days left', async () => {
    await page().setViewportSize(PHONE_SIZE);
    await page().goto(`/m/${gym}`);
    await page().getByText('Member Page Gym').first().waitFor();
    await page().getByLabel('Sign in with your phone number or e-mail').fill(PHONE);
    await screenshot(page(), 'member-portal-01-sign-in');
    await page().getByRole('button', { name: 'Send me a code' }).click();
    await page().waitForURL(new RegExp(`/m/${gym}/code$`));
    await page().getByText('If you are a member of Member Page Gym, we sent you a code.').waitFor();
    // The number is in no address.
    expect(page().url()).not.toContain('0101');
    await page().reload();
    await page()
      .getByLabel('6-digit code')
      .fill(await signInCode());
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByRole('heading', { name: 'Hi Kemi' }).waitFor();
    await page()
      .getByText(/^Active, \d+ days left$/)
      .waitFor();
    endBefore = await endsOn();
    await screenshot(page(), 'member-portal-02-home');
  });

  it('renews on the Paystack checkout and sees the new end date', async () => {
    await page().setViewportSize(PHONE_SIZE);
    await page().getByRole('link', { name: 'Renew my plan' }).click();
    await page()
      .getByLabel(/Monthly Self: ₦25,000 for 1 month/)
      .check();
    await page().getByRole('button', { name: 'Continue to payment' }).click();
    await page().waitForURL(/\/pay\/kora-[0-9a-f]{24}$/);
    await page().getByRole('link', { name: 'Pay ₦25,000' }).click();
    // Paystack's checkout (the loopback's), then back to Kora.
    await page().getByRole('button', { name: 'Pay' }).click();
    await page()
      .getByText(/Payment received/)
      .first()
      .waitFor();
    await page().goto(`/m/${gym}`);
    await page().getByRole('heading', { name: 'Hi Kemi' }).waitFor();
    // Paid today at the desk for a month; the renewal follows on the next day for a month.
    const firstEnd = periodEnd(today, 'month', 1);
    expect(endBefore).toBe(formatDay(firstEnd));
    await expect.poll(endsOn).toBe(formatDay(periodEnd(addDays(firstEnd, 1), 'month', 1)));
    await screenshot(page(), 'member-portal-03-renewed');
  });

  it('asks for a freeze; the gym approves it and the member sees it approved', async () => {
    await page().setViewportSize(PHONE_SIZE);
    await page().getByRole('link', { name: 'Freeze' }).click();
    await page().getByLabel('First frozen day').fill(addDays(today, 10));
    await page().getByLabel('Last frozen day').fill(addDays(today, 16));
    await page().getByLabel('Reason').fill('Travelling to Abuja');
    await page().getByRole('button', { name: 'Ask for a freeze' }).click();
    await page().getByText('Your freeze request was sent.').waitFor();
    await page().getByText('Waiting for the gym').waitFor();
    await screenshot(page(), 'member-portal-04-freeze-requested');

    // The gym approves it from the dashboard's Freeze requests, on the desk's computer.
    await page().setViewportSize({ width: 1280, height: 800 });
    await page().goto('/dashboard');
    const requests = page().getByRole('region', { name: 'Freeze requests' });
    const request = requests.getByRole('listitem', { name: 'Kemi Adeyemi' });
    await request.getByText('Travelling to Abuja').waitFor();
    await request.getByRole('button', { name: 'Approve' }).click();
    // Approved, the request leaves the list (the card goes when none is left).
    await requests.waitFor({ state: 'detached' });
    await screenshot(page(), 'member-portal-05-freeze-approved');

    await page().setViewportSize(PHONE_SIZE);
    await page().goto(`/m/${gym}/freeze`);
    await page().getByText('Approved').first().waitFor();
  });

  it('a freeze from today: the desk’s verdict says "Frozen until …"', async () => {
    // A member's own freeze starts tomorrow at the earliest; the desk may freeze from today.
    await api(
      'POST',
      `/v1/member/${memberId}/freeze`,
      { start_date: today, end_date: addDays(today, 2), reason: 'Injury' },
      token,
    );
    await page().setViewportSize({ width: 1280, height: 800 });
    await page().goto('/check-in');
    const search = page().getByLabel('Phone, member ID, card or name');
    await search.fill(PHONE);
    await search.press('Enter');
    const verdict = page().getByRole('region', { name: 'Kemi Adeyemi: can they train today?' });
    await verdict.getByText(/^Frozen until \d{1,2} [A-Z][a-z]+/).waitFor();
    await screenshot(page(), 'member-portal-06-frozen-at-desk');
    // The member's page says the same.
    await page().setViewportSize(PHONE_SIZE);
    await page().goto(`/m/${gym}`);
    await page()
      .getByText(/^Frozen until/)
      .waitFor();
  });
});
