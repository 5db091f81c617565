import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SessionWatcher } from './session-watcher';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(() => import('./toasts'));

/**
 * The toasts' container, whose code (and its animations) loads with the first toast: most
 * pages show none, and the sign-in page's first load stays small. A toast shown before the code
 * has arrived waits in the notifications' store and appears with it.
 */
function DeferredToasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Theme, notifications, the query cache and the session's sync with storage. */
export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <DeferredToasts />
        <SessionWatcher />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
