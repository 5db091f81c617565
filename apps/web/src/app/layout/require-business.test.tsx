import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profile } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderRoutes } from '@/test/render';
import { signIn } from '@/test/session';
import { routes } from '../routes';

const withoutBusiness = profile({
  business_id: null,
  business_name: null,
  business_code: null,
  role: null,
});

describe('business pages for a user without a business', () => {
  it.each([
    ['/members', 'Members'],
    ['/dashboard/payments', 'Payments'],
    ['/subscriptions', 'Subscriptions'],
    ['/subscription-plans', 'Subscription plans'],
  ])('%s asks for the setup and loads no list', async (path, title) => {
    signIn({ business_id: null });
    const api = mockFetch({
      'GET /v1/auth/me': () => ok(withoutBusiness),
      'GET /v1/location/states': () => ok(['Lagos']),
    });
    const { user } = renderRoutes(routes, { path });
    // The first visit loads the shell's code on demand: allow it time on a busy machine.
    const message = await screen.findByText(
      'Complete your business setup first.',
      {},
      { timeout: 10_000 },
    );
    expect(screen.queryByText(/An error occurred while fetching/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Kora`);
    const prompt = message.closest('[role="alert"]') as HTMLElement;
    await user.click(within(prompt).getByRole('button', { name: 'Setup Business' }));
    expect(await screen.findByRole('dialog', { name: 'Setup Your Business' })).toBeInTheDocument();
    // Only the profile and the setup form's states (asked once the form's code has come, after
    // the dialog opens): the page's own calls are never made.
    await waitFor(() =>
      expect(new Set(api.requests.map((r) => r.path))).toEqual(
        new Set(['/v1/auth/me', '/v1/location/states']),
      ),
    );
  });
});
