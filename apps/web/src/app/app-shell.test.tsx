import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from '@/features/account';
import { authApi } from '@/features/auth';
import { businessApi } from '@/features/business';
import { emptyDashboard } from '@/features/dashboard';
import { REFRESH_TOKEN_KEY, TOKEN_KEY, sessionStore } from '@/lib/session';
import { profile as profileFixture } from '@/test/fixtures';
import { expectLabelled, expectShown } from '@/test/expect';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderRoutes } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { SETUP_BANNER } from './layout/business-setup-banner';
import { routes } from './routes';

const profile = profileFixture({ phone_number: '08031234567' });

/** GET /v1/dashboard of a business with payments, its charts empty. */
const overview = {
  ...emptyDashboard('2026-11-23'),
  cards: {
    total_members: 148,
    active_subscriptions: 96,
    revenue_this_month: 250000,
    revenue_last_month_same_days: 200000,
    revenue_change_percent: 25,
    revenue_year_to_date: 3000000,
    retention_rate: 75,
    retention_ended: 8,
    retention_renewed: 6,
  },
  getting_started: { plan: true, member: true, payment: true, team: false, message: false },
};

const signIn = (businessId: number | null = 7, role = 'owner') =>
  sessionStore.signIn({
    access_token: accessToken({ business_id: businessId, role }),
    refresh_token: 'r1',
  });
const open = (path: string) => renderRoutes(routes, { path });

beforeEach(() => {
  vi.spyOn(businessApi, 'states').mockResolvedValue({ message: 'ok', data: ['Lagos'] });
});

describe('routes and guards', () => {
  it('sends a signed-out visitor of a protected page to /login', async () => {
    const { router } = open('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/signup'])('sends a signed-in user on %s to /dashboard', async (path) => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    const { router } = open(path);
    // The dashboard's code loads on demand: allow a busy machine more than the default second.
    expect(
      await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/', '/blog/some-article', '/privacy'])(
    'loads the public site page %s from the server as a whole page',
    async (path) => {
      window.sessionStorage.clear();
      open(path);
      // The app hands the page to the server (a whole-page load) and shows a loader meanwhile.
      expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
      expect(window.sessionStorage.getItem('kora.site-load')).toMatch(new RegExp(`^${path}\\|`));
    },
  );

  it('offers a link instead of looping when the server answered the app for a site page', async () => {
    window.sessionStorage.setItem('kora.site-load', `/terms|${Date.now()}`);
    open('/terms');
    expect(await screen.findByRole('link', { name: 'Open /terms' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  it('/forgot-password opens the sign-in page with the forgot-password dialog', async () => {
    open('/forgot-password');
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('shows a 404 page for an unknown address, naming it', async () => {
    open('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no-such-page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each(['/members/x/y/z', '/nonsense'])(
    'a signed-in user on %s gets the not-found page inside the back office, naming it',
    async (path) => {
      signIn();
      vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
      vi.spyOn(businessApi, 'profile').mockReturnValue(new Promise(() => {}));
      open(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText(path)).toBeInTheDocument();
      expect(screen.queryByText('/')).not.toBeInTheDocument();
      // The shell: its header and side navigation, a way back to the dashboard.
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: /Members/ }).length).toBeGreaterThan(0);
      expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
    },
  );

  it.each([
    ['/members', 'Members'],
    ['/dashboard/members', 'Members'],
    ['/dashboard/subscription-plans', 'Subscription Plans'],
    ['/dashboard/settings', 'Settings'],
  ])('%s shows %s', async (path, title) => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    vi.spyOn(businessApi, 'profile').mockReturnValue(new Promise(() => {}));
    open(path);
    expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
  });
});

describe('the shell', () => {
  it('has the eleven navigation items in order, and the business in the header', async () => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    open('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Dashboard',
      'Check-in',
      'Members',
      'Subscriptions',
      'Payments',
      'Activity',
      'Cash-up',
      'Communications',
      'Users',
      'Subscription Plans',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByTestId('business-name')).toHaveTextContent('Iron Gym');
    expect(screen.getByText('IRG')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText(SETUP_BANNER.long)).not.toBeInTheDocument();
  });

  it('staff have Cash-up but no Activity: the trail is for owners and admins', async () => {
    signIn(7, 'staff');
    vi.spyOn(accountApi, 'me').mockResolvedValue({
      message: 'ok',
      data: { ...profile, role: 'staff' },
    });
    open('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toContain('Cash-up');
    expect(links).not.toContain('Activity');
    expect(links).toHaveLength(10);
  });

  it('dashboard: the figures of the business, loaded from the API', async () => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    const api = mockFetch({ 'GET /v1/dashboard': () => ok(overview) });
    open('/dashboard');
    expect(
      await screen.findByLabelText('Total Members: 148', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expectLabelled([
      'Active Subscriptions: 96',
      'Monthly Revenue: ₦250,000',
      'Retention Rate: 75%',
      'YTD Revenue: ₦3,000,000',
    ]);
    expect(api.sent('GET /v1/dashboard')).toHaveLength(1);
  });

  it('without a business: Kora in the header and the setup banner that opens the modal', async () => {
    signIn(null);
    vi.spyOn(accountApi, 'me').mockResolvedValue({
      message: 'ok',
      data: { ...profile, business_id: null, business_name: null, business_code: null, role: null },
    });
    const { user } = open('/dashboard');
    await expectShown(SETUP_BANNER.long);
    expect(screen.getByText(SETUP_BANNER.short)).toBeInTheDocument();
    expect(screen.getByText('Kora')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Setup Business' }));
    expect(await screen.findByRole('dialog', { name: 'Setup Your Business' })).toBeInTheDocument();
  });

  it('the setup banner can be dismissed', async () => {
    signIn(null);
    vi.spyOn(accountApi, 'me').mockResolvedValue({
      message: 'ok',
      data: { ...profile, business_id: null, business_name: null },
    });
    const { user } = open('/dashboard');
    await screen.findByText(SETUP_BANNER.long);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(SETUP_BANNER.long)).not.toBeInTheDocument();
  });

  it('user menu: View Profile, Change Password, and Log out to the root', async () => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    const logout = vi.spyOn(authApi, 'logout').mockRejectedValue(new Error('offline'));
    const { user, router } = open('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Obi' }));
    // The role badge: OWNER here, ADMIN or STAFF for a team member.
    expect(await screen.findByLabelText('Role: owner')).toHaveTextContent('OWNER');
    expect(await screen.findByRole('menuitem', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    // The landing page is the server's: the browser loads it as a whole page.
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(logout).toHaveBeenCalledWith('r1');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('settings: Business Profile works, the other tabs are coming soon', async () => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile });
    vi.spyOn(businessApi, 'profile').mockReturnValue(new Promise(() => {}));
    const { user } = open('/settings');
    for (const tab of ['User Management', 'Security', 'Appearance']) {
      await user.click(await screen.findByRole('tab', { name: tab }));
      await expectShown('This feature is coming soon.');
    }
    expect(screen.getByRole('tab', { name: 'Business Profile' })).toBeInTheDocument();
  });
});
