import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { STATES, activePlans, member } from '../test-fixtures';
import { MemberEditPage } from './member-edit-page';

const open = () =>
  renderPage(<MemberEditPage />, { path: '/members/5/edit', route: '/members/:id/edit' });
const routes = {
  'GET /v1/member/5': () => ok(member()),
  'GET /v1/subscription-type': () => ok(activePlans),
  'GET /v1/location/states': () => ok(STATES),
};

afterEach(() => vi.unstubAllGlobals());

describe('MemberEditPage', () => {
  it('is prefilled, without asterisks, with the phone in the local form', async () => {
    mockFetch(routes);
    open();
    expect(await screen.findByRole('heading', { name: 'Edit Member' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Chiamaka')).toBeInTheDocument();
    expect(field('Phone Number')).toHaveValue('08031234567');
    expect(field('Emergency Contact Number')).toHaveValue('08055550000');
    expect(field('Date of Birth')).toHaveValue('1994-03-09');
    expect(field('First Name')).not.toBeRequired();
  });

  it('sends only the changed fields, emptied ones as null, then opens the details with the flag', async () => {
    const api = mockFetch({
      ...routes,
      'PATCH /v1/member/5': () => ok(member({ city: 'Yaba', middle_name: null })),
    });
    const { user, router } = open();
    await screen.findByDisplayValue('Chiamaka');
    await user.clear(field('City'));
    await user.type(field('City'), 'Yaba');
    await user.clear(field('Middle Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(router.state.location.state).toEqual({ updated: true });
    expect(api.sent('PATCH /v1/member/5').map((r) => r.body)).toEqual([
      { city: 'Yaba', middle_name: null },
    ]);
  });

  it('names the tab Edit and the member', async () => {
    document.title = 'Kora';
    mockFetch(routes);
    open();
    await screen.findByDisplayValue('Chiamaka');
    expect(document.title).toBe('Edit Chiamaka Ada Okafor · Kora');
  });

  it('a double click on Save Changes sends one update; the button is busy meanwhile', async () => {
    let answer!: (res: Response) => void;
    const api = mockFetch({
      ...routes,
      'PATCH /v1/member/5': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, router } = open();
    await screen.findByDisplayValue('Chiamaka');
    await user.clear(field('City'));
    await user.type(field('City'), 'Yaba');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await user.dblClick(save);
    await waitFor(() => expect(save).toHaveAttribute('data-loading', 'true'));
    answer(ok(member({ city: 'Yaba' })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(1);
  });

  it('sends nothing when nothing changed', async () => {
    const api = mockFetch(routes);
    const { user, router } = open();
    await screen.findByDisplayValue('Chiamaka');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members/5'));
    expect(router.state.location.state).toBeNull();
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(0);
  });

  it('validates edited fields with the same messages', async () => {
    const api = mockFetch(routes);
    const { user } = open();
    await screen.findByDisplayValue('Chiamaka');
    await user.clear(field('Last Name'));
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'oops');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(0);
  });

  it('a missing member: Member not found.', async () => {
    mockFetch({ ...routes, 'GET /v1/member/5': () => fail(404, 'Member not found.') });
    open();
    expect(await screen.findByText('Member not found.')).toBeInTheDocument();
  });
});
