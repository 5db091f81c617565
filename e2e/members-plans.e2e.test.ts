import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createMember, signUpOwner } from './api';
import { field, screenshot, sidewaysScrolls, useBrowser } from './browser';
import { usePng } from './files';

/*
 * A gym owner sets up plans and members: a plan from a preset, edited; a second plan deleted
 * (it has no history); a member added with a picture, found by search, edited, deactivated
 * and reactivated. The owner and the business are made through the API; the rest in the browser.
 */

const stamp = Date.now();
const email = `owner.${stamp}@fitzone.ng`;
const password = 'Kora!Plans1';

let accessToken = '';

const picture = usePng('member.png', {
  width: 320,
  height: 320,
  channels: 3,
  background: '#f59e0b',
  shapes:
    '<circle cx="160" cy="130" r="60" fill="#fff"/>' +
    '<rect x="70" y="210" width="180" height="90" rx="45" fill="#fff"/>',
});

const browser = useBrowser(async () => {
  const tokens = await signUpOwner(
    { first_name: 'Bola', last_name: 'Adeyemi', email, phone_number: '08039876543', password },
    {
      business_name: 'FitZone Ikeja',
      address: '5 Allen Avenue, Ikeja',
      city: 'Ikeja',
      state: 'Lagos',
    },
  );
  accessToken = tokens.access_token;
  return tokens;
});

const page = (): Page => browser.page;

/** From a details page, opens its edit page by the link `link` and waits for `heading`. */
const openEdit = async (link: string, heading: string) => {
  await page().getByRole('link', { name: link }).click();
  await page().waitForURL(/\/edit$/);
  await page().getByRole('heading', { name: heading }).waitFor();
};

/**
 * Opens the list at `path`, still empty (`empty` shows; screenshot `<shots>-01-empty`), then
 * its add page with the button `add`.
 */
const openAddFromEmptyList = async (path: string, empty: string, shots: string, add: string) => {
  await page().goto(path);
  await page().getByText(empty).waitFor();
  await screenshot(page(), `${shots}-01-empty`);
  await page().getByRole('button', { name: add }).click();
  await page().waitForURL(new RegExp(`${path}/add$`));
};

/** Picks an option of a Mantine select by its label. */
const choose = async (label: string, option: string | RegExp) => {
  await field(page(), label).click();
  await page().getByRole('option', { name: option }).click();
};

describe('subscription plans', () => {
  it('creates a plan from the Monthly preset', async () => {
    await openAddFromEmptyList('/subscription-plans', 'No subscription plans', 'plans', 'Add Plan');
    await page().getByRole('heading', { name: 'Create Subscription Plan' }).waitFor();
    await choose('Plan Preset', 'Monthly');
    await expect.poll(() => field(page(), 'Plan Name').inputValue()).toBe('Monthly');
    expect(await field(page(), 'Plan Name').getAttribute('readonly')).not.toBeNull();
    expect(await page().getByRole('button', { name: 'Create Plan' }).isDisabled()).toBe(true);
    // Typed the Nigerian way, key by key: the comma groups thousands (never ₦25).
    await field(page(), 'Amount').clear();
    await field(page(), 'Amount').pressSequentially('25,000');
    await expect.poll(() => field(page(), 'Amount').inputValue()).toBe('₦25,000');
    await page().getByText('That is ₦25,000/month').waitFor();
    await screenshot(page(), 'plans-02-create');
    await page().getByRole('button', { name: 'Create Plan' }).click();

    await page().waitForURL(/\/subscription-plans\/\d+$/);
    await page().getByRole('heading', { name: 'Monthly' }).waitFor();
    await page().getByText('₦25,000/month').waitFor();
    await page().getByText('1 month', { exact: true }).waitFor();
    await screenshot(page(), 'plans-03-details');
  });

  it('edits the plan: only the change is saved, then back to the details', async () => {
    await openEdit('Edit Plan', 'Edit Subscription Plan');
    await expect.poll(() => field(page(), 'Plan Name').inputValue()).toBe('Monthly');
    await field(page(), 'Plan Name').fill('Monthly Standard');
    await field(page(), 'Amount').fill('27000');
    await screenshot(page(), 'plans-04-edit');
    await page().getByRole('button', { name: 'Save Changes' }).click();
    await page().getByText('Redirecting to plan details...').waitFor();

    await page().waitForURL(/\/subscription-plans\/\d+$/);
    await page().getByText('Plan updated successfully!').waitFor();
    await page().getByRole('heading', { name: 'Monthly Standard' }).waitFor();
    await page().getByText('₦27,000/month').waitFor();
    await screenshot(page(), 'plans-05-updated');
  });

  it('creates another plan and deletes it', async () => {
    await page().goto('/subscription-plans/add');
    await choose('Plan Preset', 'Other');
    await field(page(), 'Plan Name').fill('Trial Week');
    await choose('Duration Type', 'Week');
    await field(page(), 'Amount').fill('3000');
    await page().getByRole('button', { name: 'Create Plan' }).click();
    await page().waitForURL(/\/subscription-plans\/\d+$/);
    await page().getByRole('heading', { name: 'Trial Week' }).waitFor();

    await page().getByRole('button', { name: 'Delete Plan' }).click();
    const dialog = page().getByRole('dialog', { name: 'Delete Subscription Plan' });
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByText('Trial Week').waitFor();
    await screenshot(page(), 'plans-06-delete');
    await dialog.getByRole('button', { name: 'Delete Plan' }).click();

    await page().waitForURL(/\/subscription-plans$/);
    await page().getByText('Subscription plan deleted').waitFor();
    await page().getByText('Showing 1 subscription plan(s)').waitFor();
    expect(await page().locator('tbody').getByText('Trial Week', { exact: true }).count()).toBe(0);
    await screenshot(page(), 'plans-07-list');
  });
});

describe('members', () => {
  it('adds a member with a picture', async () => {
    await openAddFromEmptyList('/members', 'No members yet', 'members', 'Add Member');
    await field(page(), 'First Name').fill('Chiamaka');
    await field(page(), 'Middle Name').fill('Ada');
    await field(page(), 'Last Name').fill('Okafor');
    await choose('Gender', 'Female');
    await field(page(), 'Date of Birth').fill('1994-03-09');
    await field(page(), 'Phone Number').fill('0803 123 4567');
    await field(page(), 'Email Address').fill('chiamaka.okafor@example.com');
    await field(page(), 'Home Address').fill('14 Allen Avenue');
    // City and State start as the gym's own.
    await expect.poll(() => field(page(), 'City').inputValue()).toBe('Ikeja');
    expect(await field(page(), 'State').inputValue()).toBe('Lagos');
    await field(page(), 'City').fill('Ikeja');
    await field(page(), 'State').fill('Lag');
    await page().getByRole('option', { name: 'Lagos' }).click();
    await field(page(), 'Emergency Contact Name').fill('Ngozi Okafor');
    await field(page(), 'Emergency Contact Number').fill('08055550000');
    await field(page(), 'Relationship').fill('Sister');
    await choose('Subscription Plan', 'Monthly Standard (₦27,000)');
    await page().getByLabel('Member picture').setInputFiles(picture.path);
    await page().getByRole('img', { name: 'Member picture preview' }).waitFor();
    await screenshot(page(), 'members-02-add');
    await page().getByRole('button', { name: 'Add Member' }).click();

    await page().waitForURL(/\/members$/);
    await page().getByText('Chiamaka Ada Okafor').waitFor();
    await page().getByText('0803 123 4567').waitFor();
    await expect
      .poll(() => page().getByRole('img', { name: 'Chiamaka Okafor' }).getAttribute('src'))
      .toMatch(/\/uploads\//);
  });

  it('finds the member by search, kept in the URL', async () => {
    for (const [first, last, phone] of [
      ['Musa', 'Bello', '08120000001'],
      ['Tunde', 'Bakare', '08120000002'],
    ] as const)
      await createMember(accessToken, {
        first_name: first,
        last_name: last,
        mobile_number: phone,
        email_address: `${first.toLowerCase()}@example.com`,
        city: 'Ikeja',
        state: 'Lagos',
      });
    await page().reload();
    await page().getByText('Musa Bello').waitFor();
    await page().getByText('Showing 1 to 3 of 3 members').waitFor();
    // At 1280 px the whole table shows: nothing scrolls sideways.
    expect(await sidewaysScrolls(page())).toEqual([]);
    await screenshot(page(), 'members-03-list');

    await page().getByRole('searchbox', { name: 'Search members' }).fill('okafor');
    await page().waitForURL(/\?search=okafor$/);
    await expect.poll(() => page().getByText('Musa Bello').count()).toBe(0);
    await page().getByText('Showing 1 to 1 of 1 member').waitFor();
    await page().reload();
    await expect
      .poll(() => page().getByRole('searchbox', { name: 'Search members' }).inputValue())
      .toBe('okafor');
    await page().getByText('Chiamaka Ada Okafor').waitFor();
    await screenshot(page(), 'members-04-search');
  });

  it('opens the member and edits them', async () => {
    await page().getByText('Chiamaka Ada Okafor').click();
    await page().waitForURL(/\/members\/\d+$/);
    await page().getByRole('heading', { name: 'Chiamaka Ada Okafor' }).waitFor();
    await page()
      .getByText(/^Member ID: [A-Z]{3,4}\d?-00001$/)
      .waitFor();
    await page().getByText('9 Mar 1994').waitFor();
    await page().getByText('Monthly Standard').waitFor();
    await screenshot(page(), 'members-05-details');

    await openEdit('Edit Member', 'Edit Member');
    await expect.poll(() => field(page(), 'Phone Number').inputValue()).toBe('0803 123 4567');
    await field(page(), 'City').fill('Yaba');
    await field(page(), 'Middle Name').fill('');
    await screenshot(page(), 'members-06-edit');
    await page().getByRole('button', { name: 'Save Changes' }).click();

    await page().waitForURL(/\/members\/\d+$/);
    await page().getByText('Member details updated successfully!').waitFor();
    await page().getByText('All changes have been saved.').waitFor();
    await page().getByRole('heading', { name: 'Chiamaka Okafor' }).waitFor();
    await page().getByText('Yaba', { exact: true }).waitFor();
    await screenshot(page(), 'members-07-updated');
  });

  it('deactivates after confirmation, then reactivates', async () => {
    await page().getByRole('button', { name: 'Deactivate Member' }).click();
    const dialog = page().getByRole('dialog', { name: 'Deactivate Member' });
    await dialog.waitFor();
    await screenshot(page(), 'members-08-deactivate');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page().getByRole('button', { name: 'Reactivate Member' }).waitFor();
    // The member reads Deactivated (not the subscription's Active), wherever the status shows.
    await page().getByText('Deactivated', { exact: true }).first().waitFor();
    await screenshot(page(), 'members-09-deactivated');

    await page().getByRole('button', { name: 'Reactivate Member' }).click();
    await page().getByRole('button', { name: 'Deactivate Member' }).waitFor();
    await expect.poll(() => page().getByText('Deactivated', { exact: true }).count()).toBe(0);
  });
});
