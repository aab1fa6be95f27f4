import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DashboardSession, TrainerDashboard } from '../../contract/dashboards.schema';
import { TrainerDashboard as TrainerDashboardScreen } from '../../src/screens/dashboards/trainer-dashboard';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';
import { renderingCharts } from './support/charts';

renderingCharts();

const sub10 = { id: 2, name: 'Sub-10' };
const session = (
  id: number,
  title: string,
  startsAt: string,
  overrides: Partial<DashboardSession> = {},
): DashboardSession => ({
  id,
  title,
  type: 'training',
  starts_at: startsAt,
  ends_at: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
  location: 'Cancha 2',
  category: sub10,
  marks: 0,
  ...overrides,
});

const counts = { sessions: 0, late: 0, absent: 0, excused: 0 };
// 23:00 UTC is 18:00 in Bogotá; 13:00 UTC is 08:00.
const morning = session(7, 'Técnica con balón', '2026-11-25T13:00:00.000Z', { marks: 12 });
const evening = session(8, 'Definición', '2026-11-25T23:00:00.000Z', {
  category: null,
  type: 'meeting',
});
const loaded: TrainerDashboard = {
  club: { id: 1, name: 'Club Deportivo Demo', timezone: 'America/Bogota' },
  generated_at: '2026-11-25T15:00:00.000Z',
  counts: { categories: 2, players: 37 },
  today: { date: '2026-11-25', sessions: [morning, evening] },
  week: {
    from: '2026-11-23',
    to: '2026-11-30',
    sessions: [morning, evening, session(9, 'Partido amistoso', '2026-11-28T14:00:00.000Z')],
  },
  to_take: {
    from: '2026-11-11T05:00:00.000Z',
    to: '2026-11-25T15:00:00.000Z',
    sessions: [session(5, 'Resistencia', '2026-11-20T23:00:00.000Z')],
  },
  low_attendance: {
    from: '2026-10-26T15:00:00.000Z',
    to: '2026-11-25T15:00:00.000Z',
    threshold: 0.7,
    players: [
      { player_id: 41, name: 'Luis Pérez', ...counts, recorded: 20, present: 11, rate: 0.55 },
      { player_id: 42, name: 'Ana Ríos', ...counts, recorded: 10, present: 6, rate: 0.6 },
    ],
  },
};

const empty: TrainerDashboard = {
  ...loaded,
  counts: { categories: 0, players: 0 },
  today: { date: '2026-11-25', sessions: [] },
  week: { ...loaded.week, sessions: [] },
  to_take: { ...loaded.to_take, sessions: [] },
  low_attendance: { ...loaded.low_attendance, players: [] },
};

const server =
  (answer: () => [number, unknown]): ServerHandler =>
  (call) =>
    call.method === 'GET' && call.path === '/api/dashboard/trainer'
      ? answer()
      : [404, { message: `No fake for ${call.method} ${call.path}` }];

const renderScreen = (handler: ServerHandler) =>
  renderRoutes(
    '/home/dashboard',
    [{ path: '/home/dashboard', element: <TrainerDashboardScreen /> }],
    {
      user: userWithRole('Entrenador'),
      api: handler,
    },
  );

/** A block of the dashboard, once the answer is shown. */
async function section(name: string) {
  await screen.findByRole('list', { name: 'Resumen' });
  await waitFor(() => expect(screen.queryAllByRole('status', { name: 'Cargando' })).toEqual([]));
  return screen.getByRole('heading', { name, level: 2 }).closest('section')!;
}

describe('trainer dashboard', { timeout: 30_000 }, () => {
  it('shows the counts, today’s sessions with their roll call, the week and what is to take', async () => {
    const { calls } = renderScreen(server(() => [200, { data: loaded }]));

    const tiles = await screen.findByRole('list', { name: 'Resumen' });
    expect(screen.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
    expect(
      await screen.findByText('Club Deportivo Demo · Tus categorías y sus sesiones'),
    ).toBeVisible();
    expect(await within(tiles).findByText('37')).toBeVisible();
    expect(within(tiles).getByText('2')).toBeVisible();
    expect(within(tiles).getByRole('link', { name: 'Ver jugadores' })).toHaveAttribute(
      'href',
      '/home/players',
    );

    const today = await section('Hoy');
    expect(within(today).getByText('miércoles, 25 de noviembre de 2026')).toBeVisible();
    const todayRows = within(
      within(today).getByRole('list', { name: 'Sesiones de hoy' }),
    ).getAllByRole('listitem');
    expect(todayRows).toHaveLength(2);
    expect(within(todayRows[0]!).getByText('Entrenamiento · Técnica con balón')).toBeVisible();
    expect(within(todayRows[0]!).getByText(/^08:00 – /)).toBeVisible();
    expect(within(todayRows[0]!).getByText('Sub-10 · Cancha 2')).toBeVisible();
    expect(within(todayRows[0]!).getByText('Lista tomada')).toBeVisible();
    expect(within(todayRows[0]!).getByRole('link', { name: /^Pasar lista/ })).toHaveAttribute(
      'href',
      '/home/attendance/7',
    );
    expect(within(todayRows[1]!).getByText('Reunión · Definición')).toBeVisible();
    expect(within(todayRows[1]!).getByText(/^18:00 – /)).toBeVisible();
    expect(within(todayRows[1]!).getByText('Todo el club · Cancha 2')).toBeVisible();
    expect(within(todayRows[1]!).queryByText('Lista tomada')).toBeNull();
    expect(within(todayRows[1]!).getByRole('link', { name: /^Pasar lista/ })).toHaveAttribute(
      'href',
      '/home/attendance/8',
    );

    const week = await section('Esta semana');
    expect(within(week).getByText('Del lunes 23/11/2026 al domingo 29/11/2026')).toBeVisible();
    expect(within(week).getAllByRole('listitem')).toHaveLength(loaded.week.sessions.length);
    expect(within(week).getByText('Entrenamiento · Partido amistoso')).toBeVisible();

    const toTake = await section('Asistencia por tomar');
    expect(within(toTake).getByText('Entrenamiento · Resistencia')).toBeVisible();
    expect(within(toTake).getByText('20/11/2026 18:00')).toBeVisible();
    expect(within(toTake).getByRole('link', { name: /^Pasar lista/ })).toHaveAttribute(
      'href',
      '/home/attendance/5',
    );
    expect(calls.filter(({ path }) => path === '/api/dashboard/trainer')).toHaveLength(1);
  });

  it('lists the players with low attendance in a table with their rates and marks', async () => {
    renderScreen(server(() => [200, { data: loaded }]));

    const table = await screen.findByRole('table', { name: 'Jugadores con baja asistencia' });
    const rows = within(table).getAllByRole('row').slice(1);
    const shown = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    );
    // Each row: the rate as a percentage of the answer's, and present / recorded.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      loaded.low_attendance.players.map((player) => player.name),
    );
    expect(shown).toEqual(
      loaded.low_attendance.players.map((player) => [
        `${Math.round(player.rate! * 100)} %`,
        `${player.present} / ${player.recorded}`,
      ]),
    );
    expect(screen.getByText(/Últimos 30 días, por debajo del 70\s%/)).toBeVisible();
  });

  it('says so when there is nothing today, this week, to take or low', async () => {
    renderScreen(server(() => [200, { data: empty }]));

    expect(await screen.findByText('No tienes sesiones hoy.')).toBeVisible();
    expect(screen.getByText('No tienes sesiones esta semana.')).toBeVisible();
    expect(screen.getByText('No tienes listas pendientes.')).toBeVisible();
    expect(
      screen.getByText('Ningún jugador tiene baja asistencia en los últimos 30 días.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Pasar lista/ })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows skeletons while loading, then the server’s message and loads again on ‘Reintentar’', async () => {
    let fail = true;
    renderScreen(
      server(() =>
        fail ? [500, { message: 'Error interno del servidor' }] : [200, { data: loaded }],
      ),
    );
    const u = userEvent.setup();

    expect((await screen.findAllByRole('status', { name: 'Cargando' })).length).toBeGreaterThan(0);
    expect(await screen.findByText(/Error interno del servidor/)).toBeVisible();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Reintentar' }));
    const today = await screen.findByRole('list', { name: 'Sesiones de hoy' }, { timeout: 5000 });
    expect(within(today).getByText('Entrenamiento · Técnica con balón')).toBeVisible();
  });

  it('fits a 390 px phone', async () => {
    windowWidth(390);
    renderScreen(server(() => [200, { data: loaded }]));

    const today = await section('Hoy');
    expect(within(today).getAllByRole('link', { name: /^Pasar lista/ })).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Jugadores con baja asistencia' })).toBeVisible();
  });
});
