import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectShown } from '@/test/expect';
import { fail, held, json, mockFetch, ok, type Handler } from '@/test/mock-fetch';
import { advance, enter, field, renderPage, renderRoutes } from '@/test/render';
import { signIn } from '@/test/session';
import { TeamPage } from '../pages/team-page';
import { kemi, team } from '../test-fixtures';

const INVITE = 'POST /v1/user/invite';

/** The users page with the Invite User dialog open; invitations answer `invite`. */
const openDialog = async (invite: Handler, opts: { timers?: boolean } = {}) => {
  const api = mockFetch({ 'GET /v1/user': () => ok(team()), [INVITE]: invite });
  const view = renderPage(<TeamPage />, { path: '/users', ...opts });
  await view.user.click(await screen.findByRole('button', { name: 'Invite User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
  return { api, dialog, ...view };
};

type User = Awaited<ReturnType<typeof openDialog>>['user'];

const fill = async (user: User, email: string, role: 'Admin' | 'Staff') => {
  await enter(user, field('Email Address'), email);
  await user.click(field('Role'));
  await user.click(await screen.findByRole('option', { name: role }));
};

const send = () => screen.getByRole('button', { name: 'Send Invitation' });

beforeEach(() => signIn());

describe('InviteUserModal', () => {
  it('asks for an e-mail and a role, with their messages; sends nothing until both are right', async () => {
    const { api, dialog, user } = await openDialog(() => ok(kemi(), {}, 201));
    expect(field('Role')).toHaveAttribute('placeholder', 'Select a role');
    expect(dialog).toHaveTextContent('They will receive an email with a link to set up');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await user.click(send());
    await expectShown('Invalid email address', 'Please select a role');
    await enter(user, field('Email Address'), 'not-an-email');
    await user.click(send());
    await expectShown('Invalid email address');

    await user.click(field('Role'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Admin', 'Staff']);
    await user.click(options[1]!);
    expect(screen.queryByText('Please select a role')).not.toBeInTheDocument();
    expect(api.sent(INVITE)).toHaveLength(0);
  });

  it('says Sending Invitation... while on its way; a double click sends one invitation', async () => {
    const call = held();
    const { api, user } = await openDialog(call.handler);
    await fill(user, ' Kemi@IronGym.ng ', 'Staff');
    await user.dblClick(send());

    const sending = await screen.findByRole('button', { name: 'Sending Invitation...' });
    expect(sending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    call.answer(ok(kemi(), {}, 201));
    await expectShown('Invitation sent successfully');

    const sent = api.sent(INVITE);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ email: 'kemi@irongym.ng', role: 'staff' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('confirms with the e-mail; 3 s later the list loads again and the dialog closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user } = await openDialog(() => ok(kemi(), {}, 201), { timers: true });
    await fill(user, 'kemi@irongym.ng', 'Admin');
    await user.click(send());

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Invitation sent successfully');
    expect(status).toHaveTextContent('An invitation was sent to kemi@irongym.ng.');
    expect(api.sent('GET /v1/user')).toHaveLength(1);
    await advance(2_900);
    expect(screen.getByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
    await advance(200);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.sent('GET /v1/user')).toHaveLength(2));

    // Opened again, the form is empty.
    await user.click(screen.getByRole('button', { name: 'Invite User' }));
    await screen.findByRole('dialog', { name: 'Invite User' });
    expect(field('Email Address')).toHaveValue('');
    expect(field('Role')).toHaveValue('');
  });

  it("a failure shows Invitation failed with the server's message, or the fallback", async () => {
    const answers = [
      () =>
        json(409, {
          message: 'This person has already been invited to your team.',
          code: 'ALREADY_INVITED',
        }),
      () => fail(503),
    ];
    const { api, user } = await openDialog(() => answers.shift()!());
    await fill(user, 'kemi@irongym.ng', 'Staff');
    await user.click(send());
    let alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invitation failed');
    expect(alert).toHaveTextContent('This person has already been invited to your team.');

    await user.click(send());
    await waitFor(() => expect(api.sent(INVITE)).toHaveLength(2));
    alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent(
        'An error occurred while sending the invitation. Please try again.',
      ),
    );
    // The same invitation retried is the same submission: the server sends it once.
    const [first, second] = api.keysSent(INVITE);
    expect(second).toBe(first);
    expect(screen.getByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
  });

  it("shows the server's field errors under their fields", async () => {
    const { user } = await openDialog(() =>
      json(400, {
        message: 'Check the highlighted fields.',
        code: 'VALIDATION_ERROR',
        errors: { email: 'This email address cannot receive mail.' },
      }),
    );
    await fill(user, 'kemi@irongym.ng', 'Staff');
    await user.click(send());
    await expectShown('This email address cannot receive mail.', 'Check the highlighted fields.');
    expect(field('Email Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Back closes it and stays on the team; a second Back leaves', async () => {
    mockFetch({ 'GET /v1/user': () => ok(team()), [INVITE]: () => ok(kemi(), {}, 201) });
    const view = renderRoutes(
      [
        { path: '/dashboard', element: <div>Dashboard</div> },
        { path: '/users', element: <TeamPage /> },
      ],
      { path: '/dashboard' },
    );
    await act(() => view.router.navigate('/users'));
    await view.user.click(await screen.findByRole('button', { name: 'Invite User' }));
    expect(await screen.findByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
    await act(() => view.router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.pathname).toBe('/users');
    await act(() => view.router.navigate(-1));
    expect(view.router.state.location.pathname).toBe('/dashboard');
  });

  it('Cancel closes it without sending', async () => {
    const { api, user } = await openDialog(() => ok(kemi(), {}, 201));
    await enter(user, field('Email Address'), 'kemi@irongym.ng');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent(INVITE)).toHaveLength(0);
  });
});
