import { describe, expect, it } from 'vitest';
import { BASE_URL, waitForSetPasswordToken, waitForVerificationCode } from './api';
import { field, screenshot, useBrowser } from './browser';
import { usePng } from './files';

/*
 * A gym owner's first day: sign up, verify the e-mail (which signs in), set the business up with a
 * logo, edit the profile, change the password, sign out, forget the password, reset it from
 * the e-mailed link and sign in with the new one.
 */

const email = `ada.${Date.now()}@irongym.ng`;
const passwords = { first: 'Kora!Start1', changed: 'Kora!Change2', reset: 'Kora!Reset3' };
const businessName = 'Iron Paradise Gym';

const logo = usePng('logo.png', {
  width: 240,
  height: 240,
  channels: 4,
  background: '#0f766e',
  shapes: '<circle cx="120" cy="120" r="70" fill="#fff"/>',
});
const browser = useBrowser();

const page = () => browser.page;
const openUserMenu = () =>
  page()
    .getByRole('button', { name: /^Account menu for/ })
    .click();

describe('identity: sign-up to password reset', () => {
  it('signs up and verifies the e-mail with the code from the outbox', async () => {
    await page().goto('/');
    await page().getByRole('heading', { name: 'Run your gym, not spreadsheets' }).waitFor();
    await screenshot(page(), '01-landing');

    await page().getByRole('link', { name: 'Get Started' }).first().click();
    await page().waitForURL(/\/signup$/);
    await field(page(), 'First Name').fill('Ada');
    await field(page(), 'Last Name').fill('Obi');
    await field(page(), 'Email Address').fill(email);
    await field(page(), 'Phone Number').fill('08031234567');
    await field(page(), 'Password').fill(passwords.first);
    await field(page(), 'Confirm Password').fill(passwords.first);
    await screenshot(page(), '02-signup');
    await page().getByRole('button', { name: 'Create Account' }).click();

    await page().getByRole('heading', { name: 'Verify your email' }).waitFor();
    const code = await waitForVerificationCode(email);
    await field(page(), 'Verification Code').fill(code);
    await screenshot(page(), '03-verify');
    await page().getByRole('button', { name: 'Verify Email' }).click();

    // Verified is signed in: no password asked again, and a first session is welcomed.
    await page().waitForURL(/\/dashboard$/);
    await page().getByText('Welcome, Ada. Here is an overview of your gym.').waitFor();
    await screenshot(page(), '04-dashboard-first-sign-in');
  });

  it('sees the business-setup prompt', async () => {
    await page().getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page()
      .getByText(
        'Complete your business information to unlock all features and start managing your gym effectively.',
      )
      .waitFor();
    await screenshot(page(), '05-dashboard-no-business');
  });

  it('sets the business up with a logo; the header shows the business', async () => {
    await page().getByRole('button', { name: 'Setup Business' }).click();
    const dialog = page().getByRole('dialog', { name: 'Setup Your Business' });
    await dialog.waitFor();
    await field(page(), 'Business Name').fill(businessName);
    await field(page(), 'Address').fill('12 Admiralty Way, Lekki Phase 1');
    await field(page(), 'City').fill('Lekki');
    await field(page(), 'State').click();
    await field(page(), 'State').fill('Lag');
    await page().getByRole('option', { name: 'Lagos' }).click();
    await field(page(), 'Business Phone').fill('08031234567');
    await dialog.getByLabel('Business logo').setInputFiles(logo.path);
    const preview = dialog.getByRole('img', { name: 'Business logo preview' });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/\/uploads\//);
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Complete Setup' }).isEnabled())
      .toBe(true);
    await screenshot(page(), '06-business-setup');
    await dialog.getByRole('button', { name: 'Complete Setup' }).click();

    await page().getByText('Business setup completed!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page().getByTestId('business-name').textContent()).toBe(businessName);
    await page()
      .getByRole('img', { name: `${businessName} logo` })
      .waitFor();
    await page().getByRole('button', { name: 'Setup Business' }).waitFor({ state: 'hidden' });
    await screenshot(page(), '07-dashboard-business');

    const token = await page().evaluate(() => localStorage.getItem('token'));
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'owner', business_id: expect.any(Number) });
  });

  it('shows the business in settings', async () => {
    await page().getByRole('link', { name: 'Settings' }).click();
    await page().waitForURL(/\/settings$/);
    await expect.poll(() => field(page(), 'Business Name').inputValue()).toBe(businessName);
    await expect
      .poll(() => page().getByRole('button', { name: 'Save Changes' }).isDisabled())
      .toBe(true);
    await screenshot(page(), '08-settings');
  });

  it('edits the profile', async () => {
    await openUserMenu();
    await page().getByRole('menuitem', { name: 'View Profile' }).click();
    await page().waitForURL(/\/profile$/);
    // The account menu (which shows the role too) may still be closing.
    await page().getByRole('main').getByText('OWNER').waitFor();
    await page().getByText('Email verified').waitFor();
    await page().getByRole('button', { name: 'Edit Profile' }).click();
    await field(page(), 'First Name').fill('Adaeze');
    await page().getByRole('button', { name: 'Save Changes' }).click();
    await page().getByText('Profile updated successfully!').waitFor();
    await page().getByRole('heading', { name: 'Adaeze Obi' }).waitFor();
    await screenshot(page(), '09-profile');
  });

  it('changes the password and stays signed in', async () => {
    await openUserMenu();
    await page().getByRole('menuitem', { name: 'Change Password' }).click();
    await page().waitForURL(/\/change-password$/);
    await field(page(), 'Current Password').fill(passwords.first);
    await field(page(), 'New Password').fill(passwords.changed);
    await field(page(), 'Confirm New Password').fill(passwords.changed);
    await page().getByRole('button', { name: 'Change Password' }).click();
    await page().getByText('Password changed successfully!').waitFor();
    await expect.poll(() => field(page(), 'Current Password').inputValue()).toBe('');
    await screenshot(page(), '10-change-password');

    // The fresh pair was stored: the next call still works.
    await page().getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect.poll(() => page().getByTestId('business-name').textContent()).toBe(businessName);
  });

  it('signs out to the public root', async () => {
    await openUserMenu();
    await page().getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page().url()).pathname).toBe('/');
    await page().getByRole('heading', { name: 'Run your gym, not spreadsheets' }).waitFor();
    expect(await page().evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page().goto('/dashboard');
    await page().waitForURL(/\/login$/);
  });

  it('asks for a reset link and sets a new password from the e-mail', async () => {
    await page().getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page().getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByLabel(/^Email Address/).fill(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText('Reset link sent!').waitFor();
    await screenshot(page(), '11-reset-link-sent');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const token = await waitForSetPasswordToken(email);
    await page().goto(`${BASE_URL}/set-password?token=${token}`);
    await page().getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await field(page(), 'New Password').fill(passwords.reset);
    await field(page(), 'Confirm Password').fill(passwords.reset);
    await expect.poll(() => page().getByTestId('password-strength').textContent()).toBe('Strong');
    await screenshot(page(), '12-set-password');
    await page().getByRole('button', { name: 'Reset Password' }).click();
    await page()
      .getByText('Password reset successfully! Please log in with your new password.')
      .waitFor();

    await page().waitForURL(/\/login$/, { timeout: 10_000 });
    await expect.poll(() => field(page(), 'Email Address').inputValue()).toBe(email);
    await screenshot(page(), '13-login-after-reset');
  });

  it('signs in with the new password', async () => {
    await field(page(), 'Password').fill(passwords.reset);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL(/\/dashboard$/);
    await expect.poll(() => page().getByTestId('business-name').textContent()).toBe(businessName);
    await page().getByText('Welcome back, Adaeze. Here is an overview of your gym.').waitFor();
  });

  it('a used or broken link shows the link-error screen', async () => {
    await page().goto('/set-password?token=broken');
    await page().getByText('Invalid token').waitFor();
    await page().getByRole('link', { name: 'Request new password reset' }).waitFor();
    await screenshot(page(), '14-invalid-link');
  });
});
