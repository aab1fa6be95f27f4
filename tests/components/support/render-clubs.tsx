import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Club } from '../../../contract/clubs.schema';
import type { User } from '../../../contract/users.schema';
import { AuthProvider } from '../../../src/app/providers';
import { Toaster } from '../../../src/components/toaster';
import { ClubFormScreen } from '../../../src/screens/clubs/club-form-screen';
import { ClubTeamScreen } from '../../../src/screens/clubs/club-team-screen';
import { theme } from '../../../src/theme/theme';
import { fakeActors } from './render-app';
import { userWithRole } from './render-shell';
import { createQueryClient } from '../../../src/api/query-client';

/** A club as `GET /api/pla_club_teams` answers it. */
export const clubFixture = (id: number, name: string, overrides: Partial<Club> = {}): Club => ({
  id,
  name,
  description: null,
  sport: 'Fútbol',
  country: 'CO',
  state: 'Antioquia',
  city: 'Medellín',
  address: null,
  nit: null,
  phone: null,
  email: null,
  logo_url: null,
  color: null,
  season_start_month: 1,
  season_end_month: 12,
  timezone: 'America/Bogota',
  currency: 'COP',
  status: 'active',
  roles: ['Propietario del Club'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** One request the fake server received: method, path and the parsed JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** How the fake server answers a call: `[status, body]`. */
export type ApiHandler = (call: ApiCall) => [number, unknown] | Promise<[number, unknown]>;

/**
 * The clubs API faked at the fetch level (the real src/api/clubs.api.ts, ofetch and the
 * contract's parsing run); every call is recorded.
 */
function fakeFetch(handler: ApiHandler, calls: ApiCall[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), 'http://localhost');
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? init.body : null;
    const call = { method, path: url.pathname, body: raw ? JSON.parse(raw) : undefined };
    calls.push(call);
    // The club chooser's incoming link requests (issue #33): none, unless a test says so.
    const [status, body] =
      call.path === '/api/link-requests' ? [200, { data: [] }] : await handler(call);
    return Response.json(body, { status });
  });
}

export interface RenderClubsOptions {
  user?: User;
  /** What `GET /api/user` answers on each call (a refresh after a change calls it again). */
  users?: User[];
  api: ApiHandler;
}

/** The club screens on a memory router, with the real auth actor restoring a faked session. */
export function renderClubs(path: string, options: RenderClubsOptions) {
  const users = options.users ?? [options.user ?? userWithRole('Propietario del Club')];
  let userCalls = 0;
  const getUser = () => Promise.resolve(users[Math.min(userCalls++, users.length - 1)]!);
  localStorage.setItem('jwtToken', 'token-de-prueba');
  const calls: ApiCall[] = [];
  fakeFetch(options.api, calls);
  const router = createMemoryRouter(
    [
      { path: '/home/club-team', element: <ClubTeamScreen /> },
      { path: '/home/create-club-team', element: <ClubFormScreen /> },
      { path: '/home/create-club-team/:clubIdToEdit', element: <ClubFormScreen /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
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
  return { ...view, router, queryClient, calls, userCalls: () => userCalls };
}
