import { Notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@kora/shared';
import { fail, inTurn, mockFetch, ok, type Routes, type SentRequest } from '@/test/mock-fetch';
import { expectShown, expectTexts } from '@/test/expect';
import { advance, pickFile, renderPage } from '@/test/render';
import { itNamesTheTab, itShows } from '@/test/page-tests';
import { noEmergencyContact, unsubscribed } from '@/test/fixtures';
import { member } from '../test-fixtures';
import { MemberDetailsPage } from './member-details-page';

/** Chiamaka's page, the member answering `answer`, the other calls `routes`. */
const open = (answer = () => ok(member()), routes: Routes = {}, state?: unknown) => {
  const api = mockFetch({ 'GET /v1/member/5': answer, ...routes });
  const page = (
    <>
      <Notifications />
      <MemberDetailsPage />
    </>
  );
  return { api, ...renderPage(page, { path: '/members/5', route: '/members/:id', state }) };
};

describe('MemberDetailsPage', () => {
  it('shows the member: full name, ID, contact, readable birthday, emergency contact and plan', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' })).toBeInTheDocument();
    expectTexts(document.body, [
      'Member ID: IRG-00005',
      'chiamaka@example.com',
      '0803 123 4567',
      '14 Allen Avenue',
      '9 Mar 1994',
      'Ngozi Okafor',
      '0805 555 0000',
      'Sister',
      'Monthly',
      '₦25,000',
      '1 month',
    ]);
    expect(screen.queryByText('Member details updated successfully!')).not.toBeInTheDocument();
  });

  it('says whether the member receives renewal reminders or opted out', async () => {
    open(() => ok(member({ reminders_opt_out: true })));
    expect(await screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' })).toBeInTheDocument();
    expectTexts(document.body, ['Renewal Reminders', 'Opted out']);
  });

  itNamesTheTab(
    'Chiamaka Ada Okafor · Kora',
    () => open(),
    () => screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' }),
  );

  it('the empty cases: Not assigned, Not specified, no emergency contact, no subscription', async () => {
    const bare = member({
      member_id: '',
      gender: null,
      ...noEmergencyContact,
      ...unsubscribed,
    });
    open(() => ok(bare));
    await expectShown(
      'Member ID: Not assigned',
      'Not specified',
      'No emergency contact information provided',
      'No active subscription',
    );
  });

  it('arriving from edit: the banner shows for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open(undefined, {}, { updated: true });
    await expectShown('Member details updated successfully!', 'All changes have been saved.');
    await advance(5_100);
    expect(screen.queryByText('Member details updated successfully!')).not.toBeInTheDocument();
  });

  it('deactivate asks first, then PATCHes is_active false; Reactivate sends true', async () => {
    let current: Member = member();
    const { api, user } = open(() => ok(current), {
      'PATCH /v1/member/5': (req: SentRequest) => {
        current = { ...current, ...(req.body as Partial<Member>) };
        return ok(current);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Member' });
    expect(api.sent('PATCH /v1/member/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await screen.findByRole('button', { name: 'Reactivate Member' });
    expect(screen.getByText('Inactive')).toBeInTheDocument(); // account status
    // Her subscription still runs, but her status says Deactivated and she cannot pay.
    expect(screen.getAllByText('Deactivated')).toHaveLength(2); // header and subscription card
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Subscription' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Reactivate Member' }));
    await screen.findByRole('button', { name: 'Deactivate Member' });
    expect(screen.getByRole('button', { name: 'Update Subscription' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(api.sent('PATCH /v1/member/5').map((r) => r.body)).toEqual([
      { is_active: false },
      { is_active: true },
    ]);
  });

  it('Update Subscription opens the payments page with the member chosen', async () => {
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Update Subscription' }));
    expect(router.state.location.pathname).toBe('/payments');
    expect(router.state.location.search).toBe('?record=1&member_id=5');
  });

  it('picture: checks the file, uploads with the member id, and says when it fails', async () => {
    const { api } = open(undefined, {
      'POST /v1/business/upload_file': inTurn(
        () => ok({ s3_url: '/uploads/new.png' }),
        () => fail(500),
      ),
    });
    const input = await screen.findByLabelText('Member picture');
    pickFile(input, 'a.txt', 'text/plain');
    await expectShown('Please select an image file');
    pickFile(input, 'a.png', 'image/png', 10);
    expect(await screen.findByRole('button', { name: 'Edit Picture' })).toBeInTheDocument();
    const form = api.sent('POST /v1/business/upload_file')[0]!.body as FormData;
    expect(form.get('entity_id')).toBe('5');
    expect(form.get('file_type')).toBe('member_picture');
    expect(screen.getByRole('img', { name: 'Chiamaka Okafor' })).toHaveAttribute(
      'src',
      '/uploads/new.png',
    );
    pickFile(input, 'b.png', 'image/png', 10);
    await expectShown('Upload failed', 'Failed to upload picture');
  });

  itShows(
    (answer) => open(answer),
    [
      ['not found and other failures', 'Member not found.', () => fail(404, 'Member not found.')],
      [
        'a fetch failure shows the catalogue message',
        'An error occurred while fetching member details.',
        () => fail(500),
      ],
    ],
  );
});
