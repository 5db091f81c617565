import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@kora/shared';
import { fail, mockFetch, ok, type SentRequest } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { member } from '../test-fixtures';
import { MemberDetailsPage } from './member-details-page';

const open = (state?: unknown) =>
  renderPage(
    <ModalsProvider>
      <Notifications />
      <MemberDetailsPage />
    </ModalsProvider>,
    { path: '/members/5', route: '/members/:id', state },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MemberDetailsPage', () => {
  it('shows the member: full name, ID, contact, readable birthday, emergency contact and plan', async () => {
    mockFetch({ 'GET /v1/member/5': () => ok(member()) });
    open();
    expect(await screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' })).toBeInTheDocument();
    expect(screen.getByText('Member ID: IRG-00005')).toBeInTheDocument();
    expect(screen.getByText('chiamaka@example.com')).toBeInTheDocument();
    expect(screen.getByText('0803 123 4567')).toBeInTheDocument();
    expect(screen.getByText('14 Allen Avenue')).toBeInTheDocument();
    expect(screen.getByText('9 Mar 1994')).toBeInTheDocument();
    expect(screen.getByText('Ngozi Okafor')).toBeInTheDocument();
    expect(screen.getByText('0805 555 0000')).toBeInTheDocument();
    expect(screen.getByText('Sister')).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('₦25,000')).toBeInTheDocument();
    expect(screen.getByText('1 month')).toBeInTheDocument();
    expect(screen.queryByText('Member details updated successfully!')).not.toBeInTheDocument();
  });

  it("names the tab after the member's full name", async () => {
    document.title = 'Kora';
    mockFetch({ 'GET /v1/member/5': () => ok(member()) });
    open();
    await screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' });
    expect(document.title).toBe('Chiamaka Ada Okafor · Kora');
  });

  it('the empty cases: Not assigned, Not specified, no emergency contact, no subscription', async () => {
    mockFetch({
      'GET /v1/member/5': () =>
        ok(
          member({
            member_id: '',
            gender: null,
            emergency_contact_name: null,
            emergency_contact_number: null,
            emergency_contact_relationship: null,
            subscription_type: null,
            subscription_type_id: null,
            subscription_status: 0,
            subscription_status_label: 'No Subscription',
          }),
        ),
    });
    open();
    expect(await screen.findByText('Member ID: Not assigned')).toBeInTheDocument();
    expect(screen.getByText('Not specified')).toBeInTheDocument();
    expect(screen.getByText('No emergency contact information provided')).toBeInTheDocument();
    expect(screen.getByText('No active subscription')).toBeInTheDocument();
  });

  it('arriving from edit: the banner shows for 5 s', async () => {
    mockFetch({ 'GET /v1/member/5': () => ok(member()) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open({ updated: true });
    expect(await screen.findByText('Member details updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('All changes have been saved.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    expect(screen.queryByText('Member details updated successfully!')).not.toBeInTheDocument();
  });

  it('deactivate asks first, then PATCHes is_active false; Reactivate sends true', async () => {
    let current: Member = member();
    const api = mockFetch({
      'GET /v1/member/5': () => ok(current),
      'PATCH /v1/member/5': (req: SentRequest) => {
        current = { ...current, ...(req.body as Partial<Member>) };
        return ok(current);
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Member' });
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await screen.findByRole('button', { name: 'Reactivate Member' });
    expect(screen.getByText('Inactive')).toBeInTheDocument(); // account status
    await user.click(screen.getByRole('button', { name: 'Reactivate Member' }));
    await screen.findByRole('button', { name: 'Deactivate Member' });
    expect(api.sent('PATCH /v1/member/5').map((r) => r.body)).toEqual([
      { is_active: false },
      { is_active: true },
    ]);
  });

  it('Update Subscription opens the payments page with the member chosen', async () => {
    mockFetch({ 'GET /v1/member/5': () => ok(member()) });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Update Subscription' }));
    expect(router.state.location.pathname).toBe('/payments');
    expect(router.state.location.search).toBe('?record=1&member_id=5');
  });

  it('picture: checks the file, uploads with the member id, and says when it fails', async () => {
    let uploads = 0;
    const api = mockFetch({
      'GET /v1/member/5': () => ok(member()),
      'POST /v1/business/upload_file': () =>
        ++uploads === 1 ? ok({ s3_url: '/uploads/new.png' }) : fail(500),
    });
    open();
    const input = await screen.findByLabelText('Member picture');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(10)], 'a.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('button', { name: 'Edit Picture' })).toBeInTheDocument();
    const form = api.sent('POST /v1/business/upload_file')[0]!.body as FormData;
    expect(form.get('entity_id')).toBe('5');
    expect(form.get('file_type')).toBe('member_picture');
    expect(screen.getByRole('img', { name: 'Chiamaka Okafor' })).toHaveAttribute(
      'src',
      '/uploads/new.png',
    );
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(10)], 'b.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload picture')).toBeInTheDocument();
  });

  it('not found and other failures', async () => {
    mockFetch({ 'GET /v1/member/5': () => fail(404, 'Member not found.') });
    open();
    expect(await screen.findByText('Member not found.')).toBeInTheDocument();
  });

  it('a fetch failure shows the catalogue message', async () => {
    mockFetch({ 'GET /v1/member/5': () => fail(500) });
    open();
    expect(
      await screen.findByText('An error occurred while fetching member details.'),
    ).toBeInTheDocument();
  });
});
