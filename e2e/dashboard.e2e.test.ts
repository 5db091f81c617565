import { paymentContracts } from '@kora/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, createMember, createMonthlyPlan, createPlan, signUpOwner } from './api';
import { screenshot, useBrowser } from './browser';

/*
 * The owner's morning: a new gym sees its first steps; once payments for two plans are recorded,
 * the cards, the revenue-by-plan chart (its table for screen readers) and recent activity show
 * them; a member whose week ends soon is in the expiring list, and Renew opens Record Payment
 * for that member. Owner, plans and members are made through the API; the rest in the browser.
 */

const stamp = Date.now();
const email = `owner.${stamp}@morning.ng`;
const password = 'Kora!Dash12';

let token = '';
let gold = { id: 0 };
let week = { id: 0 };
let ada = { id: 0 };
let bola = { id: 0 };

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    { first_name: 'Tola', last_name: 'Bakare', email, phone_number: '08031112233', password },
    { business_name: 'Morning Fitness', address: '9 Allen Avenue', city: 'Ikeja', state: 'Lagos' },
  );
  token = tokens.access_token;
  gold = await createMonthlyPlan(token, 'Monthly Gold', 27500);
  week = await createPlan(token, {
    name: 'Weekly Pass',
    amount: 5000,
    duration: 1,
    duration_type: 'week',
  });
  const member = (first_name: string, last_name: string, phone: string) =>
    createMember(token, {
      first_name,
      last_name,
      mobile_number: phone,
      email_address: `${first_name.toLowerCase()}.${stamp}@example.com`,
      city: 'Ikeja',
      state: 'Lagos',
    });
  ada = await member('Ada', 'Obi', '08024440001');
  bola = await member('Bola', 'Tinubu', '08024440002');
  return tokens;
});

const page = (): Page => browser.page;

const record = (memberId: number, planId: number, amount: number, method: string) =>
  call(paymentContracts.record, {
    token,
    body: { member_id: memberId, subscription_type_id: planId, amount, method, duration: 1 },
  });

/** The value shown on a card, by its label. */
const card = (label: string) => page().getByRole('group', { name: label });

describe('dashboard', () => {
  it('shows a new gym its first steps, ticked from what it has done', async () => {
    await page().goto('/dashboard');
    await page().getByRole('heading', { name: 'Dashboard' }).waitFor();
    const steps = page().getByRole('region', { name: /Get started/ });
    await steps.waitFor();
    // A plan and two members exist; no payment, team member or message yet.
    await steps.getByText('2 of 5 done').waitFor();
    await screenshot(page(), 'dashboard-01-new');
  });

  it('shows payments of two plans on the cards, by plan and in recent activity', async () => {
    await record(ada.id, gold.id, 27500, 'Transfer');
    await record(bola.id, week.id, 5000, 'Cash');
    await page().reload();
    await card('Monthly Revenue').getByText('₦32,500').waitFor();
    await card('Active Subscriptions').getByText('2', { exact: true }).waitFor();
    await card('Total Members').getByText('2', { exact: true }).waitFor();

    // The chart's table for screen readers: each plan with its revenue.
    const byPlan = page().getByRole('table', { name: /Revenue by plan/i });
    await expect
      .poll(() => byPlan.locator('tr', { hasText: 'Monthly Gold' }).innerText())
      .toMatch(/₦27,500/);
    await expect
      .poll(() => byPlan.locator('tr', { hasText: 'Weekly Pass' }).innerText())
      .toMatch(/₦5,000/);

    const activity = page().getByRole('region', { name: 'Recent Activity' });
    await activity.getByText(/Bola Tinubu paid ₦5,000/).waitFor();
    await activity.getByText(/Ada Obi paid ₦27,500/).waitFor();
    await screenshot(page(), 'dashboard-02-figures');
  });

  it('lists a week ending soon; Renew opens Record Payment for that member', async () => {
    const expiring = page().getByRole('region', { name: /Expiring in the next 7 days/ });
    await expiring.getByText('Bola Tinubu').waitFor();
    // Ada's month ends later than 7 days from now.
    expect(await expiring.getByText('Ada Obi').count()).toBe(0);
    await expiring.getByRole('button', { name: 'Renew Bola Tinubu' }).click();
    const dialog = page().getByRole('dialog', { name: 'Record Payment' });
    await dialog.waitFor();
    const member = dialog.getByLabel(/^Member/).and(page().locator('input'));
    await expect.poll(() => member.inputValue()).toBe('Bola Tinubu');

    // Renewing for a week: the dashboard's figures follow without a reload.
    const input = (label: string) => dialog.getByLabel(label).and(page().locator('input'));
    await input('Subscription Plan').click();
    await page()
      .getByRole('option', { name: /Weekly Pass/ })
      .click();
    await input('Payment Method').click();
    await page().getByRole('option', { name: 'Cash' }).click();
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByText('Payment recorded successfully').waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await card('Monthly Revenue').getByText('₦37,500').waitFor();
  });
});
