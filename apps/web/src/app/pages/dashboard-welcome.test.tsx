import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessApi } from '@/features/business';
import { dashboard } from '@/test/dashboard-fixtures';
import { profile } from '@/test/fixtures';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderRoutes } from '@/test/render';
import { signIn } from '@/test/session';
import { routes } from '../routes';

/*
 * The dashboard in the whole app (shell, guards, page): a person's first session welcomes them,
 * later ones welcome them back; before their business exists nothing but their own profile is
 * asked of the server (every business call would answer 403 "Complete your business setup first.").
 */

const noBusiness = { business_id: null, business_name: null, business_code: null, role: null };

/** /dashboard signed in with `claims`; the profile and the dashboard's calls answer. */
const open = (claims: Record<string, unknown>) => {
  signIn(claims);
  vi.spyOn(businessApi, 'states').mockResolvedValue({ message: 'ok', data: ['Lagos'] });
  const own = claims.business_id === null ? noBusiness : {};
  const api = mockFetch({
    'GET /v1/auth/me': () => ok(profile(own)),
    'GET /v1/dashboard': () => ok(dashboard()),
  });
  renderRoutes(routes, { path: '/dashboard' });
  return api;
};

const greeting = (text: string) =>
  screen.findByText(`${text}. Here is an overview of your gym.`, {}, { timeout: 10_000 });

describe('The dashboard: a first sign-in, and before the business exists', () => {
  it('a new owner, signed in for the first time without a business: "Welcome", only the profile asked for', async () => {
    const api = open({ business_id: null, role: null, first_session: true });
    expect(await greeting('Welcome, Ada')).toBeInTheDocument();
    expect(await screen.findByText('0 of 5 done')).toBeInTheDocument();
    // What loads a few moments after the page (the offline desk, lazy panels) has had its time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/auth/me']);
  }, 20_000);

  it('a returning owner is welcomed back', async () => {
    open({});
    expect(await greeting('Welcome back, Ada')).toBeInTheDocument();
  }, 20_000);

  it('an invited staff member, first session in their gym: "Welcome"', async () => {
    open({ role: 'staff', first_session: true });
    expect(await greeting('Welcome, Ada')).toBeInTheDocument();
  }, 20_000);
});
