import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
// The plain provider: under Vitest, react-router/dom would load a second copy of the router.
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '@/app/theme';

export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      // As the app: offline an action is tried at once (and says "Needs a connection").
      mutations: { retry: false, networkMode: 'always' },
    },
  });

/**
 * Renders `routes` at `path` inside the app's providers (transitions and portals off).
 * Returns the router, so a test can read where navigation ended. Mantine's style tags (its CSS
 * variables and global classes) are left out: jsdom draws nothing, and with them every
 * getComputedStyle (Testing Library's accessible names, user-event's pointer checks, popovers'
 * positions) matched each element and its ancestors against hundreds of declarations (the
 * heaviest test files use about a sixth less CPU without them).
 */
export const renderRoutes = (
  routes: RouteObject[],
  { path = '/', state, queryClient = testQueryClient(), timers = false } = {} as {
    path?: string;
    state?: unknown;
    queryClient?: QueryClient;
    /** true with vi.useFakeTimers(): user-event advances the fake clock. */
    timers?: boolean;
  },
) => {
  const router = createMemoryRouter(routes, {
    initialEntries: [
      {
        pathname: path.split('?')[0],
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state,
      },
    ],
  });
  const user = userEvent.setup({
    delay: null,
    ...(timers ? { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } : {}),
  });
  const result = render(
    <MantineProvider theme={theme} env="test" withCssVariables={false} withGlobalClasses={false}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, user, queryClient };
};

/** One page at `path`, with stand-ins for the pages it navigates to. */
export const renderPage = (
  element: ReactElement,
  opts: Parameters<typeof renderRoutes>[1] & { route?: string } = {},
) => {
  const route = opts.route ?? (opts.path ?? '/').split('?')[0]!;
  return renderRoutes(
    [
      { path: route, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    opts,
  );
};

/** Moves the fake clock (vi.useFakeTimers) on by `ms`, letting React update meanwhile. */
export const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** Picks a file of `size` bytes in the file input `input`, as a user's choice does. */
export const pickFile = (input: HTMLElement, name: string, type: string, size = 1) =>
  fireEvent.change(input, {
    target: { files: [new File([new Uint8Array(size)], name, { type })] },
  });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input labelled exactly `label` (a required field's label ends with an asterisk). */
export const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}\\s*\\*?$`), { selector: 'input' });

type User = ReturnType<typeof userEvent.setup>;

/**
 * What a person enters in a field: the text arrives as one paste, not key by key, then a
 * trailing `{Enter}` is pressed. The form receives the same value as with `user.type`, in a
 * fraction of the time (typing re-renders the whole form once per character, the slowest part
 * of these tests). What depends on each key (digits kept as typed, Backspace, a format applied
 * while typing) still uses `user.type`.
 */
export const enter = async (user: User, element: HTMLElement, text: string) => {
  const submit = text.endsWith('{Enter}');
  const value = submit ? text.slice(0, -'{Enter}'.length) : text;
  if (/[{[]/.test(value)) {
    await user.type(element, text);
    return;
  }
  await user.click(element);
  if (value) await user.paste(value);
  if (submit) await user.keyboard('{Enter}');
};
