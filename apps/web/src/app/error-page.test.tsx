import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '@/lib/api-error';
import { http } from '@/lib/http';
import { json, mockFetch } from '@/test/mock-fetch';
import { expectShown } from '@/test/expect';
import { renderRoutes } from '@/test/render';
import { ERROR_TEXTS, ErrorPage } from './error-page';

/** A page whose load fails and is thrown to the route's error page. */
function Dashboard() {
  const stats = useQuery({
    queryKey: ['stats'],
    queryFn: () => http.get('/v1/stats'),
    throwOnError: true,
  });
  return <p>{stats.isSuccess ? 'Loaded' : 'Loading'}</p>;
}

const CHUNK = 'http://localhost/assets/members-page-B4x9.js';
/** A page whose code cannot be imported, as Chrome reports it (`message` as given). */
const failedImport = (message: string) => lazy(() => Promise.reject(new TypeError(message)));

const open = (element: ReactElement) =>
  renderRoutes([{ path: '/', element, errorElement: <ErrorPage /> }]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('ErrorPage', () => {
  it('a 429 on an API call asks the user to wait, never to load a new version', async () => {
    mockFetch({
      'GET /v1/stats': () =>
        json(429, {
          message: 'Too many requests. Please wait a minute and try again.',
          code: 'RATE_LIMITED',
        }),
    });
    open(<Dashboard />);
    await expectShown('Too many requests. Please wait a minute and try again.');
    expect(screen.getByRole('heading', { name: ERROR_TEXTS.waitTitle })).toBeInTheDocument();
    expect(screen.queryByText(ERROR_TEXTS.stale)).not.toBeInTheDocument();
    expect(screen.queryByText(ERROR_TEXTS.title)).not.toBeInTheDocument();
    expect(document.title).toBe('Please wait a moment · Kora');
  });

  it('a page whose code answered 429 asks the user to wait', async () => {
    const api = mockFetch({
      'HEAD /assets/members-page-B4x9.js': () => new Response(null, { status: 429 }),
    });
    const Page = failedImport(`Failed to fetch dynamically imported module: ${CHUNK}`);
    open(<Page />);
    await expectShown(RATE_LIMIT_MESSAGE);
    expect(screen.queryByText(ERROR_TEXTS.stale)).not.toBeInTheDocument();
    expect(api.sent('HEAD /assets/members-page-B4x9.js')).toHaveLength(1);
  });

  it('a page whose code is gone (a new release) asks for a reload', async () => {
    mockFetch({});
    const Page = failedImport(`Failed to fetch dynamically imported module: ${CHUNK}`);
    open(<Page />);
    await expectShown(ERROR_TEXTS.stale);
    expect(screen.getByRole('heading', { name: ERROR_TEXTS.title })).toBeInTheDocument();
  });

  it('a page whose code is there blames the connection', async () => {
    mockFetch({
      'HEAD /assets/members-page-B4x9.js': () =>
        new Response(null, { status: 200, headers: { 'Content-Type': 'text/javascript' } }),
    });
    const Page = failedImport(`Failed to fetch dynamically imported module: ${CHUNK}`);
    open(<Page />);
    await expectShown(ERROR_TEXTS.unreachable);
    expect(screen.queryByText(ERROR_TEXTS.stale)).not.toBeInTheDocument();
  });

  it('a failed import that names no file (Safari) keeps the new-version text', async () => {
    const api = mockFetch({});
    const Page = failedImport('Importing a module script failed.');
    open(<Page />);
    await expectShown(ERROR_TEXTS.stale);
    expect(api.requests).toHaveLength(0);
  });
});
