import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTION, notConnected } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('has a Payments tab after Business Profile, reached at ?tab=payments', async () => {
    signIn();
    mockFetch({ [CONNECTION]: () => ok(notConnected()) });
    const { user, router } = renderPage(<SettingsPage />, { path: '/settings?tab=payments' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Business Profile',
      'Payments',
      'Reminders',
      'Front Desk',
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
