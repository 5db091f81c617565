import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from '@/features/account';
import { authApi } from '@/features/auth';
import { enqueue, pendingCount, syncNow } from '@/features/offline';
import { sessionStore } from '@/lib/session';
import { profile } from '@/test/fixtures';
import { fail, json, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { ROSTER, goOffline, resetDesk, unreachable } from '@/test/offline-desk';
import { phoneScreen } from '@/test/phone-screen';
import { renderRoutes } from '@/test/render';
import { signIn } from '@/test/session';
import { routes } from './routes';

const CHECK_IN = 'POST /v1/check-in';
const emptyRoster = () => ok([], { meta: { cursor: 'c1', more: false, removed: [] } });

/** The back office at `path`, signed in as Ada, the desk's calls answered by `desk`. */
const open = (path: string, desk: Routes) => {
  const api = mockFetch({ [ROSTER]: emptyRoster, ...desk });
  const view = renderRoutes(routes, { path });
  return { api, ...view };
};

const checkIn = (member_id: number, name: string) =>
  enqueue({
    kind: 'check_in',
    body: { member_id, found_by: 'phone' },
    label: `Check-in: ${name}`,
  });

/** Chiamaka, Tunde and Bisi checked in, in that order: three actions. */
const checkInThree = async () => {
  await checkIn(5, 'Chiamaka Okafor');
  await checkIn(9, 'Tunde Bello');
  await checkIn(11, 'Bisi Ade');
};

const banner = () => screen.findByRole('status', { name: 'Offline desk' });

beforeEach(() => {
  signIn();
  vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile() });
});
afterEach(resetDesk);

describe('the offline desk in the back office', () => {
  it('on a phone, says offline with what waits and when it last synced', async () => {
    phoneScreen();
    // The desk synced once, then the network went.
    mockFetch({ [ROSTER]: emptyRoster });
    await syncNow();
    mockFetch({ [CHECK_IN]: unreachable, [ROSTER]: unreachable });
    await goOffline();
    await checkInThree();
    open('/dashboard', { [CHECK_IN]: unreachable, [ROSTER]: unreachable });
    expect(
      await within(await banner()).findByText(
        /^Offline — 3 actions waiting · last sync \d\d:\d\d$/,
      ),
    ).toBeInTheDocument();
    // What the server counts does not include them yet.
    expect(
      await screen.findByText('Does not include 3 actions waiting to sync'),
    ).toBeInTheDocument();
  });

  it('online with actions the server cannot take yet: "Syncing 3 actions…"', async () => {
    open('/dashboard', { [CHECK_IN]: () => fail(503, 'Try again shortly') });
    await checkInThree();
    expect(await within(await banner()).findByText('Syncing 3 actions…')).toBeInTheDocument();
  });

  it('Sync now sends the waiting actions at once, once the server takes them', async () => {
    let up = false;
    const { api, user } = open('/dashboard', {
      [CHECK_IN]: () => (up ? ok({ visit: { id: 1 } }, {}, 201) : fail(503, 'Try again shortly')),
    });
    await checkIn(5, 'Chiamaka Okafor');
    expect(await within(await banner()).findByText('Syncing 1 action…')).toBeInTheDocument();
    // Tried and refused (a slow machine may have tried twice by now); the next try is 30 s away.
    // While a try is under way, Sync now spins and takes no click: the click comes after it.
    await waitFor(() => expect(api.sent(CHECK_IN).length).toBeGreaterThanOrEqual(1));
    const syncButton = async () => within(await banner()).getByRole('button', { name: 'Sync now' });
    await waitFor(async () => expect(await syncButton()).toBeEnabled());
    const tried = api.sent(CHECK_IN).length;
    up = true;
    await user.click(await syncButton());
    await waitFor(() => expect(api.sent(CHECK_IN).length).toBeGreaterThan(tried));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Offline desk' })).not.toBeInTheDocument(),
    );
    expect(await pendingCount()).toBe(0);
  });

  it('shows no banner when online and nothing waits', async () => {
    open('/dashboard', {});
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await syncNow();
    expect(screen.queryByRole('status', { name: 'Offline desk' })).not.toBeInTheDocument();
  });

  it("Needs attention: the server's reason, Retry once fixed, Discard after confirming", async () => {
    let accept = false;
    const { user, router } = open('/dashboard', {
      [CHECK_IN]: (req) =>
        accept
          ? ok({}, {}, 201)
          : json(422, {
              message: 'This member is deactivated',
              code: 'MEMBER_INACTIVE',
              ...((req.body as { member_id: number }).member_id === 9
                ? { errors: { recorded_at: 'Recorded at must be within the last 7 days' } }
                : {}),
            }),
    });
    await checkIn(5, 'Chiamaka Okafor');
    await checkIn(9, 'Tunde Bello');
    await syncNow();

    const link = await within(await banner()).findByRole('link', {
      name: '2 actions need attention',
    });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/offline'));
    expect(await screen.findByRole('heading', { name: 'Needs attention' })).toBeInTheDocument();
    const chiamaka = await screen.findByRole('region', { name: 'Check-in: Chiamaka Okafor' });
    expect(within(chiamaka).getByText('This member is deactivated')).toBeInTheDocument();
    expect(
      within(chiamaka).getByText(/^Recorded \d\d:\d\d · refused \d\d:\d\d$/),
    ).toBeInTheDocument();
    const tunde = screen.getByRole('region', { name: 'Check-in: Tunde Bello' });
    expect(
      within(tunde).getByText('Recorded at must be within the last 7 days'),
    ).toBeInTheDocument();

    // The owner reactivated Chiamaka: Retry sends it again, and it is accepted.
    accept = true;
    await user.click(within(chiamaka).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Check-in: Chiamaka Okafor' }),
      ).not.toBeInTheDocument(),
    );

    // Discard asks first; keeping it changes nothing.
    await user.click(within(tunde).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this action?' });
    expect(dialog).toHaveTextContent('“Check-in: Tunde Bello” will never reach the server');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('region', { name: 'Check-in: Tunde Bello' })).toBeInTheDocument();
    await user.click(within(tunde).getByRole('button', { name: 'Discard' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard this action?' })).getByRole(
        'button',
        { name: 'Discard' },
      ),
    );
    expect(
      await screen.findByText(
        'Nothing needs attention: every action recorded offline was accepted.',
      ),
    ).toBeInTheDocument();
  });

  it('signing out with actions waiting warns first; they stay for this user', async () => {
    vi.spyOn(authApi, 'logout').mockResolvedValue(undefined as never);
    await goOffline();
    const { user, router } = open('/dashboard', { [CHECK_IN]: unreachable, [ROSTER]: unreachable });
    await checkIn(5, 'Chiamaka Okafor');
    await checkIn(9, 'Tunde Bello');
    await within(await banner()).findByText(/^Offline — 2 actions waiting/);

    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Obi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actions still waiting' });
    expect(dialog).toHaveTextContent(
      '2 actions are still waiting to sync. They will be sent when you sign in again on this device.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.get().user).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Account menu for Ada Obi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Actions still waiting' })).getByRole(
        'button',
        { name: 'Log out' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get().user).toBeNull();
    // Ada signs in again on this device: her actions are still there, to be sent.
    signIn();
    expect(await pendingCount()).toBe(2);
  });

  it('another page offline says "Needs a connection" instead of loading forever', async () => {
    await goOffline();
    open('/members', { 'GET /v1/member': unreachable, [ROSTER]: unreachable });
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    // The list's place says so, plainly (not an error, not a spinner that never ends).
    await waitFor(() =>
      expect(screen.getByText('Needs a connection').closest('[role="status"]')).toBeVisible(),
    );
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('another page\'s action offline says "Needs a connection", not a failure', async () => {
    await goOffline();
    const { user } = open('/change-password', {
      'POST /v1/auth/change-password': unreachable,
      [ROSTER]: unreachable,
    });
    await user.type(await screen.findByLabelText(/^Current Password/), 'old-secret-1');
    await user.type(screen.getByLabelText(/^New Password/), 'new-secret-1');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Needs a connection')).toBeInTheDocument();
    expect(screen.getByText('Try again once the connection is back.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
