import { screen } from '@testing-library/react';
import { addDays, lagosDay, type PaymentMember } from '@kora/shared';
import { describe, expect, it, vi } from 'vitest';
import { findRow } from '@/test/expect';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { SubscriptionsPage } from '../pages/subscriptions-page';
import { subscription } from '../test-fixtures';
import { GroupCoverCard } from './group-cover-card';

const today = lagosDay();
const person = (id: number, first_name: string, last_name: string): PaymentMember => ({
  id,
  picture_url: null,
  first_name,
  last_name,
  email_address: '',
});
const ada = person(20, 'Ada', 'Obi');
const chidi = person(21, 'Chidi', 'Obi');
const family = { id: 9, name: 'Family', is_grouped: 1 as const };
/** Ada pays the Family plan for herself and Chidi, to 12 March 2027. */
const paid = subscription({
  id: 80,
  member: ada,
  member_id: ada.id,
  subscription_type: family,
  subscription_amount: 60000,
  start_date: addDays(today, -5),
  expiry_date: '2027-03-12',
  covered_members: [chidi],
});
const covered = subscription({
  id: 81,
  member: chidi,
  member_id: chidi.id,
  payment_id: null,
  subscription_type: family,
  subscription_amount: 0,
  start_date: addDays(today, -5),
  expiry_date: '2027-03-12',
  covered_by: { subscription_id: 80, member: ada },
});
const list = (rows: unknown[]) =>
  ok(rows, { meta: { page: 1, per_page: 20, pages: 1, total: rows.length } });

describe('group cover', () => {
  it("a covered member's details say whose group plan covers them and until when", async () => {
    const api = mockFetch({ 'GET /v1/subscription': () => list([covered]) });
    renderPage(<GroupCoverCard memberId={chidi.id} />);
    expect(
      await screen.findByText("Covered by Ada Obi's group plan until 12 March 2027"),
    ).toBeInTheDocument();
    const asked = api.sent('GET /v1/subscription')[0]!.query;
    expect([asked.get('member_id'), asked.get('status')]).toEqual(['21', 'active']);
  });

  it("the payer's details say whom their group plan covers; nothing for an individual plan", async () => {
    mockFetch({ 'GET /v1/subscription': () => list([paid]) });
    renderPage(<GroupCoverCard memberId={ada.id} />);
    expect(
      await screen.findByText('Their group plan Family also covers Chidi Obi until 12 March 2027'),
    ).toBeInTheDocument();
  });

  it('shows nothing for a member with no group', async () => {
    const api = mockFetch({ 'GET /v1/subscription': () => list([subscription()]) });
    renderPage(<GroupCoverCard memberId={5} />);
    await vi.waitFor(() => expect(api.sent('GET /v1/subscription')).toHaveLength(1));
    expect(screen.queryByTestId('group-cover')).toBeNull();
  });

  it('the subscriptions list shows the group: the payer with whom, the covered member by whom', async () => {
    mockFetch({
      'GET /v1/subscription': () => list([paid, covered]),
      'GET /v1/subscription/summary': () => ok({ active: 2, expiring: 0, upcoming: 0, expired: 0 }),
      'GET /v1/subscription-type': () => ok([]),
    });
    renderPage(<SubscriptionsPage />, { path: '/subscriptions', route: '/subscriptions' });
    const payerRow = await findRow('Ada Obi');
    expect(payerRow).toHaveTextContent('With Chidi Obi');
    expect(payerRow).toHaveTextContent('₦60,000');
    const coveredRow = await findRow('Chidi Obi');
    expect(coveredRow).toHaveTextContent('Covered by Ada Obi');
    expect(coveredRow).toHaveTextContent('Group cover');
    expect(coveredRow).not.toHaveTextContent('₦0');
  });
});
