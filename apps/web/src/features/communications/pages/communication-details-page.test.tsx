import { screen, waitFor, within } from '@testing-library/react';
import type { Communication } from '@kora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type Handler, held, mockFetch, ok, pageOf, type Routes } from '@/test/mock-fetch';
import { expectLabelled, expectShown, expectTexts, findRow } from '@/test/expect';
import { advance, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { signIn } from '@/test/session';
import { communication, delivery } from '../test-fixtures';
import { CommunicationDetailsPage } from './communication-details-page';

const failedOne = communication({
  id: 14,
  status: 'FAILED',
  message:
    '<p style="text-align: center">Hi <strong>{{first_name}}</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><p><span style="font-size: 18px">Big</span></p>',
  recipients: 12,
  delivered: 9,
  failed: 3,
  skipped: 2,
});
const deliveries = () =>
  pageOf(
    [
      delivery(),
      delivery({
        id: 2,
        member_name: 'Musa Bello',
        to: '+2348050000000',
        status: 'failed',
        attempts: 3,
        error: 'Number on DND',
      }),
    ],
    { pages: 2, total: 21 },
  );

/** The page of message 14, GET answering `get`, the other calls `routes`. */
const open = (
  get: Handler = () => ok(failedOne),
  path = '/communications/14',
  routes: Routes = {},
) => {
  const api = mockFetch({
    'GET /v1/comms/14': get,
    'GET /v1/comms/14/deliveries': deliveries,
    ...routes,
  });
  return {
    api,
    ...renderPage(<CommunicationDetailsPage />, { path, route: '/communications/:id' }),
  };
};

beforeEach(() => signIn());

describe('CommunicationDetailsPage', () => {
  it('shows the message (its safe HTML), group, channel, status and counts', async () => {
    open();
    await expectShown('Message Details', 'All Members', 'FAILED', 'SMS', 'Service notice');
    // The channel once, in words: never its key beside its label.
    expect(screen.queryByText('sms')).not.toBeInTheDocument();
    expect(screen.getAllByText('SMS')).toHaveLength(1);
    expectLabelled(['Recipients: 12', 'Delivered: 9', 'Failed: 3', 'Skipped: 2']);
    const html = screen.getByTestId('message-html');
    expect(within(html).getByText('{{first_name}}').tagName).toBe('STRONG');
    expect(html.querySelector('p')).toHaveAttribute('style', 'text-align: center');
    expect(within(html).getByText('Big')).toHaveAttribute('style', 'font-size: 18px');
    expect(html.querySelector('script, img, [onerror]')).toBeNull();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  itNamesTheTab('Message details · Kora', () => open());

  itShows(open, [
    ['a message not there', 'Message not found', () => fail(404)],
    ['an id that cannot be one', 'Message not found', () => fail(500), '/communications/abc'],
    ['a failed load', 'An error occurred while fetching the message.', () => fail(500)],
  ]);

  it("lists each recipient's result, 20 a page, filtered by status", async () => {
    const { api, user } = open();
    expectTexts(await findRow('Musa Bello'), ['0805 000 0000', 'Failed', '3', 'Number on DND']);
    expectTexts(await findRow('Chiamaka Okafor'), ['0803 123 4567', 'Delivered', '1']);
    expect(screen.getByText('Showing 1 to 20 of 21 recipients')).toBeInTheDocument();
    expect(api.sent('GET /v1/comms/14/deliveries')[0]!.query.get('per_page')).toBe('20');
    expect(api.sent('GET /v1/comms/14/deliveries')[0]!.query.get('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() =>
      expect(api.sent('GET /v1/comms/14/deliveries').at(-1)!.query.get('page')).toBe('2'),
    );
    await user.click(screen.getByRole('radio', { name: 'Failed' }));
    await vi.waitFor(() => {
      const query = api.sent('GET /v1/comms/14/deliveries').at(-1)!.query;
      expect(query.get('status')).toBe('failed');
      expect(query.get('page')).toBe('1');
    });
  });

  it('an e-mail kept in the local outbox reads Delivered, never its internal status', async () => {
    open(() => ok(communication({ channel: 'email' })), undefined, {
      'GET /v1/comms/14/deliveries': () =>
        pageOf([delivery({ status: 'stored', to: 'chiamaka@example.com' })]),
    });
    expectTexts(await findRow('Chiamaka Okafor'), ['chiamaka@example.com', 'Delivered']);
    expect(screen.queryByText(/stored/i)).not.toBeInTheDocument();
    expect(screen.getAllByText('Email')).toHaveLength(1);
    expect(screen.queryByText('email')).not.toBeInTheDocument();
  });

  it('Retry failed sends the failed deliveries again; the message loads again', async () => {
    const post = held();
    let answer = failedOne;
    const { api, user } = open(() => ok(answer), undefined, {
      'POST /v1/comms/14/retry': post.handler,
    });
    await user.click(await screen.findByRole('button', { name: 'Retry failed' }));
    // A second click while the first is on its way sends nothing.
    await user.click(screen.getByRole('button', { name: 'Retry failed' }));
    answer = { ...failedOne, status: 'SENDING', failed: 0 };
    post.answer(ok(answer));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Retry failed' })).not.toBeInTheDocument(),
    );
    expect(api.sent('POST /v1/comms/14/retry')).toHaveLength(1);
    expect(api.sent('GET /v1/comms/14').length).toBeGreaterThan(1);
  });

  it('no Retry failed without failures, no Cancel unless scheduled', async () => {
    open(() => ok(communication()));
    await screen.findByText('SENT');
    expect(screen.queryByRole('button', { name: 'Retry failed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('a scheduled message shows the audience its group has now, not Recipients 0', async () => {
    const scheduled = communication({
      group: 'active_members',
      channel: 'email',
      status: 'SCHEDULED',
      is_scheduled: true,
      schedule_date: new Date(Date.now() + 86_400_000).toISOString(),
      recipients: 0,
      delivered: 0,
      skipped: 0,
      sms_parts: null,
    });
    const { api } = open(() => ok(scheduled), undefined, {
      'GET /v1/comms/audience': () => ok({ recipients: 37, skipped: 4 }),
    });
    expect(await screen.findByLabelText('Recipients now: 37')).toBeInTheDocument();
    expectLabelled(['Skipped now: 4', 'Delivered: 0', 'Failed: 0']);
    expect(screen.getByText('Active Members it would reach if sent now')).toBeInTheDocument();
    expect(screen.queryByLabelText('Recipients: 0')).not.toBeInTheDocument();
    const asked = api.sent('GET /v1/comms/audience')[0]!.query;
    expect([asked.get('group'), asked.get('channel')]).toEqual(['active_members', 'email']);
  });

  it('a sent message shows whom it reached; the audience is not asked', async () => {
    const { api } = open(() => ok(communication()));
    expect(await screen.findByLabelText('Recipients: 12')).toBeInTheDocument();
    expect(api.sent('GET /v1/comms/audience')).toHaveLength(0);
  });

  it('a scheduled message can be cancelled, once confirmed', async () => {
    const scheduled = communication({
      status: 'SCHEDULED',
      is_scheduled: true,
      schedule_date: new Date(Date.now() + 86_400_000).toISOString(),
      delivered: 0,
    });
    let answer = scheduled;
    const { api, user } = open(() => ok(answer), undefined, {
      'POST /v1/comms/14/cancel': () => {
        answer = { ...scheduled, status: 'CANCELLED' };
        return ok(answer);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Message' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Message' }));
    expect(api.sent('POST /v1/comms/14/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Message' }),
    );
    await expectShown('CANCELLED');
    expect(api.sent('POST /v1/comms/14/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it("a failed cancel shows the server's message in the dialog", async () => {
    const scheduled = communication({ status: 'SCHEDULED', is_scheduled: true });
    const { user } = open(() => ok(scheduled), undefined, {
      'POST /v1/comms/14/cancel': () => fail(409, 'The message has already gone out.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Message' }));
    expect(await within(dialog).findByText('The message has already gone out.')).toBeVisible();
  });

  it('while sending: a progress bar, and the message loads again every 2 seconds until sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sending = (delivered: number): Communication =>
      communication({ status: 'SENDING', delivered, recipients: 12 });
    let answer = sending(3);
    const { api } = open(() => ok(answer));
    await expectShown('3 of 12 processed');
    expect(screen.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    answer = sending(6);
    await advance(2_000);
    await expectShown('6 of 12 processed');
    answer = communication();
    await advance(2_000);
    await expectShown('SENT');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const calls = api.sent('GET /v1/comms/14').length;
    await advance(6_000);
    expect(api.sent('GET /v1/comms/14')).toHaveLength(calls);
  });

  it('a scheduled message whose time has come is polled too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const due = communication({
      status: 'SCHEDULED',
      is_scheduled: true,
      schedule_date: new Date(Date.now() - 1_000).toISOString(),
    });
    const { api } = open(() => ok(due));
    await expectShown('SCHEDULED');
    await advance(2_100);
    expect(api.sent('GET /v1/comms/14').length).toBeGreaterThan(1);
  });

  it('a message scheduled ahead loads again at its time, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const later = communication({
      status: 'SCHEDULED',
      is_scheduled: true,
      schedule_date: new Date(Date.now() + 10_000).toISOString(),
    });
    const { api } = open(() => ok(later));
    await expectShown('SCHEDULED');
    await advance(8_000);
    expect(api.sent('GET /v1/comms/14')).toHaveLength(1);
    await advance(2_500);
    expect(api.sent('GET /v1/comms/14').length).toBeGreaterThan(1);
  });
});
