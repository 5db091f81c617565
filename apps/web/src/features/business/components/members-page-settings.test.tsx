import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BANK_MESSAGES, NOT_ALLOWED } from '@kora/shared';
import { business } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { BANK_TEXTS } from './bank-details-settings';
import { BusinessProfileSettings } from './business-profile-settings';

/*
 * Settings → Business Profile: the members' page address with Copy, Open and the QR poster; the
 * bank details members may pay into by transfer (checked as the server checks them).
 */

const PROFILE = 'GET /v1/business/profile';
const UPDATE = 'PATCH /v1/business/profile';

describe("Settings → the members' page", () => {
  it('shows the full address with Copy, Open and the printable QR poster', async () => {
    signIn({ role: 'staff' });
    mockFetch({
      [PROFILE]: () => ok(business({ members_page_url: 'https://kora.ng/m/IRG' })),
      'GET /v1/location/states': () => ok(['Lagos']),
    });
    const { user } = renderPage(<BusinessProfileSettings />);
    const address = await screen.findByRole('textbox', { name: "Members' page address" });
    expect(address).toHaveValue('https://kora.ng/m/IRG');
    const card = address.closest('.mantine-Card-root') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://kora.ng/m/IRG',
    );
    const poster = within(card).getByRole('link', { name: 'Print QR poster' });
    expect(poster).toHaveAttribute('href', 'https://kora.ng/m/IRG/poster');
    expect(poster).toHaveAttribute('target', '_blank');
    const copy = within(card).getByRole('button', { name: 'Copy' });
    await user.click(copy);
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('https://kora.ng/m/IRG');
  });
});

describe('Settings → bank details for transfers', () => {
  it('the owner enters them; a short account number and a missing name are refused first', async () => {
    signIn({ role: 'owner' });
    const api = mockFetch({
      [PROFILE]: () => ok(business()),
      'GET /v1/location/states': () => ok(['Lagos']),
      [UPDATE]: () =>
        ok(
          business({
            bank_name: 'GTBank',
            bank_account_number: '0123456789',
            bank_account_name: 'Iron Gym Ltd',
          }),
        ),
    });
    const { user } = renderPage(<BusinessProfileSettings />);
    await enter(user, await screen.findByRole('textbox', { name: BANK_TEXTS.bankName }), 'GTBank');
    await enter(user, field(BANK_TEXTS.accountNumber), '012345678');
    await user.click(screen.getByRole('button', { name: BANK_TEXTS.save }));
    expect(await screen.findByText(BANK_MESSAGES.accountNumber)).toBeInTheDocument();
    expect(screen.getByText(BANK_MESSAGES.incomplete)).toBeInTheDocument();
    expect(api.sent(UPDATE)).toHaveLength(0);
    await enter(user, field(BANK_TEXTS.accountNumber), '9');
    await enter(user, field(BANK_TEXTS.accountName), 'Iron Gym Ltd');
    await user.click(screen.getByRole('button', { name: BANK_TEXTS.save }));
    await waitFor(() => expect(api.sent(UPDATE)).toHaveLength(1));
    expect(api.sent(UPDATE)[0]!.body).toEqual({
      bank_name: 'GTBank',
      bank_account_number: '0123456789',
      bank_account_name: 'Iron Gym Ltd',
    });
    expect(await screen.findByText(BANK_TEXTS.saved)).toBeInTheDocument();
  });

  it('staff see them without changing them', async () => {
    signIn({ role: 'staff' });
    mockFetch({
      [PROFILE]: () =>
        ok(
          business({
            bank_name: 'GTBank',
            bank_account_number: '0123456789',
            bank_account_name: 'Iron Gym Ltd',
          }),
        ),
      'GET /v1/location/states': () => ok(['Lagos']),
    });
    renderPage(<BusinessProfileSettings />);
    const number = await screen.findByRole('textbox', { name: BANK_TEXTS.accountNumber });
    expect(number).toHaveValue('0123456789');
    expect(number).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: BANK_TEXTS.save })).not.toBeInTheDocument();
    expect(screen.getAllByText(NOT_ALLOWED).length).toBeGreaterThan(0);
  });
});
