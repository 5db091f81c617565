import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '@/test/mock-fetch';
import { field, renderPage } from '@/test/render';
import { STATES, activePlans, member } from '../test-fixtures';
import { MemberAddPage } from './member-add-page';

const open = () => renderPage(<MemberAddPage />, { path: '/members/add' });
const lists = {
  'GET /v1/subscription-type': () => ok(activePlans),
  'GET /v1/location/states': () => ok(STATES),
};

const fillRequired = async (user: ReturnType<typeof open>['user']) => {
  await user.type(field('First Name'), 'Tunde');
  await user.type(field('Last Name'), 'Bakare');
  await user.type(field('Phone Number'), '08031234567');
  await user.type(field('Email Address'), 'tunde@example.com');
  await user.type(field('City'), 'Ibadan');
  await user.click(field('State'));
  await user.click(await screen.findByRole('option', { name: 'Oyo' }));
};

/** The Idempotency-Key header of each POST /v1/member sent. */
const keysSent = (fetch: ReturnType<typeof mockFetch>['fetch']) =>
  fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/v1/member'))
    .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);

afterEach(() => vi.unstubAllGlobals());

describe('MemberAddPage', () => {
  it('required fields carry asterisks and each shows its message', async () => {
    const api = mockFetch(lists);
    const { user } = open();
    for (const label of ['First Name', 'Last Name', 'Phone Number', 'Email Address', 'City'])
      expect(field(label)).toBeRequired();
    expect(field('Middle Name')).not.toBeRequired();

    await user.type(field('First Name'), 'T');
    await user.type(field('Phone Number'), '0803');
    await user.type(field('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be at least 11 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(api.sent('POST /v1/member')).toHaveLength(0);
  });

  it('creates with the filled values only, uploads the picture, then back to /members', async () => {
    const api = mockFetch({
      ...lists,
      'POST /v1/member': () => ok(member({ id: 12, first_name: 'Tunde' }), {}, 201),
      'POST /v1/business/upload_file': () => ok({ s3_url: '/uploads/m12.png' }),
    });
    const { user, router } = open();
    await fillRequired(user);
    await user.click(field('Subscription Plan'));
    await user.click(await screen.findByRole('option', { name: 'Monthly (₦25,000)' }));
    fireEvent.change(screen.getByLabelText('Member picture'), {
      target: { files: [new File([new Uint8Array(64)], 'me.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Member picture preview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(api.sent('POST /v1/member')[0]!.body).toEqual({
      first_name: 'Tunde',
      last_name: 'Bakare',
      mobile_number: '08031234567',
      email_address: 'tunde@example.com',
      city: 'Ibadan',
      state: 'Oyo',
      country_code: 'NG',
      subscription_type_id: 7,
    });
    const upload = api.sent('POST /v1/business/upload_file')[0]!.body as FormData;
    expect(upload.get('file_type')).toBe('member_picture');
    expect(upload.get('entity_id')).toBe('12');
  });

  it('names the tab Add member', async () => {
    document.title = 'Kora';
    mockFetch(lists);
    open();
    await waitFor(() => expect(document.title).toBe('Add member · Kora'));
  });

  it('a double click adds one member: one POST, with an Idempotency-Key', async () => {
    const api = mockFetch({
      ...lists,
      'POST /v1/member': () => ok(member({ id: 12, first_name: 'Tunde' }), {}, 201),
    });
    const { user, router } = open();
    await fillRequired(user);
    await user.dblClick(screen.getByRole('button', { name: 'Add Member' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(api.sent('POST /v1/member')).toHaveLength(1);
    expect(keysSent(api.fetch)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('the button is busy while the member is saved; a retry after a failure keeps the key', async () => {
    let answer!: (res: Response) => void;
    const api = mockFetch({
      ...lists,
      'POST /v1/member': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, router } = open();
    await fillRequired(user);
    const add = screen.getByRole('button', { name: 'Add Member' });
    await user.click(add);
    await waitFor(() => expect(add).toHaveAttribute('data-loading', 'true'));
    expect(add).toBeDisabled();
    answer(fail(503));
    expect(await screen.findByText('Could not save the member')).toBeInTheDocument();
    expect(add).toBeEnabled();

    await user.click(add);
    await waitFor(() => expect(keysSent(api.fetch)).toHaveLength(2));
    answer(ok(member({ id: 12 }), {}, 201));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    const [first, retry] = keysSent(api.fetch);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  it('checks the picture: an image, under 5MB', async () => {
    mockFetch(lists);
    open();
    const input = screen.getByLabelText('Member picture');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' })],
      },
    });
    expect(await screen.findByText('File size must be less than 5MB')).toBeInTheDocument();
  });

  it("shows the server's field errors under the fields", async () => {
    mockFetch({
      ...lists,
      'POST /v1/member': () =>
        fail(400, 'Enter a valid Nigerian phone number', {
          mobile_number: 'Enter a valid Nigerian phone number',
        }),
    });
    const { user, router } = open();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Enter a valid Nigerian phone number')).toBeInTheDocument();
    expect(field('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/members/add');
  });
});
