import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Slow connections: no refetch on every focus, a short retry only for network or server trouble. */
const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.isClientError) && failures < 2,
      },
      // Offline an action is tried at once and says "Needs a connection", rather than waiting
      // unseen to be sent later (only the desk's own actions are kept and sent later).
      mutations: { retry: false, networkMode: 'always' },
    },
  });

export const queryClient = createQueryClient();
