import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceData, syncNow } from '@/features/offline';
import { mockFetch, ok } from '@/test/mock-fetch';
import {
  deskMember,
  downloadRoster,
  expiredMember,
  goOffline,
  goOnline,
  resetDesk,
  unreachable,
} from '@/test/offline-desk';
import { phoneScreen } from '@/test/phone-screen';
import { field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { plan, recorded } from '@/test/fixtures';
import { member, plans } from '../test-fixtures';
import { PaymentsPage } from '../pages/payments-page';
import { RecordPaymentModal } from './record-payment-modal';

const PAYMENT = 'POST /v1/payment';

afterEach(resetDesk);

describe('RecordPaymentModal offline', () => {
  it('takes Cash only, saves it as "Saved — will sync", and shows the receipt number once synced', async () => {
    phoneScreen();
    signIn();
    // The desk had the plans loaded before the network dropped.
    const family = plan({ id: 9, name: 'Family', is_grouped: 1, group_limit: 3 });
    mockFetch({
      'GET /v1/subscription-type': () => ok([...plans, family]),
      [PAYMENT]: unreachable,
    });
    const onClose = vi.fn();
    const { user } = renderPage(<RecordPaymentModal opened onClose={onClose} member={member()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    await goOffline();
    await user.click(field('Subscription Plan'));
    // A group plan needs the other members chosen from the server.
    expect(
      await screen.findByRole('option', { name: /^Family .*\(Needs a connection\)$/ }),
    ).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: /^Monthly/ }));

    expect(
      within(dialog).getByText('Offline: Cash only. Other methods need a connection.'),
    ).toBeInTheDocument();
    await user.click(field('Payment Method'));
    expect(await screen.findByRole('option', { name: 'Cash' })).not.toHaveAttribute(
      'data-combobox-disabled',
    );
    for (const other of ['Card', 'Transfer'])
      expect(screen.getByRole('option', { name: `${other} (Needs a connection)` })).toHaveAttribute(
        'data-combobox-disabled',
        'true',
      );
    await user.click(screen.getByRole('option', { name: 'Cash' }));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Record Payment' }));

    expect(await within(dialog).findByText('Saved — will sync')).toBeInTheDocument();
    expect(within(dialog).getByText(/received from/)).toHaveTextContent(
      '₦25,000 received from Chiamaka Okafor (Cash) for Monthly.',
    );
    expect(within(dialog).getByText('Receipt number: given once it syncs')).toBeInTheDocument();

    // The network is back: the payment is sent once, with its key and the time it was taken.
    const api = mockFetch({
      [PAYMENT]: () => ok(recorded(), {}, 201),
      'GET /v1/check-in/roster': () => ok([], { meta: { cursor: 'c1', more: false, removed: [] } }),
    });
    await goOnline();
    await syncNow();
    expect(api.sent(PAYMENT)).toHaveLength(1);
    expect(api.sent(PAYMENT)[0]!.body).toMatchObject({
      member_id: 5,
      method: 'Cash',
      amount: 25000,
      duration: 1,
    });
    expect(api.sent(PAYMENT)[0]!.body).toHaveProperty('recorded_at');
    expect(api.sent(PAYMENT)[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(dialog).findByText('IRON-000031')).toBeInTheDocument();
    // It stays until closed: the desk sees it reached the server.
    expect(onClose).not.toHaveBeenCalled();
  });

  /** Opens Record Payment online once: the plans load, and the device keeps them. */
  const loadPlansOnline = async () => {
    mockFetch({ 'GET /v1/subscription-type': () => ok(plans) });
    const first = renderPage(<RecordPaymentModal opened onClose={vi.fn()} member={member()} />);
    await first.user.click(field('Subscription Plan'));
    expect(await screen.findByRole('option', { name: /^Monthly/ })).toBeInTheDocument();
    first.unmount();
  };

  /** A reload offline: a new page (a fresh query cache), the device's store kept. */
  const reloadOffline = async () => {
    const api = mockFetch({ 'GET /v1/subscription-type': unreachable, [PAYMENT]: unreachable });
    await goOffline();
    const view = renderPage(<RecordPaymentModal opened onClose={vi.fn()} member={member()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    return { api, dialog, ...view };
  };

  it('after a reload offline lists the plans the device kept and queues a Cash payment', async () => {
    signIn();
    await loadPlansOnline();
    const { user, dialog } = await reloadOffline();

    await user.click(field('Subscription Plan'));
    expect(await screen.findByRole('option', { name: /^Quarterly/ })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /^Monthly/ }));
    await user.click(field('Payment Method'));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByText('Saved — will sync')).toBeInTheDocument();
    expect(within(dialog).getByText(/received from/)).toHaveTextContent(
      '₦25,000 received from Chiamaka Okafor (Cash) for Monthly.',
    );

    const api = mockFetch({
      [PAYMENT]: () => ok(recorded(), {}, 201),
      'GET /v1/check-in/roster': () => ok([], { meta: { cursor: 'c1', more: false, removed: [] } }),
    });
    await goOnline();
    await syncNow();
    expect(api.sent(PAYMENT).map((r) => r.body)).toEqual([
      expect.objectContaining({ member_id: 5, subscription_type_id: 7, method: 'Cash' }),
    ]);
  });

  it('forgets the plans on sign-out: offline after that, the plans need a connection', async () => {
    signIn();
    await loadPlansOnline();
    await clearDeviceData();
    await reloadOffline();
    expect(
      await screen.findByText(
        'The plans could not be loaded. Check your connection and open this again.',
      ),
    ).toBeInTheDocument();
  });

  it("does not offer another business's plans kept on this device", async () => {
    signIn();
    await loadPlansOnline();
    // Someone of another gym signs in on this device.
    signIn({ sub: '2', business_id: 8 });
    await reloadOffline();
    expect(
      await screen.findByText(
        'The plans could not be loaded. Check your connection and open this again.',
      ),
    ).toBeInTheDocument();
  });

  it("opened from the payments page offline, finds the member on this device's list and queues a Cash payment", async () => {
    signIn();
    await downloadRoster([deskMember(), expiredMember()]);
    const api = mockFetch({
      'GET /v1/subscription-type': () => ok(plans),
      'GET /v1/member': unreachable,
      [PAYMENT]: unreachable,
    });
    const { user } = renderPage(<RecordPaymentModal opened onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    await goOffline();

    const picker = field('Member');
    expect(
      within(dialog).getByText("Offline: searching this device's list of members"),
    ).toBeInTheDocument();
    // By phone in its local form, then by name: found on the device, not asked of the server.
    await user.type(picker, '0803 999 8888');
    expect(await screen.findByRole('option', { name: /Tunde Bello/ })).toHaveTextContent(
      'IRG-00009',
    );
    await user.clear(picker);
    await user.type(picker, 'xyz');
    expect(await screen.findByText('No member found on this device')).toBeInTheDocument();
    await user.clear(picker);
    await user.type(picker, 'tun');
    await user.click(await screen.findByRole('option', { name: /Tunde Bello/ }));
    expect(picker).toHaveValue('Tunde Bello');

    await user.click(field('Subscription Plan'));
    await user.click(await screen.findByRole('option', { name: /^Monthly/ }));
    await user.click(field('Payment Method'));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByText('Saved — will sync')).toBeInTheDocument();
    expect(within(dialog).getByText(/received from/)).toHaveTextContent(
      '₦25,000 received from Tunde Bello (Cash) for Monthly.',
    );
    expect(api.sent('GET /v1/member')).toHaveLength(0);

    const online = mockFetch({
      [PAYMENT]: () => ok(recorded(), {}, 201),
      'GET /v1/check-in/roster': () => ok([], { meta: { cursor: 'c2', more: false, removed: [] } }),
    });
    await goOnline();
    await syncNow();
    expect(online.sent(PAYMENT).map((r) => r.body)).toEqual([
      expect.objectContaining({ member_id: 9, subscription_type_id: 7, method: 'Cash' }),
    ]);
  });

  it('on the payments page reloaded offline, takes a Cash payment for a member of the device', async () => {
    signIn();
    await downloadRoster([deskMember(), expiredMember()]);
    await loadPlansOnline();
    mockFetch({
      'GET /v1/payment': unreachable,
      'GET /v1/payment/summary': unreachable,
      'GET /v1/subscription-type': unreachable,
      'GET /v1/member': unreachable,
      [PAYMENT]: unreachable,
    });
    await goOffline();
    const { user } = renderPage(<PaymentsPage />, { path: '/payments', route: '/payments' });
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Payment' });
    await user.type(field('Member'), 'chiamaka');
    await user.click(await screen.findByRole('option', { name: /Chiamaka Okafor/ }));
    await user.click(field('Subscription Plan'));
    await user.click(await screen.findByRole('option', { name: /^Quarterly/ }));
    await user.click(field('Payment Method'));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(await within(dialog).findByText('Saved — will sync')).toBeInTheDocument();
    expect(within(dialog).getByText(/received from/)).toHaveTextContent(
      '₦33,333.33 received from Chiamaka Okafor (Cash) for Quarterly.',
    );
  });
});
