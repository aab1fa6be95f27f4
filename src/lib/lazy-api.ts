/**
 * An API object whose module is imported on its first call, so a page draws before the API
 * layer, the contract's schemas and zod arrive (issue 9, item 6). Each method is the
 * module's own, called once the module is loaded; `preload` starts loading without a call.
 * A failed import (the network dropped) is tried again on the next call.
 */
export function lazyApi<Api extends Record<string, (...args: never[]) => Promise<unknown>>>(
  load: () => Promise<Api>,
): { api: Api; preload: () => void } {
  let loading: Promise<Api> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const api = new Proxy({} as Api, {
    get: (_, method) => {
      // Not a thenable: `await`ing the object itself must not look for a `then` call.
      if (typeof method !== 'string' || method === 'then') return undefined;
      return (...args: never[]) =>
        loaded().then((module) => {
          const call = module[method];
          if (!call) throw new TypeError(`The API has no call named ${method}`);
          return call(...args);
        });
    },
  });
  return { api, preload: () => void loaded().catch(() => {}) };
}
