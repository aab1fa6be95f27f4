import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AuthResponse, LoginRequest, RegisterRequest } from '../../../contract/auth.schema';
import type { User, UserPermissions } from '../../../contract/users.schema';
import { appConfigQueryKey } from '../../../src/api/app-config.api';
import { AuthProvider, type AuthProviderProps } from '../../../src/app/providers';
import { routes } from '../../../src/app/router';
import { RequestError } from '../../../src/lib/request-failure';
import { Toaster } from '../../../src/components/toaster';
import { createQueryClient } from '../../../src/api/query-client';

export const userFixture = (name = 'Beto'): User => ({
  id: 2,
  name,
  lastname: 'Pérez',
  email: `${name.toLowerCase()}@demo.club`,
  roles: [{ name: 'Propietario del Club' }],
  is_super_admin: false,
  permissions: [],
  permissions_by_module: {},
  listClub: [{ id: 1, name: 'Club Deportivo Demo' }],
  modules: [],
  onboarding: {
    completed: true,
    current_step: 5,
    total_steps: 5,
    completed_steps: [1, 2, 3, 4, 5],
    role_name: 'Propietario del Club',
    next_step: null,
    progress_percentage: 100,
  },
  current_club_id: 1,
});

export const serverRefusal = (status: number, message: string, fieldErrors = {}) =>
  new RequestError({ status, message, fieldErrors });

/** The API of the auth machine, faked at the actor level: each call is a vi.fn the test scripts. */
export interface FakeAuthApi {
  getUser: () => Promise<User>;
  login: (body: LoginRequest) => Promise<AuthResponse>;
  register: (body: RegisterRequest) => Promise<AuthResponse>;
  logout: () => Promise<void>;
  getPermissions: () => Promise<UserPermissions>;
}

export function fakeActors(api: Partial<FakeAuthApi>): NonNullable<AuthProviderProps['actors']> {
  const missing = (name: string) => () => Promise.reject(new Error(`${name} not scripted`));
  const calls = {
    getUser: missing('getUser'),
    login: missing('login'),
    register: missing('register'),
    logout: () => Promise.resolve(),
    getPermissions: missing('getPermissions'),
    ...api,
  };
  return {
    loadUser: fromPromise<User>(() => calls.getUser()),
    login: fromPromise<AuthResponse, LoginRequest>(({ input }) => calls.login(input)),
    register: fromPromise<AuthResponse, RegisterRequest>(({ input }) => calls.register(input)),
    logout: fromPromise<void>(() => calls.logout()),
    loadPermissions: fromPromise<UserPermissions>(() => calls.getPermissions()),
  };
}

/**
 * The real routes, providers and screens on a memory router, with the auth API faked. The
 * shell's public config is already cached, and the welcome overlay counts as seen so it does
 * not hide the page from role queries. Nothing reaches the network: the other requests of the
 * screens (the bell, the public pages' content) are refused at once, as with no server, and
 * the tests that read that content fake it (tests/components/blog-screens.test.tsx).
 */
export function renderApp(path: string, api: Partial<FakeAuthApi> = {}) {
  const config = { whatsapp_phone: '573001234567' };
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/config')) return Promise.resolve(Response.json(config));
    return Promise.reject(new TypeError(`No network in component tests: ${url}`));
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(appConfigQueryKey, config);
  localStorage.setItem('hasSeenOverlay', 'true');
  const actors = fakeActors(api);
  // StrictMode, as src/main.tsx: effects mount twice and the auth actor must survive it.
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider router={router} clearQueryCache={() => queryClient.clear()} actors={actors}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
      <Toaster />
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}
