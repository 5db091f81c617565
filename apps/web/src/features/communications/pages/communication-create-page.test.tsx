import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, held, inTurn, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { profile } from '@/test/fixtures';
import { advance, field, renderPage } from '@/test/render';
import { itNamesTheTab } from '@/test/page-tests';
import { signIn } from '@/test/session';
import { lagosDateTimeLocal } from '../communications-format';
import { communication, optionRoutes, stubEditorLayout } from '../test-fixtures';
import { CommunicationCreatePage } from './communication-create-page';

const audience = () => ok({ recipients: 12, skipped: 3, no_consent: 0 });
const created = (overrides = {}) => ok(communication({ status: 'SENDING', ...overrides }), {}, 201);

/** The page, with the options and the audience; POST answering `post`. */
const open = (post: Handler = () => fail(500), opts: { timers?: boolean } = {}) => {
  const api = mockFetch({
    ...optionRoutes,
    'GET /v1/comms/audience': audience,
    'GET /v1/auth/me': () => ok(profile()),
    'POST /v1/comms': post,
  });
  return {
    api,
    ...renderPage(<CommunicationCreatePage />, { path: '/communications/create', ...opts }),
  };
};
type User = ReturnType<typeof open>['user'];

const editor = () => screen.getByRole('textbox', { name: /Message/ });
const submit = (name = 'Send Message') => screen.getByRole('button', { name });

const choose = async (user: User, label: string, option: string) => {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** Types `text` at the end of the message's last paragraph (where a click puts the caret). */
const type = async (user: User, text: string) => {
  await user.click(editor());
  const selection = document.getSelection()!;
  selection.selectAllChildren(editor().lastElementChild ?? editor());
  selection.collapseToEnd();
  await user.keyboard(text);
};

/** Chooses the group, channel and kind (a service notice unless told) and types the message. */
const fill = async (user: User, channel = 'SMS', kind = 'Service notice') => {
  await choose(user, 'Recipients', 'Active Members');
  await choose(user, 'Channel', channel);
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${kind}`) }));
  await type(user, 'Hello');
};

beforeEach(() => {
  signIn();
  stubEditorLayout();
});

describe('CommunicationCreatePage', () => {
  it('the groups and channels come from the server; a back arrow leads to the list', async () => {
    const { user, router } = open();
    expect(screen.getByRole('heading', { name: 'New Message' })).toBeInTheDocument();
    await user.click(field('Recipients'));
    for (const name of ['All Members', 'Active Members', 'Expired Members', 'All Prospects'])
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    await user.click(field('Channel'));
    for (const name of ['Email', 'SMS', 'WhatsApp'])
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Communications' }));
    expect(router.state.location.pathname).toBe('/communications');
  });

  itNamesTheTab('New message · Kora', () => open());

  it('asks for Service notice or Promotion, says who each reaches, and sends the choice', async () => {
    const { api, user } = open(created);
    expect(screen.getByRole('radio', { name: /^Service notice/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /^Promotion/ })).not.toBeChecked();
    await expectShown('Reaches everyone in the group.', 'Only members who agreed to offers.');
    // Neither is picked for the sender: sending without choosing says so.
    await choose(user, 'Recipients', 'Active Members');
    await choose(user, 'Channel', 'SMS');
    await type(user, 'Hello');
    await user.click(submit());
    await expectShown('Choose Service notice or Promotion');
    expect(api.sent('POST /v1/comms')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /^Promotion/ }));
    await waitFor(() =>
      expect(api.sent('GET /v1/comms/audience').at(-1)!.query.get('purpose')).toBe('promotion'),
    );
    await user.click(submit());
    await waitFor(() => expect(api.sent('POST /v1/comms')).toHaveLength(1));
    expect(api.sent('POST /v1/comms')[0]!.body).toMatchObject({ purpose: 'promotion' });
  });

  it('submit is disabled while the message is blank; leaving it blank says so', async () => {
    const { user } = open();
    expect(submit()).toBeDisabled();
    await type(user, '   ');
    expect(submit()).toBeDisabled();
    await user.tab();
    await expectShown('Message content is required');
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
    await type(user, 'Hi');
    expect(submit()).toBeEnabled();
    expect(screen.queryByText('Message content is required')).not.toBeInTheDocument();
  });

  it('without a group and a channel: the shared messages, and nothing is sent', async () => {
    const { api, user } = open();
    await type(user, 'Hello');
    await user.click(submit());
    await expectShown('Please select a recipient group', 'Please select a message channel');
    expect(api.sent('POST /v1/comms')).toHaveLength(0);
  });

  it('Schedule this message shows the date, at least 5 minutes ahead (Lagos time); it is required', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
    const { api, user } = open();
    expect(screen.queryByLabelText(/Schedule Date & Time/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Schedule this message' }));
    // 09:00 UTC is 10:00 in Lagos.
    expect(field('Schedule Date & Time')).toHaveAttribute('min', '2026-11-20T10:05');
    expect(field('Schedule Date & Time')).toHaveAttribute('type', 'datetime-local');
    await fill(user);
    expect(submit('Schedule Message')).toBeEnabled();
    await user.click(submit('Schedule Message'));
    await expectShown('Schedule date is required for scheduled messages');
    expect(api.sent('POST /v1/comms')).toHaveLength(0);
  });

  it('the Placeholders menu inserts a placeholder where the cursor is', async () => {
    const { user } = open();
    await type(user, 'Hi ');
    await user.click(screen.getByRole('button', { name: 'Placeholders' }));
    await user.click(await screen.findByRole('menuitem', { name: /First name/ }));
    expect(editor()).toHaveTextContent('Hi {{first_name}}');
    await user.click(screen.getByRole('button', { name: 'Placeholders' }));
    await user.click(await screen.findByRole('menuitem', { name: /Expiry date/ }));
    expect(editor()).toHaveTextContent('Hi {{first_name}}{{expiry_date}}');
  });

  it('the tips of each channel: the e-mail subject, the SMS length, hours and parts, WhatsApp marks', async () => {
    const { user } = open();
    await choose(user, 'Channel', 'Email');
    await expectShown('Email uses an auto-generated subject: Message from Iron Gym.');
    await choose(user, 'Channel', 'SMS');
    await expectShown(
      'SMS is best under 160 characters.',
      'Promotional SMS are held between 8 pm and 8 am (Lagos time) and go out at 8 am.',
      '0 characters · 1 SMS part',
    );
    await type(user, 'Hello there');
    expect(screen.getByText('11 characters · 1 SMS part')).toBeInTheDocument();
    await type(user, ' 🎉');
    expect(
      screen.getByText(/^14 characters · 1 SMS part \(special characters/),
    ).toBeInTheDocument();
    await choose(user, 'Channel', 'WhatsApp');
    await expectShown('WhatsApp supports *bold*, _italic_, ~strikethrough~ and emojis.');
  });

  it('says how many members the message goes to, and how many are skipped', async () => {
    const { api, user } = open();
    await choose(user, 'Recipients', 'Active Members');
    expect(api.sent('GET /v1/comms/audience')).toHaveLength(0);
    await choose(user, 'Channel', 'SMS');
    await expectShown(
      'This message will go to 12 members',
      '3 without a phone number will be skipped',
    );
    const query = api.sent('GET /v1/comms/audience')[0]!.query;
    expect(query.get('group')).toBe('active_members');
    expect(query.get('channel')).toBe('sms');
    await choose(user, 'Channel', 'Email');
    await expectShown('3 without an e-mail address will be skipped');
  });

  it('sends the message at once: the body without a date, "Sending..." while on its way', async () => {
    const post = held();
    const { api, user } = open(post.handler);
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    post.answer(created());
    await expectShown(
      'Message sent successfully!',
      'Your message is being delivered to recipients.',
    );
    expect(api.sent('POST /v1/comms')[0]!.body).toEqual({
      group: 'active_members',
      channel: 'sms',
      purpose: 'service',
      message: '<p>Hello</p>',
      is_scheduled: false,
    });
  });

  it('schedules the message: the Lagos date and time sent, "Scheduling..." while on its way', async () => {
    const post = held();
    const { api, user } = open(post.handler);
    await user.click(screen.getByRole('checkbox', { name: 'Schedule this message' }));
    const at = lagosDateTimeLocal(new Date(Date.now() + 2 * 86_400_000));
    fireEvent.change(field('Schedule Date & Time'), { target: { value: at } });
    await fill(user, 'Email');
    await user.click(submit('Schedule Message'));
    expect(await screen.findByRole('button', { name: 'Scheduling...' })).toBeDisabled();
    post.answer(
      created({
        status: 'SCHEDULED',
        is_scheduled: true,
        schedule_date: new Date(`${at}:00+01:00`).toISOString(),
      }),
    );
    await expectShown('Message sent successfully!', 'Your message has been scheduled.');
    expect(api.sent('POST /v1/comms')[0]!.body).toEqual({
      group: 'active_members',
      channel: 'email',
      purpose: 'service',
      message: '<p>Hello</p>',
      is_scheduled: true,
      schedule_date: at,
    });
  });

  it('after the banner, the list opens 3 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = open(() => created(), { timers: true });
    await fill(user);
    await user.click(submit());
    await expectShown('Message sent successfully!');
    expect(submit()).toBeDisabled();
    await advance(2_900);
    expect(router.state.location.pathname).toBe('/communications/create');
    await advance(200);
    expect(router.state.location.pathname).toBe('/communications');
  });

  it('a double click sends one message: one POST, with an Idempotency-Key', async () => {
    const post = held();
    const { api, user } = open(post.handler);
    await fill(user);
    await user.dblClick(submit());
    await waitFor(() => expect(submit('Sending...')).toHaveAttribute('data-loading', 'true'));
    post.answer(created());
    await expectShown('Message sent successfully!');
    expect(api.sent('POST /v1/comms')).toHaveLength(1);
    expect(api.keysSent('POST /v1/comms')[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a failure shows the server's message, else the screen's; a retry sends the same key", async () => {
    const { api, user } = open(
      inTurn(
        () => fail(422, 'Your SMS balance is too low.'),
        () => fail(500),
        () => created(),
      ),
    );
    await fill(user);
    await user.click(submit());
    await expectShown('Your SMS balance is too low.');
    await user.click(submit());
    await expectShown('An error occurred while sending the message. Please try again.');
    await user.click(submit());
    await expectShown('Message sent successfully!');
    const keys = api.keysSent('POST /v1/comms');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('what was typed survives a reload until the message is sent', async () => {
    const first = open();
    await fill(first.user);
    first.unmount();
    const { user } = open(() => created());
    await waitFor(() => expect(field('Recipients')).toHaveValue('Active Members'));
    await waitFor(() => expect(field('Channel')).toHaveValue('SMS'));
    expect(editor()).toHaveTextContent('Hello');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    await expectShown('Message sent successfully!');
    expect(window.sessionStorage.getItem('kora.draft.comms-create')).toBeNull();
  });
});
