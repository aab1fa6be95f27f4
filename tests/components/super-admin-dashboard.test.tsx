import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnalyticsMonth } from '../../contract/analytics.schema';
import type { SuperAdminDashboard } from '../../contract/dashboards.schema';
import { formatMoney } from '../../src/lib/money';
import { SuperAdminDashboardScreen } from '../../src/screens/dashboards/super-admin-dashboard';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';
import { renderingCharts } from './support/charts';

renderingCharts();

const month = (key: string, n: number): AnalyticsMonth => ({
  month: key,
  new_clubs: n,
  new_users: 10 * n,
  new_players: 100 * n,
  clubs_total: 3 + n,
  users_total: 40 + 10 * n,
  players_total: 500 + 100 * n,
  active_clubs: 2 + n,
  billed: 1_000_000 * n,
  exempt: 0,
  collected: 750_000 * n,
});

const loaded: SuperAdminDashboard = {
  months: [month('2026-10', 1), month('2026-11', 2)],
  totals: { clubs: 5, users: 60, players: 700, active_clubs: 4 },
  generated_at: '2026-11-25T15:00:00.000Z',
};
const empty: SuperAdminDashboard = {
  months: [
    { ...month('2026-11', 0), clubs_total: 0, users_total: 1, players_total: 0, active_clubs: 0 },
  ],
  totals: { clubs: 0, users: 1, players: 0, active_clubs: 0 },
  generated_at: '2026-11-25T15:00:00.000Z',
};

const server =
  (answer: () => [number, unknown]): ServerHandler =>
  (call) =>
    call.method === 'GET' && call.path === '/api/dashboard/super-admin'
      ? answer()
      : [404, { message: `No fake for ${call.method} ${call.path}` }];

const renderScreen = (handler: ServerHandler) =>
  renderRoutes(
    '/admin/dashboard',
    [{ path: '/admin/dashboard', element: <SuperAdminDashboardScreen /> }],
    { user: userWithRole('Super Admin'), api: handler },
  );

/** A tile's figure and link, found by its title. */
const tile = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li')!;
  return {
    value: within(item).getAllByRole('paragraph')[0]?.textContent?.replace(/\s/g, ' '),
    href: within(item).getByRole('link').getAttribute('href'),
  };
};
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('super admin dashboard', { timeout: 30_000 }, () => {
  it('shows the platform’s totals and this month’s money, each linked to its screen', async () => {
    renderScreen(server(() => [200, { data: loaded }]));
    await screen.findByRole('table', { name: 'Crecimiento por mes' });

    const current = loaded.months.at(-1)!;
    expect(tile('Clubes')).toEqual({ value: '5', href: '/home/admin/system' });
    expect(tile('Clubes activos (30 días)')).toEqual({ value: '4', href: '/home/admin/analytics' });
    expect(tile('Usuarios')).toEqual({ value: '60', href: '/home/admin/system' });
    expect(tile('Jugadores')).toEqual({ value: '700', href: '/home/admin/analytics' });
    expect(tile('Facturado').value).toBe(spaced(formatMoney(current.billed)));
    expect(tile('Recaudado').value).toBe(spaced(formatMoney(current.collected)));
    expect(screen.getByText(/por el periodo de noviembre de 2026/)).toBeVisible();
    expect(
      screen
        .getAllByRole('link', { name: 'Ver Análisis Global' })
        .map((link) => link.getAttribute('href')),
    ).toContain('/home/admin/analytics');
  });

  it('lists every month of the answer in the table behind the charts', async () => {
    renderScreen(server(() => [200, { data: loaded }]));
    const table = await screen.findByRole('table', { name: 'Crecimiento por mes' });

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'octubre de 2026',
      'noviembre de 2026',
    ]);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => spaced(cell.textContent ?? '')),
      ),
    ).toEqual(
      loaded.months.map((m) => [
        String(m.clubs_total),
        String(m.new_clubs),
        String(m.active_clubs),
        String(m.users_total),
        String(m.new_users),
        String(m.players_total),
        String(m.new_players),
        spaced(formatMoney(m.billed)),
        spaced(formatMoney(m.collected)),
      ]),
    );
    expect(
      await screen.findByText(/Los inicios de sesión no se guardan/, {}, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('says the platform has no club yet, with the figures at zero', async () => {
    renderScreen(server(() => [200, { data: empty }]));

    expect(await screen.findByText(/Aún no hay clubes en la plataforma/)).toBeVisible();
    expect(tile('Clubes').value).toBe('0');
    expect(tile('Facturado').value).toBe(spaced(formatMoney(0)));
  });

  it('shows skeletons while loading, then the server’s message and loads again on ‘Reintentar’', async () => {
    let fail = true;
    renderScreen(
      server(() =>
        fail ? [500, { message: 'Error interno del servidor' }] : [200, { data: loaded }],
      ),
    );
    const u = userEvent.setup();

    expect(await screen.findByRole('status', { name: 'Cargando' })).toBeVisible();
    expect(await screen.findByText(/Error interno del servidor/)).toBeVisible();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Crecimiento por mes' })).toBeVisible();
  });

  it('fits a 390 px phone', async () => {
    windowWidth(390);
    renderScreen(server(() => [200, { data: loaded }]));

    expect(await screen.findByRole('table', { name: 'Crecimiento por mes' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Clubes' })).toBeVisible();
  });
});
