import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { teamContracts } from '@kora/shared';
import { call, createMember, createMonthlyPlan, signUpOwner, waitForSetPasswordToken } from './api';
import { choose, field, paymentDialog, screenshot, useBrowser, useLaterBrowser } from './browser';

/*
 * The owner brings a receptionist onto the team: invites them as staff from Users; the
 * invitation e-mail's link (read from the dev outbox) opens the account setup page; the
 * receptionist sets their name and password, signs in to the business with the STAFF badge,
 * records a payment, and finds plan editing disabled with the reason. The owner then sees them
 * Verified. The owner promotes them to Admin: after a reload (their token, minutes old, still
 * says staff) they are told their new role and may add plans. Removed from the team, their next
 * click signs them out and the sign-in page says why. The owner, business, plan and member are
 * made through the API.
 */

const stamp = Date.now();
const ownerEmail = `owner.${stamp}@teamgym.ng`;
const staffEmail = `desk.${stamp}@teamgym.ng`;
const staffPassword = 'Kora!Desk42';
let memberId = 0;
let ownerToken = '';

const owner = useBrowser(async () => {
  const tokens = await signUpOwner(
    {
      first_name: 'Bola',
      last_name: 'Akande',
      email: ownerEmail,
      phone_number: '08031110000',
      password: 'Kora!Owner1',
    },
    { business_name: 'Team Gym Lekki', address: '5 Admiralty Way', city: 'Lekki', state: 'Lagos' },
  );
  ownerToken = tokens.access_token;
  await createMonthlyPlan(tokens.access_token, 'Monthly Basic', 15000);
  memberId = (
    await createMember(tokens.access_token, {
      first_name: 'Uche',
      last_name: 'Nwosu',
      mobile_number: '08027778888',
      email_address: `uche.${stamp}@example.com`,
      city: 'Lekki',
      state: 'Lagos',
    })
  ).id;
  return tokens;
});

const invitee = useLaterBrowser();

const ownerPage = (): Page => owner.page;
const staffPage = invitee.page;
const userRow = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

describe('team: invite a staff member', () => {
  it('the owner invites a receptionist as Staff', async () => {
    await ownerPage().goto('/users');
    await userRow(ownerPage(), ownerEmail).getByText('OWNER', { exact: true }).waitFor();
    await ownerPage().getByRole('button', { name: 'Invite User' }).first().click();
    const dialog = ownerPage().getByRole('dialog', { name: 'Invite User' });
    await dialog.waitFor();
    await field(ownerPage(), 'Email Address').fill(staffEmail);
    await dialog.getByLabel(/^Role/).and(ownerPage().locator('input')).click();
    await ownerPage().getByRole('option', { name: 'Staff' }).click();
    await screenshot(ownerPage(), 'team-01-invite');
    await dialog.getByRole('button', { name: 'Send Invitation' }).dblclick();
    await dialog.getByText('Invitation sent successfully').waitFor();
    await dialog.getByText(staffEmail).waitFor();
    // It closes itself after 3 seconds and the list shows the invitation, Pending.
    await dialog.waitFor({ state: 'detached', timeout: 6_000 });
    const row = userRow(ownerPage(), staffEmail);
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('STAFF', { exact: true }).waitFor();
    expect(await userRow(ownerPage(), staffEmail).count()).toBe(1);
    await screenshot(ownerPage(), 'team-02-pending');
  });

  it('the invitation link opens account setup; the invitee sets a name and password', async () => {
    const token = await waitForSetPasswordToken(staffEmail);
    await invitee.launch();
    await staffPage().goto(`/set-password?token=${token}`);
    await staffPage().getByRole('heading', { name: 'Set Up Your Account' }).waitFor();
    await expect.poll(() => field(staffPage(), 'Email Address').inputValue()).toBe(staffEmail);
    await field(staffPage(), 'First Name').fill('Amaka');
    await field(staffPage(), 'Last Name').fill('Obi');
    await field(staffPage(), 'Password').fill(staffPassword);
    await field(staffPage(), 'Confirm Password').fill(staffPassword);
    await screenshot(staffPage(), 'team-03-setup');
    await staffPage().getByRole('button', { name: 'Complete Setup' }).click();
    await staffPage()
      .getByText('Account setup complete! Please log in with your new password.')
      .first()
      .waitFor();
    await staffPage().waitForURL(/\/login$/, { timeout: 10_000 });

    // The link works once: opened again, it says so.
    await staffPage().goto(`/set-password?token=${token}`);
    await staffPage().getByText('This link has already been used').waitFor();
    await staffPage().getByRole('link', { name: 'Go to Login' }).click();
    await staffPage().waitForURL(/\/login$/);
  });

  it('signs in to the business with the STAFF badge and records a payment', async () => {
    await field(staffPage(), 'Email Address').fill(staffEmail);
    await field(staffPage(), 'Password').fill(staffPassword);
    await staffPage().getByRole('button', { name: 'Sign In' }).click();
    await staffPage().waitForURL(/\/dashboard$/);
    await staffPage().getByText('Team Gym Lekki').first().waitFor();
    await staffPage().getByRole('button', { name: 'Account menu for Amaka Obi' }).click();
    await staffPage().getByLabel('Role: staff').waitFor();
    expect(await staffPage().getByLabel('Role: staff').innerText()).toBe('STAFF');
    await staffPage().keyboard.press('Escape');

    await staffPage().goto(`/members/${memberId}`);
    await staffPage().getByRole('heading', { name: 'Uche Nwosu' }).waitFor();
    const { dialog, input } = await paymentDialog(
      staffPage(),
      staffPage().getByRole('button', { name: 'Update Subscription' }),
    );
    await choose(staffPage(), input('Subscription Plan'), /^Monthly Basic/);
    await choose(staffPage(), input('Payment Method'), 'Transfer');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByText('Payment recorded successfully').waitFor();
    await screenshot(staffPage(), 'team-04-staff-payment');
  });

  it('sees plan editing disabled, with the reason', async () => {
    await staffPage().goto('/subscription-plans');
    const add = staffPage().getByRole('button', { name: 'Add Plan' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);
    await add.locator('..').hover();
    await staffPage()
      .getByText(
        'Only the business owner or an admin can create, edit or delete subscription plans.',
      )
      .waitFor();
    await screenshot(staffPage(), 'team-05-staff-plans');

    // Inviting is the owner's and admins' job: disabled too.
    await staffPage().goto('/users');
    await userRow(staffPage(), ownerEmail).waitFor();
    expect(
      await staffPage().getByRole('button', { name: 'Invite User' }).first().isDisabled(),
    ).toBe(true);
  });

  it('the owner sees the receptionist Verified, with their name', async () => {
    await ownerPage().reload();
    const row = userRow(ownerPage(), staffEmail);
    await row.getByText('Verified', { exact: true }).waitFor();
    await row.getByText('Amaka Obi').waitFor();
    await screenshot(ownerPage(), 'team-06-verified');
  });

  it('promoted to Admin, the receptionist sees Add Plan after a reload, and is told', async () => {
    const team = await call(teamContracts.list, { token: ownerToken });
    const person = team.data.find((u) => u.email === staffEmail)!;
    await call(teamContracts.changeRole, {
      params: { id: person.id },
      body: { role: 'admin' },
      token: ownerToken,
    });
    // Their access token, minutes old, still says staff: the screens follow the server.
    await staffPage().goto('/subscription-plans');
    await staffPage().getByText('Your role is now Admin.').first().waitFor();
    const add = staffPage().getByRole('button', { name: 'Add Plan' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await screenshot(staffPage(), 'team-07-promoted');
  });

  it('removed from the team, their next action signs them out and says why', async () => {
    const team = await call(teamContracts.list, { token: ownerToken });
    const person = team.data.find((u) => u.email === staffEmail)!;
    await call(teamContracts.remove, { params: { id: person.id }, token: ownerToken });
    await staffPage().getByRole('link', { name: 'Members' }).first().click();
    await staffPage().waitForURL(/\/login$/);
    await staffPage().getByText('You no longer have access to Team Gym Lekki.').waitFor();
    expect(await staffPage().evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await screenshot(staffPage(), 'team-08-removed');
  });
});
