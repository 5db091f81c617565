import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  authContracts,
  paymentContracts,
  teamContracts,
  type Payment,
  type TokenPair,
} from '@kora/shared';
import {
  BASE_URL,
  api,
  call,
  createMember,
  createMonthlyPlan,
  signUpOwner,
  waitForSetPasswordToken,
} from './api';
import { choose, field, paymentDialog, screenshot, useBrowser, useLaterBrowser } from './browser';

/*
 * Every naira accounted for, at the front desk. A receptionist (staff) records a cash payment in
 * the browser, sends its receipt on WhatsApp (it reaches the outbox), then voids it with a reason:
 * it was recorded for the wrong member. The owner finds both on the Activity page, in plain
 * words, with who did it. At the end of the shift the receptionist counts ₦500 less than Kora
 * expects: the cash-up says Short ₦500, and the owner's cash-up screen shows it in red. The
 * owner, the business, the plan, the member and the receptionist's account are made through the
 * API; the rest in the browser.
 */

const stamp = Date.now();
const ownerEmail = `owner.${stamp}@trailgym.ng`;
const staffEmail = `desk.${stamp}@trailgym.ng`;
const staffPassword = 'Kora!Desk77';
const memberPhone = '08034445566';
const voidReason = 'Recorded for the wrong member';

let ownerToken = '';
let staffTokens: TokenPair | undefined;
let memberId = 0;
let planId = 0;
let receiptNumber = '';
let paymentId = 0;

const owner = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Funmi',
      last_name: 'Adeyemi',
      email: ownerEmail,
      phone_number: '08031112222',
      password: 'Kora!Owner7',
    },
    {
      business_name: 'Trail Gym Surulere',
      address: '9 Adeniran Ogunsanya',
      city: 'Surulere',
      state: 'Lagos',
    },
  );
  ownerToken = tokens.access_token;
  planId = (await createMonthlyPlan(ownerToken, 'Monthly Silver', 25000)).id;
  memberId = (
    await createMember(ownerToken, {
      first_name: 'Tunde',
      last_name: 'Bakare',
      mobile_number: memberPhone,
      email_address: `tunde.${stamp}@example.com`,
      city: 'Surulere',
      state: 'Lagos',
    })
  ).id;

  // The receptionist: invited as staff, sets a password from the invitation link, signs in.
  await call(teamContracts.invite, {
    body: { email: staffEmail, role: 'staff', first_name: 'Chidi', last_name: 'Okeke' },
    token: ownerToken,
  });
  const token = await waitForSetPasswordToken(staffEmail);
  await call(authContracts.confirmPasswordReset, {
    body: { token, password: staffPassword, confirm_password: staffPassword, type: 'setup' },
  });
  staffTokens = (
    await call(authContracts.login, {
      body: { email: staffEmail, password: staffPassword, remember_me: true },
    })
  ).data as TokenPair;
  return tokens;
});

const desk = useLaterBrowser();

const ownerPage = (): Page => owner.page;
const staffPage = desk.page;

interface OutboxMessage {
  channel: string;
  to: string;
  text: string | null;
}

/** The WhatsApp messages in the outbox whose text names `receipt`. */
const whatsAppsNaming = async (receipt: string) => {
  const { data } = (await (await fetch(`${BASE_URL}/dev/outbox`)).json()) as {
    data: OutboxMessage[];
  };
  return data.filter((m) => m.channel === 'whatsapp' && (m.text ?? '').includes(receipt));
};

describe('money trail: a cash payment voided, the trail and the drawer', () => {
  it('the receptionist records a cash payment at the desk', async () => {
    await desk.launch(staffTokens);
    await staffPage().goto(`/members/${memberId}`);
    await staffPage().getByRole('heading', { name: 'Tunde Bakare' }).waitFor();
    const { dialog, input } = await paymentDialog(
      staffPage(),
      staffPage().getByRole('button', { name: 'Update Subscription' }),
    );
    await choose(staffPage(), input('Subscription Plan'), /^Monthly Silver/);
    await choose(staffPage(), input('Payment Method'), 'Cash');
    await expect.poll(() => input('Amount').inputValue()).toBe('₦25,000');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByText('Payment recorded successfully').waitFor();
    await screenshot(staffPage(), 'money-trail-01-recorded');

    const payments = await api<Payment[]>(
      'GET',
      `/v1/payment?member_id=${memberId}`,
      undefined,
      staffTokens!.access_token,
    );
    expect(payments.data).toHaveLength(1);
    paymentId = payments.data[0]!.id;
    receiptNumber = payments.data[0]!.receipt_number;
    expect(receiptNumber).toMatch(/^[A-Z0-9]+-\d{6}$/);
  });

  it('sends the receipt on WhatsApp from the payment: it reaches the outbox', async () => {
    await staffPage().goto(`/payments/${paymentId}`);
    await staffPage().getByText(receiptNumber).first().waitFor();
    const whatsApp = staffPage().getByRole('button', { name: /WhatsApp/ });
    // The channels may sit behind a Send receipt menu.
    if (!(await whatsApp.first().isVisible())) {
      await staffPage()
        .getByRole('button', { name: /^Send receipt/ })
        .first()
        .click();
    }
    await staffPage()
      .getByRole('button', { name: /WhatsApp/ })
      .or(staffPage().getByRole('menuitem', { name: /WhatsApp/ }))
      .first()
      .click();
    await expect.poll(async () => (await whatsAppsNaming(receiptNumber)).length).toBe(1);
    await screenshot(staffPage(), 'money-trail-02-receipt-sent');
  });

  it('voids it with a reason: the payment shows Voided', async () => {
    await staffPage().getByRole('button', { name: /^Void/ }).first().click();
    const dialog = staffPage().getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel(/^Reason/).fill(voidReason);
    await screenshot(staffPage(), 'money-trail-03-void');
    await dialog.getByRole('button', { name: /^Void/ }).click();
    await dialog.waitFor({ state: 'detached' });
    // The page says it was voided, and why.
    await staffPage()
      .getByText(/^(Voided|This payment was voided)$/)
      .first()
      .waitFor();
    await staffPage().getByText(new RegExp(voidReason)).first().waitFor();
    await screenshot(staffPage(), 'money-trail-04-voided');
  });

  it('staff have no Activity: neither in the navigation nor at its address', async () => {
    const nav = staffPage().getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Cash-up' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Activity' }).count()).toBe(0);
    await staffPage().goto('/activity');
    await staffPage()
      .getByText('Only the business owner or an admin can see the activity.')
      .waitFor();
  });

  it('the owner sees the receipt sent and the void on the Activity page, with who did it', async () => {
    await ownerPage().goto('/dashboard');
    await ownerPage()
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await ownerPage().waitForURL(/\/activity$/);
    const entries = ownerPage().getByRole('list', { name: 'Entries' });
    const voided = entries
      .getByRole('listitem')
      .filter({ hasText: `voided payment ${receiptNumber}` });
    await voided.waitFor();
    expect(await voided.innerText()).toContain(voidReason);
    expect(await voided.innerText()).toContain('Chidi Okeke (staff)');
    const sent = entries
      .getByRole('listitem')
      .filter({ hasText: receiptNumber })
      .filter({ hasText: /WhatsApp/i });
    await sent.first().waitFor();
    await screenshot(ownerPage(), 'money-trail-05-activity');

    // The Kind of record filter keeps the payments' entries.
    await field(ownerPage(), 'Kind of record').click();
    await ownerPage().getByRole('option', { name: 'Payments' }).click();
    await ownerPage().waitForURL(/record_kind=payment/);
    await voided.waitFor();

    // The member's details show the same history.
    await ownerPage().goto(`/members/${memberId}`);
    await ownerPage().getByRole('heading', { name: 'History' }).waitFor();
    await ownerPage()
      .getByText(new RegExp(`voided payment ${receiptNumber}`))
      .first()
      .waitFor();
  });

  it('a cash-up ₦500 short: the receptionist sees Short ₦500, the owner sees it in red', async () => {
    // Another cash payment at the desk: the voided one is not in the drawer, this one is.
    await call(paymentContracts.record, {
      body: {
        member_id: memberId,
        subscription_type_id: planId,
        amount: 25000,
        method: 'Cash',
        duration: 1,
      },
      token: staffTokens!.access_token,
    });

    await staffPage().goto('/cash-up');
    await staffPage().getByRole('heading', { name: 'Your drawer' }).waitFor();
    await staffPage().getByLabel('Expected cash: ₦25,000').waitFor();
    await field(staffPage(), 'Counted').fill('24500');
    await staffPage().getByLabel('Note').fill('Short one ₦500 note');
    await staffPage().getByRole('button', { name: 'Record cash-up' }).dblclick();
    const result = staffPage().getByRole('status').filter({ hasText: 'Cash-up recorded' });
    await result.getByText('Short ₦500').waitFor();
    await screenshot(staffPage(), 'money-trail-06-cash-up');

    await ownerPage().goto('/cash-up');
    const row = ownerPage().locator('tbody tr', { hasText: 'Chidi Okeke' });
    await row.getByText('Short ₦500').waitFor();
    expect(await row.count()).toBe(1);
    const colour = await row
      .getByText('Short ₦500')
      .evaluate((el) => getComputedStyle(el.closest('.mantine-Badge-root') ?? el).color);
    // Mantine's light red badge: the text is red (more red than green or blue).
    const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(b! + 60);
    await ownerPage().getByRole('switch', { name: 'Only short' }).click();
    await ownerPage().waitForURL(/short_only=true/);
    await row.getByText('Short ₦500').waitFor();
    await screenshot(ownerPage(), 'money-trail-07-owner-cash-ups');
  });
});
