import {
  MutationCache,
  type Query,
  QueryClient,
  type QueryClientConfig,
} from '@tanstack/react-query';
import { refreshAfter } from './refresh';

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
  // A RequestError's status, or that of ofetch's FetchError (a call made without
  // describeFailures), read by shape: the cache does not pull in src/api/http.ts.
  const { status, response } = (error ?? {}) as { status?: unknown; response?: Response };
  const code = typeof status === 'number' ? status : response?.status;
  return typeof code !== 'number' || code >= 500;
}

/** TanStack Query's `retry`: at most QUERY_RETRIES more tries, only for retryable failures. */
export const retryQuery = (failureCount: number, error: unknown) =>
  failureCount < QUERY_RETRIES && isRetryable(error);

/**
 * A screen that opens reads its cached data again only when a write made it stale
 * (refresh.ts): the dashboard opened after an import shows the new players, while a screen
 * nothing changed opens from the cache without a request.
 */
export const refetchInvalidated = (query: Query) => query.state.isInvalidated;

/** The app's constants; tests pass their own (no retries) to `createQueryClient`. */
const APP_CACHE: QueryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: 5 * MINUTE,
      gcTime: 30 * MINUTE,
      retry: retryQuery,
      refetchOnWindowFocus: false,
      refetchOnMount: refetchInvalidated,
      refetchOnReconnect: false,
    },
  },
};

/**
 * The data cache with the spec's constants (§9, the second reading, which ARCHITECTURE.md
 * chose): data is fresh for 5 minutes, unused data is dropped after 30, a query failed by
 * the network or a 5xx is retried twice (a 4xx never: `isRetryable`), and nothing
 * refetches on window focus or reconnect, nor on mount unless a write invalidated it. A mutation that names what it changes
 * (`meta.invalidates`, refresh.ts's `changes`) refreshes every read that shows it once it
 * succeeds, before its own `onSuccess` resolves the caller.
 */
export function createQueryClient(config: QueryClientConfig = APP_CACHE): QueryClient {
  const client: QueryClient = new QueryClient({
    ...config,
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        const change = mutation.meta?.invalidates;
        return change ? refreshAfter(client, change) : undefined;
      },
    }),
  });
  return client;
}

/** The app's one cache; logout clears it (the auth machine's `clearQueryCache`). */
export const queryClient = createQueryClient();
