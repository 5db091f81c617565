import { screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '@/lib/api-error';
import { http } from '@/lib/http';
import { fail, json, mockFetch, ok } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { renderPage } from '@/test/render';
import { LoadError } from './load-error';

const LIST_FAILED = 'An error occurred while fetching members.';

/** A list screen as the features write it: the query's error goes to LoadError. */
function MembersList() {
  const members = useQuery({ queryKey: ['members'], queryFn: () => http.get('/v1/members') });
  if (members.isError)
    return (
      <LoadError
        message={LIST_FAILED}
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  return <p>{members.isSuccess ? 'Loaded' : 'Loading'}</p>;
}

const open = () => renderPage(<MembersList />, { path: '/members' });

describe('LoadError', () => {
  it('a 429 shows the server message, never the screen failure, and Retry asks again', async () => {
    const api = mockFetch({
      'GET /v1/members': () =>
        json(429, {
          message: 'Too many requests. Please wait a minute and try again.',
          code: 'RATE_LIMITED',
        }),
    });
    const { user } = open();
    await expectShown('Too many requests. Please wait a minute and try again.');
    expect(screen.queryByText(LIST_FAILED)).not.toBeInTheDocument();
    expect(screen.queryByText(/new version/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(api.sent('GET /v1/members')).toHaveLength(2));
  });

  it('a 429 without a message asks the user to wait a moment', async () => {
    mockFetch({ 'GET /v1/members': () => new Response('Too Many Requests', { status: 429 }) });
    open();
    await expectShown(RATE_LIMIT_MESSAGE);
    expect(RATE_LIMIT_MESSAGE).toMatch(/wait a moment and try again/);
  });

  it('a user without a business is offered the setup instead of a Retry', async () => {
    mockFetch({
      'GET /v1/members': () =>
        json(403, { message: 'Complete your business setup first.', code: 'NO_BUSINESS' }),
      'GET /v1/location/states': () => ok(['Lagos']),
    });
    const { user } = open();
    const prompt = (await screen.findByText('Complete your business setup first.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(screen.queryByText(LIST_FAILED)).not.toBeInTheDocument();
    expect(within(prompt).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Setup Business' }));
    expect(await screen.findByRole('dialog', { name: 'Setup Your Business' })).toBeInTheDocument();
  });

  it('any other failure shows the screen message with Retry', async () => {
    mockFetch({ 'GET /v1/members': () => fail(500, 'Something broke') });
    open();
    await expectShown(LIST_FAILED);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
