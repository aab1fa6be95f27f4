import { QueryObserver } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import { QUERY_RETRIES, createQueryClient, isRetryable } from '../../src/api/query-client';
import { refreshAfter } from '../../src/api/refresh';
import { RequestError } from '../../src/lib/request-failure';

/*
 * Issue #33 item 2: TanStack Query retries what may pass the next time (no answer, a 5xx),
 * never an answer about the request itself (401, 403, 404): a page of another role's
 * dashboard said 'No tienes permiso' only after three tries.
 */

const failure = (status: number | null) =>
  new RequestError({ status, message: 'x', fieldErrors: {} });

/** A FetchError as ofetch throws it for an answer with `status` (no describeFailures). */
function fetchError(status: number): FetchError {
  const error = new FetchError('refused');
  Object.assign(error, { response: new Response('{}', { status }), status });
  return error;
}

describe('which failed queries are retried', () => {
  it.each([401, 403, 404, 409, 422, 423, 429])('never a %i', (status) => {
    expect(isRetryable(failure(status))).toBe(false);
    expect(isRetryable(fetchError(status))).toBe(false);
  });

  it.each([500, 502, 503])('a %i', (status) => {
    expect(isRetryable(failure(status))).toBe(true);
    expect(isRetryable(fetchError(status))).toBe(true);
  });

  it('a network failure', () => {
    expect(isRetryable(failure(null))).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('opens a screen from the cache, and asks again only when a write invalidated its data', async () => {
    const client = createQueryClient();
    let calls = 0;
    const options = { queryKey: ['club', 1, 'dashboards'], queryFn: () => ++calls };
    const mount = async () => {
      const observer = new QueryObserver(client, options);
      const unsubscribe = observer.subscribe(() => {});
      await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
      unsubscribe();
      return observer.getCurrentResult().data;
    };
    expect(await mount()).toBe(1);
    // Opened again: the cache answers, no request.
    expect(await mount()).toBe(1);
    expect(calls).toBe(1);
    // A write while the screen is closed marks it stale; opening it asks again.
    await refreshAfter(client, { resource: 'players', clubId: 1 });
    expect(calls).toBe(1);
    expect(await mount()).toBe(2);
    expect(await mount()).toBe(2);
  });

  it('asks the server once for a 403 and three times for a 503, with the cache constants kept', async () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries!;
    expect([defaults.staleTime, defaults.gcTime]).toEqual([5 * 60_000, 30 * 60_000]);
    let calls = 0;
    const refused = client.fetchQuery({
      queryKey: ['refused'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(failure(403));
      },
      // fetchQuery does not retry by default; useQuery takes the client's default.
      retry: defaults.retry,
      retryDelay: 0,
    });
    await expect(refused).rejects.toMatchObject({ status: 403 });
    expect(calls).toBe(1);

    calls = 0;
    const down = client.fetchQuery({
      queryKey: ['down'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(failure(503));
      },
      retry: defaults.retry,
      retryDelay: 0,
    });
    await expect(down).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(1 + QUERY_RETRIES);
  });
});
