import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionWatcher } from './session-watcher';
import { cssVariablesResolver, theme } from './theme';

/** Theme, notifications, modals, the query cache and the session's sync with storage. */
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
        {/* Toasts rise from the bottom: at the top they covered the header's user menu. */}
        <Notifications position="bottom-right" limit={3} />
        <ModalsProvider>
          <SessionWatcher />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
