import { QueryClient } from '@tanstack/react-query';
import { toRequestError } from './http';

const MINUTE = 60_000;

/** How many times a failed query is tried again (spec §9). */
export const QUERY_RETRIES = 2;

/**
 * Whether a failed query is worth another try: a network failure (no status) or a server
 * error (5xx) may pass the next time; an answer about the request itself (401, 403, 404,
 * any 4xx) will not, and retrying it only delays the screen that says so (issue #33 item 2:
 * a page of another role's dashboard showed 'No tienes permiso' after three tries).
 */
export function isRetryable(error: unknown): boolean {
  // A call made without describeFailures throws ofetch's FetchError: read its status too.
  const { status } = toRequestError(error);
  return status === null || status >= 500;
}

/** TanStack Query's `retry`: at most QUERY_RETRIES more tries, only for retryable failures. */
export const retryQuery = (failureCount: number, error: unknown) =>
  failureCount < QUERY_RETRIES && isRetryable(error);

/**
 * The data cache with the spec's constants (§9, the second reading, which ARCHITECTURE.md
 * chose): data is fresh for 5 minutes, unused data is dropped after 30, a query failed by
 * the network or a 5xx is retried twice (a 4xx never: `isRetryable`), and nothing
 * refetches on window focus, mount or reconnect.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        retry: retryQuery,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/** The app's one cache; logout clears it (the auth machine's `clearQueryCache`). */
export const queryClient = createQueryClient();
