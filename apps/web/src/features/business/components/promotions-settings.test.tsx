import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { PromotionsSettings } from './promotions-settings';

describe('PromotionsSettings', () => {
  it('the owner switches promotions to members who said yes only', async () => {
    signIn({ role: 'owner' });
    const api = mockFetch({
      'GET /v1/business/profile': () => ok(business()),
      'PATCH /v1/business/profile': () => ok(business({ promotions_need_consent: true })),
    });
    const { user } = renderPage(<PromotionsSettings />);
    const toggle = await screen.findByRole('switch', {
      name: 'Send promotions only to members who said yes',
    });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/except those who said no/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(api.sent('PATCH /v1/business/profile')).toHaveLength(1));
    expect(api.sent('PATCH /v1/business/profile')[0]!.body).toEqual({
      promotions_need_consent: true,
    });
    expect(await screen.findByText('Promotions setting saved')).toBeInTheDocument();
  });

  it('staff see it without changing it', async () => {
    signIn({ role: 'staff' });
    mockFetch({ 'GET /v1/business/profile': () => ok(business()) });
    renderPage(<PromotionsSettings />);
    expect(
      await screen.findByRole('switch', { name: 'Send promotions only to members who said yes' }),
    ).toBeDisabled();
  });
});
