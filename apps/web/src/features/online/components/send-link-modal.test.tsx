import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ONLINE_MESSAGES } from '@kora/shared';
import { expectShown } from '@/test/expect';
import { member, pickable, plan } from '@/test/fixtures';
import { fail, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { enter, field, renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { link, plans } from '../test-fixtures';
import { SendLinkModal } from './send-link-modal';

const CREATE = 'POST /v1/member/5/payment-link';

/** The modal for Chiamaka (answering `who`), the link call answering `create`. */
const open = (create: Handler, who = member(), planId: number | null = null) => {
  signIn();
  const api = mockFetch({
    'GET /v1/member/5': () => ok(who),
    'GET /v1/subscription-type': () => ok(plans),
    [CREATE]: create,
  });
  const onClose = vi.fn();
  const view = renderPage(<SendLinkModal memberId={5} planId={planId} opened onClose={onClose} />);
  return { api, onClose, ...view };
};

type User = ReturnType<typeof renderPage>['user'];
const choose = async (user: User, label: string, option: string | RegExp) => {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
};
const submit = () => screen.getByRole('button', { name: 'Create link' });

describe('SendLinkModal', () => {
  it('shows plan amount × periods and sends the plan, duration and channel', async () => {
    const { api, user } = open(() =>
      ok(link({ channel: 'sms', duration: 3, amount: 99999.99 }), {}, 201),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send payment link' });
    await within(dialog).findByText('Chiamaka Okafor');
    expect(field('Amount')).toHaveValue('₦0');
    expect(submit()).toBeDisabled();

    await choose(user, 'Subscription Plan', 'Quarterly (₦33,333.33/3 months)');
    expect(field('Amount')).toHaveValue('₦33,333.33');
    await user.clear(field('Duration'));
    await enter(user, field('Duration'), '3');
    expect(field('Amount')).toHaveValue('₦99,999.99');
    expect(screen.getByText('Plan periods: covers 9 months')).toBeInTheDocument();
    // WhatsApp first: the member has a phone number.
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await user.click(submit());

    await expectShown('Payment link created', 'Sent by SMS to 0803 123 4567.');
    expect(api.sent(CREATE).map((r) => r.body)).toEqual([
      { subscription_type_id: 8, duration: 3, channel: 'sms' },
    ]);
    expect(api.keysSent(CREATE)[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(field('Payment link')).toHaveValue('https://kora.ng/pay/KL-61-ab12');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('https://kora.ng/pay/KL-61-ab12');
  });

  it("starts on the member's current plan; copying the link says to share it", async () => {
    const { api, user } = open(
      () => ok(link({ channel: 'copy', sent_to: null }), {}, 201),
      member(),
      7,
    );
    await waitFor(() => expect(field('Amount')).toHaveValue('₦25,000'));
    expect(field('Subscription Plan')).toHaveValue('Monthly (₦25,000/month)');
    await user.click(screen.getByRole('radio', { name: 'Copy the link' }));
    await user.click(submit());
    await expectShown(/Copy the link and share it/);
    expect(api.sent(CREATE)[0]!.body).toEqual({
      subscription_type_id: 7,
      duration: 1,
      channel: 'copy',
    });
  });

  it('a channel the member cannot be reached by is off, and says why', async () => {
    open(() => ok(link(), {}, 201), member({ email_address: '' }));
    const email = await screen.findByRole('radio', { name: 'E-mail' });
    expect(email).toBeDisabled();
    expect(screen.getByText('No e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeEnabled();
  });

  it("shows the server's refusal and retries the same submission with the same key", async () => {
    let answer: () => Response = () =>
      fail(400, ONLINE_MESSAGES.noPhone, { channel: ONLINE_MESSAGES.noPhone });
    const { api, user } = open(() => answer(), member(), 7);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.dblClick(submit());
    await expectShown('No link created');
    expect(screen.getAllByText(ONLINE_MESSAGES.noPhone).length).toBeGreaterThan(0);
    expect(api.sent(CREATE)).toHaveLength(1);

    answer = () => ok(link(), {}, 201);
    await user.click(submit());
    await expectShown('Payment link created', 'Sent by WhatsApp to 0803 123 4567.');
    const [first, second] = api.keysSent(CREATE);
    expect(second).toBe(first);
  });

  it('for a group plan, names the members the payment will cover, the payer first', async () => {
    signIn();
    const family = plan({ id: 9, name: 'Family', amount: 60000, is_grouped: 1, group_limit: 2 });
    const ngozi = pickable({ id: 11, first_name: 'Ngozi', last_name: 'Eze' });
    const api = mockFetch({
      'GET /v1/member/5': () => ok(member()),
      'GET /v1/subscription-type': () => ok([...plans, family]),
      'GET /v1/member': () => ok([ngozi], { meta: { page: 1, per_page: 50, pages: 1, total: 1 } }),
      'GET /v1/subscription': () => ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 } }),
      [CREATE]: () => ok(link({ channel: 'copy', group_member_ids: [11] }), {}, 201),
    });
    const { user } = renderPage(
      <SendLinkModal memberId={5} planId={null} opened onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send payment link' });
    await within(dialog).findByText('Chiamaka Okafor');
    await choose(user, 'Subscription Plan', /^Family/);
    expect(await screen.findByText('Members covered (up to 2)')).toBeInTheDocument();
    expect(screen.getByTestId('group-payer')).toHaveTextContent('Chiamaka Okafor (payer)');
    await enter(user, screen.getByRole('textbox', { name: 'Add a member to cover' }), 'Ng');
    await user.click(await screen.findByRole('option', { name: /Ngozi Eze/ }));
    expect(screen.getByText('The group is full: remove a member to add another.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Copy the link' }));
    await user.click(submit());
    await waitFor(() => expect(api.sent(CREATE)).toHaveLength(1));
    expect(api.sent(CREATE)[0]!.body).toEqual({
      subscription_type_id: 9,
      duration: 1,
      channel: 'copy',
      group_member_ids: [11],
    });
  });
});
