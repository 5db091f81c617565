import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lastSeenMember } from '@/features/offline';
import { expectTexts } from '@/test/expect';
import { mockFetch, ok } from '@/test/mock-fetch';
import { goOffline, resetDesk, unreachable } from '@/test/offline-desk';
import { phoneScreen } from '@/test/phone-screen';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { member } from '../test-fixtures';
import { MemberDetailsPage } from './member-details-page';

const openAt = (id: number) =>
  renderPage(<MemberDetailsPage />, { path: `/members/${id}`, route: '/members/:id' });

afterEach(resetDesk);

describe('MemberDetailsPage offline', () => {
  it('shows the copy last seen on this device, marked "As last seen at", after a reload offline', async () => {
    phoneScreen();
    signIn();
    mockFetch({ 'GET /v1/member/5': () => ok(member()) });
    const first = openAt(5);
    expect(await screen.findByRole('heading', { name: 'Chiamaka Ada Okafor' })).toBeInTheDocument();
    await waitFor(async () => expect(await lastSeenMember(5)).toBeDefined());
    first.unmount();

    // The network goes; the desk reloads the page (nothing in memory).
    mockFetch({ 'GET /v1/member/5': unreachable });
    await goOffline();
    openAt(5);
    expect(await screen.findByText(/^As last seen at \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chiamaka Ada Okafor' })).toBeInTheDocument();
    expectTexts(document.body, ['Member ID: IRG-00005', '0803 123 4567', 'Ngozi Okafor']);
    // A Cash payment can still be taken; what needs the server says so.
    expect(screen.getByRole('button', { name: 'Update Subscription' })).toBeInTheDocument();
    expect(screen.getByText('Needs a connection')).toBeInTheDocument();
  });

  it('a member never opened on this device: "Needs a connection", not an error', async () => {
    signIn();
    mockFetch({ 'GET /v1/member/6': unreachable });
    await goOffline();
    openAt(6);
    expect(await screen.findByText('Needs a connection')).toBeInTheDocument();
    expect(
      screen.getByText('This member was not opened on this device while online.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
