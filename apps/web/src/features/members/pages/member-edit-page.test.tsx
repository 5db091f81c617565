import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, held, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { enter, field, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { STATES, activePlans, member } from '../test-fixtures';
import { MemberEditPage } from './member-edit-page';

/** Chiamaka's edit page, the member answering `answer`, the other calls `routes`. */
const open = (answer = () => ok(member()), routes: Routes = {}) => {
  const api = mockFetch({
    'GET /v1/member/5': answer,
    'GET /v1/subscription-type': () => ok(activePlans),
    'GET /v1/location/states': () => ok(STATES),
    ...routes,
  });
  return {
    api,
    ...renderPage(<MemberEditPage />, { path: '/members/5/edit', route: '/members/:id/edit' }),
  };
};

/** The page with PATCH answering `patch`, once the form is filled in. */
const openForm = async (patch?: () => Response | Promise<Response>) => {
  const view = open(undefined, patch ? { 'PATCH /v1/member/5': patch } : {});
  await screen.findByDisplayValue('Chiamaka');
  return view;
};
const save = () => screen.getByRole('button', { name: 'Save Changes' });

describe('MemberEditPage', () => {
  it('is prefilled, without asterisks, with the phones in the one national form (0803 123 4567)', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Edit Member' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Chiamaka')).toBeInTheDocument();
    expect(field('Phone Number')).toHaveValue('0803 123 4567');
    expect(field('Emergency Contact Number')).toHaveValue('0805 555 0000');
    expect(field('Date of Birth')).toHaveValue('1994-03-09');
    expect(field('First Name')).not.toBeRequired();
  });

  it('sends only the changed fields, emptied ones as null, then opens the details with the flag', async () => {
    const { api, user, router } = await openForm(() =>
      ok(member({ city: 'Yaba', middle_name: null })),
    );
    await user.clear(field('City'));
    await enter(user, field('City'), 'Yaba');
    await user.clear(field('Middle Name'));
    await user.click(save());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(router.state.location.state).toEqual({ updated: true });
    expect(api.sent('PATCH /v1/member/5').map((r) => r.body)).toEqual([
      { city: 'Yaba', middle_name: null },
    ]);
  });

  itNamesTheTab(
    'Edit Chiamaka Ada Okafor · Kora',
    () => open(),
    () => screen.findByDisplayValue('Chiamaka'),
  );

  it('a double click on Save Changes sends one update; the button is busy meanwhile', async () => {
    const patch = held();
    const { api, user, router } = await openForm(patch.handler);
    await user.clear(field('City'));
    await enter(user, field('City'), 'Yaba');
    await user.dblClick(save());
    await waitFor(() => expect(save()).toHaveAttribute('data-loading', 'true'));
    patch.answer(ok(member({ city: 'Yaba' })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(1);
  });

  it('the reminders opt-out is a checkbox under the fields, sent only when changed', async () => {
    const { api, user, router } = await openForm(() => ok(member({ reminders_opt_out: true })));
    const box = screen.getByRole('checkbox', { name: /No renewal reminders/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(save());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(api.sent('PATCH /v1/member/5').map((r) => r.body)).toEqual([
      { reminders_opt_out: true },
    ]);
  });

  it("clearing the member's e-mail removes it (sent as null)", async () => {
    const { api, user, router } = await openForm(() => ok(member({ email_address: null })));
    await user.clear(field('Email Address'));
    await user.click(save());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(api.sent('PATCH /v1/member/5').map((r) => r.body)).toEqual([{ email_address: null }]);
  });

  it('sends nothing when nothing changed', async () => {
    const { api, user, router } = await openForm();
    await user.click(save());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(router.state.location.state).toBeNull();
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(0);
  });

  it('validates edited fields with the same messages', async () => {
    const { api, user } = await openForm();
    await user.clear(field('Last Name'));
    await user.clear(field('Email Address'));
    await enter(user, field('Email Address'), 'oops');
    await user.click(save());
    await expectShown('Last name must be at least 2 characters', 'Invalid email address');
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(0);
  });

  itShows(
    (answer) => open(answer),
    [['a missing member', 'Member not found.', () => fail(404, 'Member not found.')]],
  );
});
