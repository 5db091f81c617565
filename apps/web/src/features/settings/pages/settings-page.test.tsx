import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('has a Payments tab after Business Profile, reached at ?tab=payments', async () => {
    signIn();
    mockFetch({
      'GET /v1/business/paystack': () =>
        ok({
          connected: false,
          mode: null,
          key_last4: null,
          connected_at: null,
          webhook_url: null,
          webhook_paste_needed: false,
          events_received: 0,
          last_event_at: null,
          transfer_accounts: false,
          held_payments: 0,
        }),
    });
    const { user, router } = renderPage(<SettingsPage />, { path: '/settings?tab=payments' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Business Profile',
      'Payments',
      'Reminders',
      'User Management',
      'Security',
      'Appearance',
    ]);
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Paystack is not connected yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Business Profile' }));
    expect(router.state.location.search).toBe('');
  });
});
