import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '../../../contract/roles.schema';
import type { Module } from '../../../contract/modules.schema';
import type { User } from '../../../contract/users.schema';
import { createQueryClient } from '../../../src/api/query-client';
import { AuthProvider } from '../../../src/app/providers';
import { RouteGuard } from '../../../src/app/route-guard';
import { Toaster } from '../../../src/components/toaster';
import type { RoleConfiguration } from '../../../src/machines/roles-permissions.machine';
import { RolesScreen } from '../../../src/screens/roles/roles-screen';
import { theme } from '../../../src/theme/theme';
import { fakeActors } from './render-app';
import { userWithRole } from './render-shell';

export const ROLE_FIXTURES: Role[] = [
  { id: 1, name: 'Super Admin', priority: 100 },
  { id: 2, name: 'Propietario del Club', priority: 80 },
  { id: 3, name: 'Entrenador', priority: 60 },
];

const MODULE_FIXTURES = [
  { id: 1, slug: 'club', name: 'Club' },
  { id: 2, slug: 'players', name: 'Jugadores' },
  { id: 5, slug: 'sessions', name: 'Entrenamientos' },
] as const;
const ACTIONS = ['view', 'create', 'update', 'delete'] as const;

/** A permission's id in the fixtures: module id × 10 + 1 (view) … 4 (delete). */
export const permissionIdOf = (moduleId: number, action: (typeof ACTIONS)[number]) =>
  moduleId * 10 + ACTIONS.indexOf(action) + 1;

/** The modules as `GET /api/admin/modules` answers them. */
export const adminModules = (inactive: string[] = []): Module[] =>
  MODULE_FIXTURES.map((module, index) => ({
    ...module,
    icon: null,
    category: 'management',
    route_prefix: null,
    order_index: index,
    is_active: !inactive.includes(module.slug),
  }));

export interface ConfigurationOptions {
  clubId?: number | null;
  grants?: number[];
  editable?: boolean;
  reason?: string | null;
  customised?: string[];
}

/** A role's configuration as the server answers it: club is never compatible here. */
export function roleConfiguration(role: Role, options: ConfigurationOptions = {}) {
  const { clubId = 1, grants = [], editable = true, reason = null, customised = [] } = options;
  const data: RoleConfiguration = {
    role,
    club_id: clubId,
    editable,
    read_only_reason: reason,
    allowed_modules: ['players', 'sessions'],
    modules: adminModules().map((module) => ({
      ...module,
      compatible: module.slug !== 'club',
      customised: customised.includes(module.slug),
      permissions: ACTIONS.map((action) => {
        const id = permissionIdOf(module.id, action);
        return {
          id,
          name: `${module.slug}.${action}`,
          module_id: module.id,
          action,
          granted: grants.includes(id),
        };
      }),
    })),
  };
  return { data };
}

/** One request the fake server received. */
export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  clubHeader: string | null;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => [number, unknown] | Promise<[number, unknown]>;

/** The API faked at the fetch level: the real ofetch client, headers and contract parsing run. */
function fakeFetch(handler: ApiHandler, calls: ApiCall[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), 'http://localhost');
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(request?.headers ?? init?.headers);
    const raw = typeof init?.body === 'string' ? init.body : null;
    if (url.pathname === '/api/config') return Response.json({ whatsapp_phone: '573001234567' });
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      clubHeader: headers.get('x-club-id'),
      body: raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    const [status, body] = await handler(call);
    return Response.json(body, { status });
  });
}

export interface RenderRolesOptions {
  user?: User;
  api: ApiHandler;
}

/** A stand-in for the shell: a link to another page of the app, and the page itself. */
function Shell() {
  return (
    <>
      <nav aria-label="Menú">
        <Link to="/home/club-team">Club / Equipo</Link>
      </nav>
      <Outlet />
    </>
  );
}

/** Gestión de Roles on a memory router, with the real auth actor restoring a faked session. */
export function renderRoles(options: RenderRolesOptions) {
  const user = options.user ?? userWithRole('Propietario del Club');
  localStorage.setItem('jwtToken', 'token-de-prueba');
  const calls: ApiCall[] = [];
  fakeFetch(options.api, calls);
  // Behind the real guard, as in the app: the screen shows once the session is restored.
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: <RouteGuard area="home" />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: 'admin/roles', element: <RolesScreen /> },
              { path: 'club-team', element: <h1>Club / Equipo</h1> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/home/admin/roles'] },
  );
  // The app's cache (fresh for 5 minutes: what is shown again comes from it), without retries.
  const queryClient = createQueryClient();
  const { queries } = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ queries: { ...queries, retry: false } });
  const getUser = vi.fn(() => Promise.resolve(user));
  const view = render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <>
          <QueryClientProvider client={queryClient}>
            <AuthProvider
              router={router}
              clearQueryCache={() => queryClient.clear()}
              actors={fakeActors({ getUser })}
            >
              <RouterProvider router={router} />
            </AuthProvider>
          </QueryClientProvider>
          <Toaster />
        </>
      </ThemeProvider>
    </StrictMode>,
  );
  return { ...view, router, queryClient, calls, getUser };
}
