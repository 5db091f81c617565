import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '@/test/fixtures';
import { fail, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { MemberPrivacyCard } from './member-privacy-card';

const shown = member({ id: 5, member_id: 'IRG-00005', marketing_consent: 'yes' });

const open = (role: 'owner' | 'staff' = 'owner', routes: Routes = {}) => {
  signIn({ role });
  const api = mockFetch({
    'GET /v1/member/5/consent': () =>
      ok([
        {
          id: 2,
          choice: 'yes',
          source: 'staff',
          user_name: 'Chidi Okeke',
          created_at: '2026-11-20T09:00:00.000Z',
        },
      ]),
    ...routes,
  });
  return {
    api,
    ...renderPage(<MemberPrivacyCard member={shown} gymName="Iron Gym" />, {
      path: '/members/5',
    }),
  };
};

describe('MemberPrivacyCard', () => {
  it('shows the answer to offers with its history, and staff change it', async () => {
    const { api, user } = open('staff', {
      'PATCH /v1/member/5': () => ok({ ...shown, marketing_consent: 'no' }),
    });
    const question = screen.getByRole('radiogroup', {
      name: 'May Iron Gym send you offers and news?',
    });
    expect(within(question).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(await screen.findByText(/Yes by Chidi Okeke/)).toBeInTheDocument();
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(api.sent('PATCH /v1/member/5')).toHaveLength(1));
    expect(api.sent('PATCH /v1/member/5')[0]!.body).toEqual({ marketing_consent: 'no' });
    // Staff neither download a member's data nor erase them.
    expect(screen.queryByRole('button', { name: 'Download data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erase member' })).toBeNull();
  });

  it('erasing needs the member ID typed again, then sends it', async () => {
    const { api, user } = open('owner', {
      'POST /v1/member/5/erase': () =>
        ok({
          id: 5,
          member_id: 'IRG-00005',
          first_name: 'Erased',
          last_name: 'member IRG-00005',
          is_active: false,
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Erase member' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Erase member' });
    const typed = within(dialog).getByRole('textbox', {
      name: 'Type the member ID IRG-00005 to confirm',
    });
    expect(within(dialog).getByText(/Payments, receipts and subscriptions stay/)).toBeVisible();
    expect(confirm).toBeDisabled();
    await user.type(typed, 'IRG-0000');
    expect(confirm).toBeDisabled();
    expect(api.sent('POST /v1/member/5/erase')).toHaveLength(0);
    await user.type(typed, '5');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(api.sent('POST /v1/member/5/erase')).toHaveLength(1));
    expect(api.sent('POST /v1/member/5/erase')[0]!.body).toEqual({ confirm: 'IRG-00005' });
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { user } = open('owner', {
      'POST /v1/member/5/erase': () => fail(422, 'Type the member ID IRG-00005 to confirm'),
    });
    await user.click(screen.getByRole('button', { name: 'Erase member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'irg-00005');
    await user.click(within(dialog).getByRole('button', { name: 'Erase member' }));
    expect(
      await within(dialog).findByText('Type the member ID IRG-00005 to confirm', {
        selector: 'div, p',
      }),
    ).toBeInTheDocument();
  });
});
