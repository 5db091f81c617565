import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { chiamaka, pickable, plan, recorded, subscription } from '@/test/fixtures';
import { member } from '../test-fixtures';
import { RecordPaymentModal } from './record-payment-modal';

/** "Family": ₦60,000 a month for up to 3 members. */
const family = plan({ id: 9, name: 'Family', amount: 60000, is_grouped: 1, group_limit: 3 });
const ngozi = pickable({ id: 11, member_id: 'IRG-00011', first_name: 'Ngozi', last_name: 'Eze' });
const tunde = pickable({ id: 12, member_id: 'IRG-00012', first_name: 'Tunde', last_name: 'Bello' });
const kemi = pickable({ id: 13, member_id: 'IRG-00013', first_name: 'Kemi', last_name: 'Ade' });
const brief = (m: typeof ngozi) => ({
  id: m.id,
  picture_url: null,
  first_name: m.first_name,
  last_name: m.last_name,
  email_address: '',
});

const page = (data: unknown[]) => ({
  meta: { page: 1, per_page: 20, pages: 1, total: data.length },
});

const routes = (running: unknown[] = []) => ({
  'GET /v1/subscription-type': () => ok([plan(), family]),
  'GET /v1/member': () =>
    ok([pickable(), ngozi, tunde, kemi], { meta: { page: 1, per_page: 50, pages: 1, total: 4 } }),
  'GET /v1/subscription': () => ok(running, page(running)),
  'POST /v1/payment': () => ok(recorded({ covered_members: [brief(ngozi), brief(kemi)] }), {}, 201),
});

type User = ReturnType<typeof renderPage>['user'];

const choose = async (user: User, label: string, option: string | RegExp) => {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

const addToGroup = async (user: User, name: RegExp) => {
  const search = screen.getByRole('textbox', { name: 'Add a member to cover' });
  await enter(user, search, 'an');
  await user.click(await screen.findByRole('option', { name }));
};

const submit = () => screen.getByRole('button', { name: 'Record Payment' });

describe('Record Payment for a group plan', () => {
  it('lists the payer first (fixed), adds others up to the limit and sends them', async () => {
    const api = mockFetch(routes());
    const { user } = renderPage(<RecordPaymentModal opened onClose={vi.fn()} member={member()} />);
    await screen.findByRole('dialog', { name: 'Record Payment' });
    await choose(user, 'Subscription Plan', /^Monthly/);
    // An individual plan covers its payer only: no members to add.
    expect(screen.queryByText('Members covered (up to 3)')).not.toBeInTheDocument();

    await choose(user, 'Subscription Plan', /^Family/);
    expect(await screen.findByText('Members covered (up to 3)')).toBeInTheDocument();
    expect(screen.getByTestId('group-payer')).toHaveTextContent('Chiamaka Okafor (payer)');

    // The payer chosen again is not added twice.
    await addToGroup(user, /Chiamaka Okafor/);
    expect(screen.queryByRole('button', { name: 'Remove Chiamaka Okafor' })).toBeNull();
    await addToGroup(user, /Ngozi Eze/);
    await addToGroup(user, /Tunde Bello/);
    expect(screen.getByRole('button', { name: 'Remove Ngozi Eze' })).toBeInTheDocument();
    // Three with the payer: the group is full, the search goes.
    expect(screen.getByText('The group is full: remove a member to add another.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Add a member to cover' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Tunde Bello' }));
    await addToGroup(user, /Kemi Ade/);
    await choose(user, 'Payment Method', 'Cash');
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/payment')).toHaveLength(1));
    expect(api.sent('POST /v1/payment')[0]!.body).toEqual({
      member_id: 5,
      subscription_type_id: 9,
      amount: 60000,
      purpose: 'Subscription payment',
      method: 'Cash',
      duration: 1,
      group_member_ids: [11, 13],
    });
    expect(
      await screen.findByText('Also covers Ngozi Eze, Kemi Ade for the same period.'),
    ).toBeInTheDocument();
  });

  it("a renewal starts from the payer's current group; a member removed is not sent", async () => {
    const running = subscription({
      id: 70,
      subscription_type_id: 9,
      subscription_type: { id: 9, name: 'Family', is_grouped: 1 },
      member: chiamaka,
      covered_members: [brief(ngozi), brief(tunde)],
    });
    const api = mockFetch(routes([running]));
    const { user } = renderPage(<RecordPaymentModal opened onClose={vi.fn()} member={member()} />);
    await screen.findByRole('dialog', { name: 'Record Payment' });
    await choose(user, 'Subscription Plan', /^Family/);
    expect(await screen.findByRole('button', { name: 'Remove Ngozi Eze' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Tunde Bello' })).toBeInTheDocument();
    const asked = api.sent('GET /v1/subscription')[0]!.query;
    expect([
      asked.get('member_id'),
      asked.get('subscription_type_id'),
      asked.get('status'),
    ]).toEqual(['5', '9', 'active']);

    // Tunde leaves the group from the next period.
    await user.click(screen.getByRole('button', { name: 'Remove Tunde Bello' }));
    await choose(user, 'Payment Method', 'Transfer');
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/payment')).toHaveLength(1));
    expect(api.sent('POST /v1/payment')[0]!.body).toMatchObject({
      subscription_type_id: 9,
      group_member_ids: [11],
    });
  });
});
