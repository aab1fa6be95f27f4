import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/**
 * The data cache with the spec's constants (§9, the second reading, which ARCHITECTURE.md
 * chose): data is fresh for 5 minutes, unused data is dropped after 30, a failed query is
 * retried twice, and nothing refetches on window focus, mount or reconnect.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        retry: 2,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/** The app's one cache; logout clears it (the auth machine's `clearQueryCache`). */
export const queryClient = createQueryClient();
