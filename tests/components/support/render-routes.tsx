import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { User } from '../../../contract/users.schema';
import { AuthProvider } from '../../../src/app/providers';
import { Toaster } from '../../../src/components/toaster';
import { theme } from '../../../src/theme/theme';
import { fakeActors, type FakeAuthApi } from './render-app';
import { createQueryClient } from '../../../src/api/query-client';

/** One request the fake server received: method, path, query and the parsed JSON body. */
export interface ServerCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** How the fake server answers a call: `[status, body]` (a 204 has no body). */
export type ServerHandler = (call: ServerCall) => [number, unknown] | Promise<[number, unknown]>;

/** The API faked at the fetch level (the real src/api modules, ofetch and the contract run). */
function fakeServer(handler: ServerHandler, calls: ServerCall[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), 'http://localhost');
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? init.body : null;
    const call = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    const [status, body] = await handler(call);
    return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  });
}

export interface RenderRoutesOptions {
  /** The signed-in user (restored from a stored token); null: nobody is signed in. */
  user: User | null;
  api: ServerHandler;
  /** The auth actor's own calls (login, register, …), faked at the actor level. */
  auth?: Partial<FakeAuthApi>;
}

/**
 * Some screens on a memory router with the app's providers (theme, toasts, query cache,
 * the real auth actor restoring `user`), the rest of the API faked by `api`.
 */
export function renderRoutes(path: string, routes: RouteObject[], options: RenderRoutesOptions) {
  if (options.user) localStorage.setItem('jwtToken', 'token-de-prueba');
  const calls: ServerCall[] = [];
  fakeServer(options.api, calls);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = options.user;
  const actors = fakeActors({
    getUser: () => (user ? Promise.resolve(user) : Promise.reject(new Error('signed out'))),
    ...options.auth,
  });
  const view = render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <>
          <QueryClientProvider client={queryClient}>
            <AuthProvider
              router={router}
              clearQueryCache={() => queryClient.clear()}
              actors={actors}
            >
              <RouterProvider router={router} />
            </AuthProvider>
          </QueryClientProvider>
          <Toaster />
        </>
      </ThemeProvider>
    </StrictMode>,
  );
  return { ...view, router, queryClient, calls };
}
