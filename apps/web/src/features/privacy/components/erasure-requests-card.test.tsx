import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderPage } from '@/test/render';
import { signIn } from '@/test/session';
import { ErasureRequestsCard } from './erasure-requests-card';

const requests = (n: number) =>
  ok(
    Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      member: 40 + i,
      member_id: `IRG-0004${i}`,
      member_name: `Bola Ade${i}`,
      status: 'pending',
      created_at: '2026-11-25T10:00:00.000Z',
    })),
    { meta: { page: 1, per_page: 10, pages: 1, total: n } },
  );

describe('ErasureRequestsCard', () => {
  it('lists the members who asked to be erased, each linking to the member', async () => {
    signIn({ role: 'owner' });
    mockFetch({ 'GET /v1/erasure-request': () => requests(2) });
    const { user, router } = renderPage(<ErasureRequestsCard />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Erasure requests' })).toBeInTheDocument();
    expect(screen.getByText(/2 members asked to have their personal data erased/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Bola Ade1 (IRG-00041)' }));
    expect(router.state.location.pathname).toBe('/members/41');
  });

  it('shows nothing while none waits, and never to staff', async () => {
    signIn({ role: 'owner' });
    const api = mockFetch({ 'GET /v1/erasure-request': () => requests(0) });
    const { unmount } = renderPage(<ErasureRequestsCard />, { path: '/dashboard' });
    await vi.waitFor(() => expect(api.sent('GET /v1/erasure-request')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Erasure requests' })).toBeNull();
    unmount();

    signIn({ role: 'staff' });
    const asStaff = mockFetch({ 'GET /v1/erasure-request': () => requests(1) });
    renderPage(<ErasureRequestsCard />, { path: '/dashboard' });
    expect(screen.queryByRole('heading', { name: 'Erasure requests' })).toBeNull();
    expect(asStaff.sent('GET /v1/erasure-request')).toHaveLength(0);
  });
});
