import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectShown, expectTexts, findRow, rowOf } from '@/test/expect';
import { fail, json, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { phoneScreen } from '@/test/phone-screen';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { bola, kemi, team, teamUser } from '../test-fixtures';
import { TeamPage } from './team-page';

const LIST = 'GET /v1/user';

/** The page, the team answering `answer`, and the other calls `routes`. */
const open = (answer = () => ok(team()), routes: Routes = {}) => {
  const api = mockFetch({ [LIST]: answer, ...routes });
  const view = renderPage(
    <>
      <Notifications />
      <TeamPage />
    </>,
    { path: '/users' },
  );
  return { api, ...view };
};

type User = ReturnType<typeof open>['user'];

/** Opens the row's menu and picks `item`; answers the confirmation dialog. */
const choose = async (user: User, person: string, item: string, dialogName: string) => {
  await user.click(await screen.findByRole('button', { name: `Actions for ${person}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: dialogName });
};

const tooltipOf = async (user: User, button: HTMLElement) => {
  await user.hover(button.parentElement!);
  return screen.findByRole('tooltip');
};

beforeEach(() => signIn());

describe('TeamPage: the list', () => {
  it('shows each person: name or e-mail, contact, role, status, joined date; the footer', async () => {
    open();
    const ada = await findRow('Ada Obi');
    for (const header of ['User', 'Contact', 'Role', 'Status', 'Joined', 'Actions'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expectTexts(ada, ['AO', 'ada@irongym.ng', '0803 123 4567', 'OWNER', 'Verified', '5 Jan 2026']);
    expectTexts(rowOf('Bola Ade'), ['BA', 'bola@irongym.ng', 'ADMIN', 'Verified', '10 Feb 2026']);

    // An invitee without names: U for initials, the e-mail for the name, Pending.
    const invitee = screen.getAllByText('kemi@irongym.ng')[0]!.closest('tr')!;
    expectTexts(invitee, ['U', 'STAFF', 'Pending', '1 Mar 2026']);
    expect(within(invitee).getAllByText('kemi@irongym.ng')).toHaveLength(2);
    expect(within(invitee).queryByText('Invitation expired')).not.toBeInTheDocument();

    expectTexts(rowOf('Sade Bello'), ['SB', 'Pending', 'Invitation expired']);
    expect(screen.getByText('Showing 4 user(s)')).toBeInTheDocument();
  });

  itNamesTheTab(
    'Users · Kora',
    () => open(),
    () => screen.findByText('Ada Obi'),
  );

  it('empty: No users found, with Invite User', async () => {
    const { user } = open(() => ok([]));
    await expectShown('No users found');
    const buttons = screen.getAllByRole('button', { name: 'Invite User' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Invite User' })).toBeInTheDocument();
  });

  itShows(
    (answer) => open(answer),
    [['a failed load', 'An error occurred while fetching users.', () => fail(500)]],
  );
});

describe('TeamPage: who may do what', () => {
  it('staff: Invite User and the row actions are disabled and say why', async () => {
    signIn({ sub: '9', role: 'staff' });
    const { user } = open();
    await screen.findByText('Bola Ade');
    const invite = screen.getByRole('button', { name: 'Invite User' });
    expect(invite).toBeDisabled();
    expect(await tooltipOf(user, invite)).toHaveTextContent(
      'Only the business owner or an admin can invite people.',
    );
    await user.unhover(invite.parentElement!);

    const actions = screen.getByRole('button', { name: 'Actions for Bola Ade' });
    expect(actions).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(await tooltipOf(user, actions)).toHaveTextContent(
      'Only the business owner or an admin can change or remove people.',
    );
    await user.click(actions);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it("the owner's row cannot be changed or removed", async () => {
    const { user } = open();
    const actions = await screen.findByRole('button', { name: 'Actions for Ada Obi' });
    expect(actions).toBeDisabled();
    expect(await tooltipOf(user, actions)).toHaveTextContent(
      "The business owner can't be changed or removed.",
    );
    expect(screen.getByRole('button', { name: 'Actions for Bola Ade' })).toBeEnabled();
  });

  it('a pending invitation offers resend, change role and revoke; an accepted one no resend', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Actions for kemi@irongym.ng' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Resend invitation',
      'Change role',
      'Revoke invitation',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Bola Ade' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
        'Change role',
        'Remove from team',
      ]),
    );
  });

  it('an admin cannot remove themselves', async () => {
    signIn({ sub: '2', role: 'admin', email: 'bola@irongym.ng' });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Actions for Bola Ade' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove from team' })).toBeDisabled();
    expect(screen.getByText("You can't remove yourself from the team.")).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Change role' })).toBeEnabled();
  });
});

describe('TeamPage: the row actions', () => {
  it('resends an invitation after confirmation; the list loads again', async () => {
    const { api, user } = open(() => ok(team()), {
      'POST /v1/user/3/resend-invitation': () => ok(kemi()),
    });
    const dialog = await choose(user, 'kemi@irongym.ng', 'Resend invitation', 'Resend Invitation');
    expect(dialog).toHaveTextContent('Send a new invitation to kemi@irongym.ng?');
    expect(api.sent('POST /v1/user/3/resend-invitation')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));

    await expectShown('Invitation resent', 'A new invitation was sent to kemi@irongym.ng.');
    expect(api.sent('POST /v1/user/3/resend-invitation')).toHaveLength(1);
    expect(api.sent(LIST)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('revokes an invitation: the invitee leaves the list', async () => {
    let revoked = false;
    const { api, user } = open(() => ok(revoked ? [teamUser(), bola] : team()), {
      'DELETE /v1/user/3': () => {
        revoked = true;
        return json(200, { message: 'Invitation revoked.', data: null });
      },
    });
    const dialog = await choose(user, 'kemi@irongym.ng', 'Revoke invitation', 'Revoke Invitation');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await expectShown('Invitation revoked', 'The invitation to kemi@irongym.ng no longer works.');
    expect(api.sent('DELETE /v1/user/3')).toHaveLength(1);
    expect(screen.queryByText('kemi@irongym.ng')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 user(s)')).toBeInTheDocument();
  });

  it('changes a role to the one chosen', async () => {
    let role: 'admin' | 'staff' = 'admin';
    const { api, user } = open(() => ok([teamUser(), { ...bola, role }]), {
      'PATCH /v1/user/2/role': (req) => {
        role = (req.body as { role: 'admin' | 'staff' }).role;
        return ok({ ...bola, role });
      },
    });
    const dialog = await choose(user, 'Bola Ade', 'Change role', 'Change Role');
    // The person's current role is chosen to start with, and said; it changes nothing.
    expect(within(dialog).getByRole('radio', { name: /^Admin \(current role\)/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /^Staff/ })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Change Role' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /^Staff/ }));
    expect(within(dialog).getByRole('button', { name: 'Change Role' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));

    await expectShown('Role changed', 'Bola Ade is now Staff.');
    expect(api.sent('PATCH /v1/user/2/role').map((r) => r.body)).toEqual([{ role: 'staff' }]);
    expect(within(rowOf('Bola Ade')).getByText('STAFF')).toBeInTheDocument();
  });

  it('removes an accepted person from the team', async () => {
    let removed = false;
    const { api, user } = open(() => ok(removed ? [teamUser()] : [teamUser(), bola]), {
      'DELETE /v1/user/2': () => {
        removed = true;
        return json(200, { message: 'User removed from the team.', data: null });
      },
    });
    const dialog = await choose(user, 'Bola Ade', 'Remove from team', 'Remove from Team');
    expect(dialog).toHaveTextContent('Remove Bola Ade from the team?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectShown('User removed', 'Bola Ade was removed from the team.');
    expect(api.sent('DELETE /v1/user/2')).toHaveLength(1);
    expect(screen.queryByText('Bola Ade')).not.toBeInTheDocument();
  });

  it("a refused action shows the server's message and keeps the dialog open", async () => {
    const { api, user } = open(() => ok(team()), {
      'POST /v1/user/3/resend-invitation': () =>
        json(409, { message: 'This invitation has already been accepted.', code: 'NOT_PENDING' }),
      'DELETE /v1/user/2': () => fail(500),
    });
    let dialog = await choose(user, 'kemi@irongym.ng', 'Resend invitation', 'Resend Invitation');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Resending failed');
    expect(alert).toHaveTextContent('This invitation has already been accepted.');
    expect(api.sent(LIST)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await choose(user, 'Bola Ade', 'Remove from team', 'Remove from Team');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );
  });
});

describe('TeamPage: on a phone', () => {
  it('on a phone each person is a card with their role, status and actions', async () => {
    phoneScreen();
    open();
    await screen.findByText('Bola Ade');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByText('Bola Ade').closest('.mantine-Paper-root') as HTMLElement;
    expectTexts(card, ['ADMIN', 'Contact', 'bola@irongym.ng', 'Status', 'Verified', 'Joined']);
    expect(within(card).getByRole('button', { name: 'Actions for Bola Ade' })).toBeEnabled();
  });
});
