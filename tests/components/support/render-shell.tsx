import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { User, UserPermissions } from '../../../contract/users.schema';
import type { RoleName } from '../../../contract/roles.schema';
import { roleDefaults } from '../../../server/db/seed/reference';
import { appConfigQueryKey } from '../../../src/api/app-config.api';
import { AuthProvider } from '../../../src/app/providers';
import { AppShell } from '../../../src/components/shell/app-shell';
import { theme } from '../../../src/theme/theme';
import { Toaster } from '../../../src/components/toaster';
import { fakeActors, userFixture, type FakeAuthApi } from './render-app';
import { createQueryClient } from '../../../src/api/query-client';

export const TEST_WHATSAPP_PHONE = '573001234567';

/** The permissions the server grants `role` by default (server/db/seed/reference.ts). */
export function permissionsOf(role: RoleName): UserPermissions {
  const byModule: Record<string, string[]> = {};
  for (const name of roleDefaults[role]) {
    const [slug, action] = name.split('.') as [string, string];
    if (slug !== 'settings') (byModule[slug] ??= []).push(action);
  }
  return {
    roles: [{ name: role }],
    permissions: roleDefaults[role],
    permissions_by_module: byModule,
    is_super_admin: role === 'Super Admin',
  };
}

/** A signed-in demo person with `role` in 'Club Deportivo Demo' (club 1), selected. */
export function userWithRole(role: RoleName, overrides: Partial<User> = {}): User {
  return {
    ...userFixture('Pedro'),
    lastname: 'Propietario Ramírez',
    ...permissionsOf(role),
    ...overrides,
  };
}

/** Someone with no club and no role yet (sinclub@demo.club). */
export function userWithoutClub(): User {
  return {
    ...userFixture('Sofía'),
    lastname: 'Sin Club Castaño',
    roles: [],
    listClub: [],
    current_club_id: null,
  };
}

/** The routed page inside the shell: says where it is. */
function PageHere() {
  const { pathname } = useLocation();
  return <h1>Página {pathname}</h1>;
}

export interface RenderShellOptions {
  user?: User;
  api?: Partial<FakeAuthApi>;
  /** The WhatsApp number the server answers; null: `/api/config` has not answered yet. */
  whatsappPhone?: string | null;
}

/**
 * The real AppShell around a stub page on a memory router, with the real auth actor
 * restoring a stored session from a faked `GET /api/user` (faked at the actor level).
 */
export function renderShell(path = '/home/dashboard', options: RenderShellOptions = {}) {
  const user = options.user ?? userWithRole('Propietario del Club');
  localStorage.setItem('jwtToken', 'token-de-prueba');
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
      { path: '/home', element: <AppShell />, children: [{ path: '*', element: <PageHere /> }] },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const phone = options.whatsappPhone === undefined ? TEST_WHATSAPP_PHONE : options.whatsappPhone;
  // Nothing reaches the network: `/api/config` is answered here (at once, or never), as
  // often as it is asked (a logout clears the cache and the WhatsApp button asks again).
  const config = phone === null ? null : { whatsapp_phone: phone };
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.endsWith('/api/config')) {
      return Promise.reject(new TypeError(`No network in component tests: ${url}`));
    }
    if (!config) return new Promise<Response>(() => {});
    return Promise.resolve(Response.json(config));
  });
  if (config) queryClient.setQueryData(appConfigQueryKey, config);
  const actors = fakeActors({ getUser: () => Promise.resolve(user), ...options.api });

  const view = render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider router={router} clearQueryCache={() => queryClient.clear()} actors={actors}>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
      <Toaster />
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}
