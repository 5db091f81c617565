import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, pageOf } from '@/test/mock-fetch';
import { expectTexts, findRow, rowOf } from '@/test/expect';
import { renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { phoneScreen } from '@/test/phone-screen';
import { signIn } from '@/test/session';
import { formatDateTime } from '@/lib/format';
import { communication } from '../test-fixtures';
import { CommunicationsPage } from './communications-page';

const LONG =
  '<p>Dear <strong>{{first_name}}</strong>, our new spin classes start on Monday at the Lekki branch.</p>';
const rows = [
  communication({ id: 14, message: LONG }),
  communication({
    id: 15,
    group: 'expired_members',
    channel: 'email',
    message: '<p>We miss you &amp; your energy</p>',
    status: 'SCHEDULED',
    is_scheduled: true,
    schedule_date: '2026-12-01T08:00:00.000Z',
    created_at: '2026-11-21T10:00:00.000Z',
  }),
  communication({
    id: 16,
    group: 'all_prospects',
    channel: 'whatsapp',
    message: '<p>Try a free class</p>',
    status: 'FAILED',
    is_scheduled: true,
    schedule_date: null,
  }),
  communication({ id: 17, group: 'active_members', message: '<p>Closed</p>', status: 'CANCELLED' }),
];
const page = () => pageOf(rows, { pages: 3, total: 45 });

const open = (list: () => Response = page, path = '/communications') => {
  const api = mockFetch({ 'GET /v1/comms': list });
  return { api, ...renderPage(<CommunicationsPage />, { path, route: '/communications' }) };
};

beforeEach(() => signIn());

describe('CommunicationsPage', () => {
  it('lists the messages: group, channel in words, 50 characters of the text, status, schedule, created', async () => {
    const { api } = open();
    expect(screen.getByRole('heading', { name: 'Communications' })).toBeInTheDocument();
    const first = await findRow('All Members');
    for (const header of ['Recipients', 'Channel', 'Message', 'Status', 'Scheduled', 'Created'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expectTexts(first, [
      'SMS',
      'Dear {{first_name}}, our new spin classes start on…',
      'SENT',
      'No',
      formatDateTime('2026-11-20T09:30:00.000Z'),
    ]);
    expectTexts(rowOf('Expired Members'), [
      'Email',
      // Entities read, short texts whole.
      'We miss you & your energy',
      'SCHEDULED',
      formatDateTime('2026-12-01T08:00:00.000Z'),
    ]);
    // Scheduled without a date yet.
    expectTexts(rowOf('All Prospects'), ['WhatsApp', 'Try a free class', 'FAILED', 'Yes']);
    expectTexts(rowOf('Active Members'), ['CANCELLED']);

    expect(screen.getByText('Showing 1 to 20 of 45 messages')).toBeInTheDocument();
    const sent = api.sent('GET /v1/comms')[0]!.query;
    expect(sent.get('page')).toBe('1');
    expect(sent.get('per_page')).toBe('20');
  });

  it('the status badges: SENT green, SCHEDULED blue, FAILED red, others neutral', async () => {
    open();
    await screen.findByText('SENT');
    const color = (text: string) =>
      screen.getByText(text).closest('.mantine-Badge-root')!.getAttribute('style');
    expect(color('SENT')).toContain('green');
    expect(color('SCHEDULED')).toContain('blue');
    expect(color('FAILED')).toContain('red');
    expect(color('CANCELLED')).toContain('gray');
  });

  itNamesTheTab(
    'Communications · Kora',
    () => open(),
    () => screen.findByText('All Members'),
  );

  itShows(open, [
    ['a failed load', 'An error occurred while fetching communications.', () => fail(500)],
    ['no message yet', 'No communications sent yet', () => pageOf([])],
  ]);

  it('empty: Send First Message opens the new message', async () => {
    const { user, router } = open(() => pageOf([]));
    await user.click(await screen.findByRole('button', { name: 'Send First Message' }));
    expect(router.state.location.pathname).toBe('/communications/create');
  });

  it('New Message opens the form', async () => {
    const { user, router } = open();
    await user.click(screen.getByRole('button', { name: 'New Message' }));
    expect(router.state.location.pathname).toBe('/communications/create');
  });

  it('a row opens its message', async () => {
    const { user, router } = open();
    await user.click(await screen.findByText('Expired Members'));
    expect(router.state.location.pathname).toBe('/communications/15');
  });

  it('the page is in the URL: page 2 asks the server for it', async () => {
    const { api, user, router } = open();
    await screen.findByText('All Members');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    await vi.waitFor(() => expect(api.sent('GET /v1/comms').at(-1)!.query.get('page')).toBe('2'));
  });

  it('opens at the page of the URL', async () => {
    const { api } = open(page, '/communications?page=3');
    await screen.findByText('All Members');
    expect(api.sent('GET /v1/comms')[0]!.query.get('page')).toBe('3');
  });

  it('on a phone each message is a card that opens it', async () => {
    phoneScreen();
    const { user, router } = open();
    const card = (await screen.findByText('Expired Members')).closest<HTMLElement>(
      '.mantine-Paper-root',
    )!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expectTexts(card, ['Email', 'SCHEDULED', 'Scheduled', 'We miss you & your energy']);
    await user.click(within(card).getByText('Email'));
    expect(router.state.location.pathname).toBe('/communications/15');
  });
});
