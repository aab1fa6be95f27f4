import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OnboardingStatusData } from '../../contract/onboarding.schema';
import { PHOTO_MAX_BYTES, profileMessages } from '../../contract/profile.schema';
import type { User } from '../../contract/users.schema';
import { RouteGuard } from '../../src/app/route-guard';
import { OnboardingLayout } from '../../src/screens/onboarding/onboarding-layout';
import { OnboardingScreen } from '../../src/screens/onboarding/onboarding-screen';
import { clubFixture } from './support/render-clubs';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole, userWithoutClub } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const routes = [
  {
    path: '/onboarding',
    element: <RouteGuard area="onboarding" />,
    children: [
      {
        element: <OnboardingLayout />,
        children: [
          { index: true, element: <OnboardingScreen /> },
          { path: '*', element: <OnboardingScreen /> },
        ],
      },
    ],
  },
  { path: '/home/dashboard', element: <h1>Panel principal</h1> },
];

const statusOf = (overrides: Partial<OnboardingStatusData> = {}): OnboardingStatusData => ({
  completed: false,
  current_step: 1,
  total_steps: 5,
  completed_steps: [],
  role_name: 'Propietario del Club',
  next_step: 1,
  progress_percentage: 0,
  flow: 'default',
  user_data: {
    name: 'Sofía',
    lastname: 'Sin Club Castaño',
    email: 'sofia@demo.club',
    phone: null,
    birth_date: null,
    gender: null,
    document_type: null,
    document_number: null,
    photo_url: null,
    current_club_id: null,
  },
  ...overrides,
});

const completion = {
  percentage: 40,
  completed_fields: [],
  missing_fields: [],
  required_fields: [],
};
const profile = { ...statusOf().user_data, photo_url: null };
const newClub = clubFixture(12, 'Club Los Andes', { sport: 'Fútbol' });

/** The server of a person opening their first club; answers change as they progress. */
function ownerServer(status: OnboardingStatusData, extra?: ServerHandler) {
  let current = status;
  const record = (step: number): OnboardingStatusData => {
    const done = [...new Set([...current.completed_steps, step])].sort();
    current = statusOf({
      completed_steps: done,
      next_step: [1, 2, 3, 4, 5].find((n) => !done.includes(n)) ?? null,
      progress_percentage: done.length * 20,
    });
    return current;
  };
  const handler: ServerHandler = async (call) => {
    const answer = await extra?.(call);
    if (answer) return answer;
    const { method, path } = call;
    if (path === '/api/config') return [200, { whatsapp_phone: null }];
    if (path === '/api/onboarding/status') return [200, { data: current }];
    if (path === '/api/profile/completion') return [200, { data: completion }];
    if (path === '/api/profile/update-step') return [200, { data: { profile, completion } }];
    const step = /^\/api\/onboarding\/step\/(\d)$/.exec(path);
    if (step) return [200, { data: record(Number(step[1])) }];
    if (path === '/api/onboarding/complete') {
      current = { ...current, completed: true, progress_percentage: 100 };
      return [200, { data: current }];
    }
    if (path === '/api/admin/sports')
      return [200, { data: [{ id: 1, code: 'futbol', name: 'Fútbol' }] }];
    if (path === '/api/admin/countries') {
      return [
        200,
        {
          data: [
            {
              id: 48,
              iso2: 'CO',
              name: 'Colombia',
              phone_code: '57',
              currency: 'COP',
              currency_decimals: 0,
              timezone: 'America/Bogota',
            },
          ],
        },
      ];
    }
    if (path === '/api/admin/country/48/states') {
      return [200, { data: [{ id: 5, country_id: 48, code: 'ANT', name: 'Antioquia' }] }];
    }
    if (path === '/api/admin/country/48/state/5/cities') {
      return [
        200,
        {
          data: [
            { id: 1, state_id: 5, name: 'Medellín' },
            { id: 2, state_id: 5, name: 'Envigado' },
          ],
        },
      ];
    }
    if (method === 'POST' && path === '/api/pla_club_teams') return [201, { data: newClub }];
    if (path === '/api/pla_club_teams/12') return [200, { data: newClub }];
    return [404, { message: `No hay ${method} ${path} en este servidor de prueba` }];
  };
  return {
    handler,
    completed: () => current.completed,
    hasClub: () => current.completed_steps.includes(3),
  };
}

/** GET /api/user: a newcomer, then the owner of the new club, then with the onboarding done. */
function userOf(server: ReturnType<typeof ownerServer>): () => Promise<User> {
  return () => {
    const onboarding = { ...userWithoutClub().onboarding, completed: server.completed() };
    if (!server.hasClub() && !server.completed()) {
      return Promise.resolve({
        ...userWithoutClub(),
        onboarding: { ...onboarding, completed: false },
      });
    }
    return Promise.resolve(
      userWithRole('Propietario del Club', {
        listClub: [{ id: 12, name: 'Club Los Andes' }],
        current_club_id: 12,
        onboarding,
      }),
    );
  };
}

const calls = (all: ServerCall[], method: string, path: string) =>
  all.filter((call) => call.method === method && call.path === path);

async function choose(u: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await u.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await u.click(await screen.findByRole('option', { name: option }));
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const save = (u: ReturnType<typeof userEvent.setup>) =>
  u.click(screen.getByRole('button', { name: 'Guardar y continuar' }));

describe('the onboarding wizard', () => {
  it('takes a new owner through profile, document, club and season, skips the invitation and completes', async () => {
    const u = userEvent.setup();
    const server = ownerServer(statusOf());
    const view = renderRoutes('/onboarding/default', routes, {
      user: userWithoutClub(),
      api: server.handler,
      auth: { getUser: userOf(server) },
    });

    expect(await stepHeading('Tus datos')).toBeVisible();
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Sofía');
    expect(await screen.findByText('Tu perfil está completo al 40 %')).toBeVisible();
    await u.type(screen.getByLabelText(/^Teléfono/), '3001234567');
    // The picker's sections sit on a hidden input that takes a whole typed date.
    fireEvent.change(document.getElementById('field-birth_date')!, {
      target: { value: '15/03/1990' },
    });
    await choose(u, 'Género', 'Femenino');
    await save(u);

    expect(await stepHeading('Documento de identidad')).toBeVisible();
    expect(calls(view.calls, 'PUT', '/api/profile/update-step')[0]!.body).toEqual({
      step: 'profile',
      data: {
        name: 'Sofía',
        lastname: 'Sin Club Castaño',
        phone: '3001234567',
        birth_date: '1990-03-15',
        gender: 'female',
      },
    });
    expect(calls(view.calls, 'POST', '/api/onboarding/step/1')).toHaveLength(1);
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de la configuración' }),
    ).toHaveAttribute('aria-valuenow', '20');
    await choose(u, 'Tipo de documento', 'Cédula de ciudadanía');
    await u.type(screen.getByLabelText(/^Número de documento/), '1.023.456.789');
    await save(u);

    expect(await stepHeading('Tu club')).toBeVisible();
    expect(calls(view.calls, 'PUT', '/api/profile/update-step')[1]!.body).toEqual({
      step: 'document',
      data: { document_type: 'CC', document_number: '1023456789' },
    });
    await u.type(screen.getByLabelText(/^Nombre del club/), 'Club Los Andes');
    await choose(u, 'Deporte', 'Fútbol');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^País/ })).toHaveTextContent('Colombia'),
    );
    await choose(u, 'Departamento', 'Antioquia');
    await u.click(screen.getByRole('combobox', { name: /^Ciudad/ }));
    await u.click(await screen.findByRole('option', { name: 'Medellín' }));
    await save(u);

    expect(await stepHeading('Temporada')).toBeVisible();
    expect(calls(view.calls, 'POST', '/api/pla_club_teams')[0]!.body).toMatchObject({
      name: 'Club Los Andes',
      sport: 'Fútbol',
      country: 'CO',
      state: 'Antioquia',
      city: 'Medellín',
    });
    await choose(u, 'Mes de inicio de temporada', 'Febrero');
    await choose(u, 'Mes de fin de temporada', 'Noviembre');
    await save(u);

    expect(await stepHeading('Tu equipo')).toBeVisible();
    expect(calls(view.calls, 'PATCH', '/api/pla_club_teams/12')[0]!.body).toEqual({
      season_start_month: 2,
      season_end_month: 11,
    });
    await u.click(screen.getByRole('button', { name: 'Omitir' }));
    await u.click(await screen.findByRole('button', { name: 'Finalizar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Panel principal' })).toBeVisible();
    expect(calls(view.calls, 'PUT', '/api/onboarding/complete')).toHaveLength(1);
    expect(calls(view.calls, 'POST', '/api/pla_club_teams/12/invitations')).toHaveLength(0);
    expect(view.router.state.location.pathname).toBe('/home/dashboard');
    // The new club is the one being worked in.
    expect(JSON.parse(localStorage.getItem('selectedClub') ?? 'null')).toMatchObject({ id: 12 });
  }, 30_000);

  it('resumes at the server’s next step after a reload', async () => {
    const server = ownerServer(
      statusOf({ completed_steps: [1, 2], next_step: 3, progress_percentage: 40 }),
    );
    renderRoutes('/onboarding/default', routes, {
      user: userWithoutClub(),
      api: server.handler,
      auth: { getUser: userOf(server) },
    });

    expect(await stepHeading('Tu club')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de la configuración' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeEnabled();
  });

  it('falls back to the first step and says so when the status cannot be read; completion shows 20 %', async () => {
    const server = ownerServer(statusOf(), ({ path }) => {
      if (path === '/api/onboarding/status')
        return [500, { message: 'Error interno del servidor' }];
      if (path === '/api/profile/completion')
        return [500, { message: 'Error interno del servidor' }];
      return undefined as never;
    });
    renderRoutes('/onboarding/default', routes, {
      user: userWithoutClub(),
      api: server.handler,
      auth: { getUser: userOf(server) },
    });

    expect(await stepHeading('Tus datos')).toBeVisible();
    expect(screen.getByText(/No pudimos cargar tu progreso/)).toBeVisible();
    expect(await screen.findByText('Tu perfil está completo al 20 %')).toBeVisible();
    // Non-blocking: the form is there to fill.
    expect(screen.getByRole('button', { name: 'Guardar y continuar' })).toBeEnabled();
  });

  it('shows the server’s refusal on the field and saves on retry', async () => {
    const u = userEvent.setup();
    let refusals = 1;
    const server = ownerServer(statusOf({ completed_steps: [1], next_step: 2 }), ({ path }) => {
      if (path === '/api/profile/update-step' && refusals-- > 0) {
        return [
          422,
          {
            message: 'Ese documento ya está registrado por otra persona',
            errors: [
              {
                path: 'document_number',
                message: 'Ese documento ya está registrado por otra persona',
              },
            ],
          },
        ];
      }
      return undefined as never;
    });
    const view = renderRoutes('/onboarding/default', routes, {
      user: userWithoutClub(),
      api: server.handler,
      auth: { getUser: userOf(server) },
    });

    expect(await stepHeading('Documento de identidad')).toBeVisible();
    await choose(u, 'Tipo de documento', 'Pasaporte');
    await u.type(screen.getByLabelText(/^Número de documento/), 'AB123456');
    await save(u);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ese documento ya está registrado por otra persona');
    expect(screen.getByLabelText(/^Número de documento/)).toHaveAccessibleDescription(
      'Ese documento ya está registrado por otra persona',
    );
    await u.click(within(alert).getByRole('button', { name: 'Reintentar' }));

    expect(await stepHeading('Tu club')).toBeVisible();
    expect(calls(view.calls, 'PUT', '/api/profile/update-step')).toHaveLength(2);
    expect(calls(view.calls, 'POST', '/api/onboarding/step/2')).toHaveLength(1);
  });

  it('asks for the missing profile fields in Spanish before anything is sent', async () => {
    const u = userEvent.setup();
    const server = ownerServer(statusOf());
    const view = renderRoutes('/onboarding/default', routes, {
      user: userWithoutClub(),
      api: server.handler,
      auth: { getUser: userOf(server) },
    });

    expect(await stepHeading('Tus datos')).toBeVisible();
    await save(u);

    expect(await screen.findByText('La fecha de nacimiento es obligatoria')).toBeVisible();
    expect(screen.getByText('Elige un género')).toBeVisible();
    expect(calls(view.calls, 'PUT', '/api/profile/update-step')).toHaveLength(0);
  });

  it('checks the photo’s type and size before sending it, and lets the optional step be skipped', async () => {
    const u = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:vista-previa');
    URL.revokeObjectURL = vi.fn();
    const server = ownerServer(
      statusOf({ flow: 'entrenador', total_steps: 3, completed_steps: [1, 2], next_step: 3 }),
    );
    const view = renderRoutes('/onboarding/entrenador', routes, {
      user: userWithoutClub(),
      api: server.handler,
      auth: { getUser: userOf(server) },
    });

    expect(await stepHeading('Foto de perfil')).toBeVisible();
    const input = screen.getByLabelText('Foto de perfil');
    fireEvent.change(input, {
      target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText(profileMessages.photoWrongType)).toBeVisible();
    const huge = new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'grande.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText(profileMessages.photoTooLarge)).toBeVisible();
    await save(u);
    expect(calls(view.calls, 'POST', '/api/profile/photo')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Omitir' }));
    expect(await screen.findByRole('button', { name: 'Finalizar' })).toBeEnabled();
  });
});
