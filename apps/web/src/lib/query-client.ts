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
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
