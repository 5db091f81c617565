import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, held, mockFetch, ok, type Routes } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { business, profile } from '@/test/fixtures';
import { signIn } from '@/test/session';
import { enter, field, pickFile, renderPage } from '@/test/render';
import { itNamesTheTab } from '@/test/page-tests';
import { STATES, activePlans, member, tundeInput } from '../test-fixtures';
import { MemberAddPage } from './member-add-page';

/** The page, with the plans and states, the other calls `routes`. */
const open = (routes: Routes = {}) => {
  const api = mockFetch({
    'GET /v1/subscription-type': () => ok(activePlans),
    'GET /v1/location/states': () => ok(STATES),
    ...routes,
  });
  return { api, ...renderPage(<MemberAddPage />, { path: '/members/add' }) };
};
const add = () => screen.getByRole('button', { name: 'Add Member' });
/** The answer of Tunde added as member 12. */
const added = () => ok(member({ id: 12, first_name: 'Tunde' }), {}, 201);

const fillRequired = async (user: ReturnType<typeof open>['user']) => {
  await enter(user, field('First Name'), 'Tunde');
  await enter(user, field('Last Name'), 'Bakare');
  await enter(user, field('Phone Number'), '08031234567');
  await enter(user, field('Email Address'), 'tunde@example.com');
  await enter(user, field('City'), 'Ibadan');
  await user.click(field('State'));
  await user.click(await screen.findByRole('option', { name: 'Oyo' }));
};

describe('MemberAddPage', () => {
  it('required fields carry asterisks and each shows its message', async () => {
    const { api, user } = open();
    for (const label of ['First Name', 'Last Name', 'Phone Number', 'City'])
      expect(field(label)).toBeRequired();
    expect(field('Middle Name')).not.toBeRequired();
    // Many members have only a phone: the e-mail is optional, but checked when given.
    expect(field('Email Address')).not.toBeRequired();

    await enter(user, field('First Name'), 'T');
    await enter(user, field('Phone Number'), '0803');
    await enter(user, field('Email Address'), 'not-an-email');
    await user.click(add());
    await expectShown(
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Phone number must be at least 11 characters',
      'Invalid email address',
      'City is required',
      'State is required',
    );
    expect(api.sent('POST /v1/member')).toHaveLength(0);
  });

  it('creates with the filled values only, uploads the picture, then back to /members', async () => {
    const { api, user, router } = open({
      'POST /v1/member': added,
      'POST /v1/business/upload_file': () => ok({ s3_url: '/uploads/m12.png' }),
    });
    await fillRequired(user);
    await user.click(field('Subscription Plan'));
    await user.click(await screen.findByRole('option', { name: 'Monthly (₦25,000)' }));
    pickFile(screen.getByLabelText('Member picture'), 'me.png', 'image/png', 64);
    expect(await screen.findByRole('img', { name: 'Member picture preview' })).toBeInTheDocument();
    await user.click(add());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(api.sent('POST /v1/member')[0]!.body).toEqual(tundeInput);
    const upload = api.sent('POST /v1/business/upload_file')[0]!.body as FormData;
    expect(upload.get('file_type')).toBe('member_picture');
    expect(upload.get('entity_id')).toBe('12');
  });

  it('asks whether the gym may send offers: unticked sends no, ticked sends yes', async () => {
    signIn();
    const { api, user } = open({
      'POST /v1/member': added,
      'GET /v1/auth/me': () => ok(profile()),
    });
    const question = await screen.findByRole('checkbox', {
      name: `May ${profile().business_name} send you offers and news?`,
    });
    expect(question).not.toBeChecked();
    await fillRequired(user);
    await user.click(add());
    await waitFor(() => expect(api.sent('POST /v1/member')).toHaveLength(1));
    expect(api.sent('POST /v1/member')[0]!.body).toMatchObject({ marketing_consent: 'no' });

    const again = open({ 'POST /v1/member': added, 'GET /v1/auth/me': () => ok(profile()) });
    await fillRequired(again.user);
    await again.user.click(
      screen.getAllByRole('checkbox', { name: /send you offers and news/ }).at(-1)!,
    );
    await again.user.click(screen.getAllByRole('button', { name: 'Add Member' }).at(-1)!);
    await waitFor(() => expect(again.api.sent('POST /v1/member')).toHaveLength(1));
    expect(again.api.sent('POST /v1/member')[0]!.body).toMatchObject({ marketing_consent: 'yes' });
  });

  it('adds a member without an e-mail: the empty e-mail is accepted and not sent', async () => {
    const { api, user, router } = open({ 'POST /v1/member': added });
    await enter(user, field('First Name'), 'Tunde');
    await enter(user, field('Last Name'), 'Bakare');
    await enter(user, field('Phone Number'), '08031234567');
    await enter(user, field('City'), 'Ibadan');
    await user.click(field('State'));
    await user.click(await screen.findByRole('option', { name: 'Oyo' }));
    await user.click(add());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    const sent = api.sent('POST /v1/member')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ first_name: 'Tunde', mobile_number: '08031234567' });
    expect(sent.email_address ?? null).toBeNull();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });

  it("City and State start as the gym's own, and can be changed", async () => {
    signIn();
    const { api, user } = open({
      'POST /v1/member': added,
      'GET /v1/business/profile': () => ok(business({ city: 'Lekki', state: 'Lagos' })),
    });
    await waitFor(() => expect(field('City')).toHaveValue('Lekki'));
    expect(field('State')).toHaveValue('Lagos');
    // Picking the state already chosen keeps it.
    await user.click(field('State'));
    await user.click(await screen.findByRole('option', { name: 'Lagos' }));
    expect(field('State')).toHaveValue('Lagos');
    await user.clear(field('City'));
    await enter(user, field('City'), 'Ajah');
    await enter(user, field('First Name'), 'Tunde');
    await enter(user, field('Last Name'), 'Bakare');
    await enter(user, field('Phone Number'), '08031234567');
    await user.click(add());
    await waitFor(() => expect(api.sent('POST /v1/member')).toHaveLength(1));
    expect(api.sent('POST /v1/member')[0]!.body).toMatchObject({ city: 'Ajah', state: 'Lagos' });
  });

  itNamesTheTab('Add member · Kora', () => open());

  it('a double click adds one member: one POST, with an Idempotency-Key', async () => {
    const { api, user, router } = open({ 'POST /v1/member': added });
    await fillRequired(user);
    await user.dblClick(add());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(api.sent('POST /v1/member')).toHaveLength(1);
    expect(api.keysSent('POST /v1/member')).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('the button is busy while the member is saved; a retry after a failure keeps the key', async () => {
    const post = held();
    const { api, user, router } = open({ 'POST /v1/member': post.handler });
    await fillRequired(user);
    await user.click(add());
    await waitFor(() => expect(add()).toHaveAttribute('data-loading', 'true'));
    expect(add()).toBeDisabled();
    post.answer(fail(503));
    await expectShown('Could not save the member');
    expect(add()).toBeEnabled();

    await user.click(add());
    await waitFor(() => expect(api.keysSent('POST /v1/member')).toHaveLength(2));
    post.answer(ok(member({ id: 12 }), {}, 201));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    const [first, retry] = api.keysSent('POST /v1/member');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  it('checks the picture: an image, under 5MB', async () => {
    open();
    const input = screen.getByLabelText('Member picture');
    pickFile(input, 'notes.txt', 'text/plain');
    await expectShown('Please select an image file');
    pickFile(input, 'big.png', 'image/png', 5 * 1024 * 1024);
    await expectShown('File size must be less than 5MB');
  });

  it("shows the server's field errors under the fields", async () => {
    const { user, router } = open({
      'POST /v1/member': () =>
        fail(400, 'Enter a valid Nigerian phone number', {
          mobile_number: 'Enter a valid Nigerian phone number',
        }),
    });
    await fillRequired(user);
    await user.click(add());
    await expectShown('Enter a valid Nigerian phone number');
    expect(field('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/members/add');
  });
});
