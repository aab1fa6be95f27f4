import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleName } from '../../contract/roles.schema';
import { DashboardScreen } from '../../src/screens/dashboards/dashboard-screen';
import { accountantDashboard, ownerDashboard } from './support/dashboard-fixtures';
import { renderRoutes, type ServerCall } from './support/render-routes';
import { userWithRole, userWithoutClub } from './support/render-shell';
import { renderingCharts } from './support/charts';

renderingCharts();

const landing = (path: string) => ({ path, element: <h1>Página {path}</h1> });

const renderDashboard = (user: ReturnType<typeof userWithRole>) =>
  renderRoutes(
    '/home/dashboard',
    [
      { path: '/home/dashboard', element: <DashboardScreen /> },
      landing('/home/parent-dashboard'),
      landing('/home/player-dashboard'),
      landing('/admin/dashboard'),
    ],
    {
      user,
      api: (call) => {
        if (call.path === '/api/dashboard/club-owner') return [200, { data: ownerDashboard() }];
        if (call.path === '/api/dashboard/accountant') {
          return [200, { data: accountantDashboard() }];
        }
        return [404, { message: `No fake for ${call.path}` }];
      },
    },
  );

const dashboardCalls = (calls: ServerCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/dashboard/')).map((call) => call.path);

describe('/home/dashboard', { timeout: 30_000 }, () => {
  it('opens the owner’s Tablero for a club owner, asking only the owner’s endpoint', async () => {
    const { calls } = renderDashboard(userWithRole('Propietario del Club'));
    expect(await screen.findByRole('list', { name: 'El club en cifras' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    expect([...new Set(dashboardCalls(calls))]).toEqual(['/api/dashboard/club-owner']);
  });

  it('opens the accountant’s for a Contador', async () => {
    const { calls } = renderDashboard(userWithRole('Contador'));
    expect(await screen.findByRole('heading', { name: 'Deudores por categoría' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'El club en cifras' })).toBeNull();
    expect([...new Set(dashboardCalls(calls))]).toEqual(['/api/dashboard/accountant']);
  });

  it('opens the trainer’s for an Entrenador', async () => {
    const { calls } = renderDashboard(userWithRole('Entrenador'));
    await waitFor(() => expect(dashboardCalls(calls)).toContain('/api/dashboard/trainer'));
    expect(dashboardCalls(calls)).not.toContain('/api/dashboard/club-owner');
  });

  it.each<[RoleName, string]>([
    ['Padre/Acudiente', '/home/parent-dashboard'],
    ['Jugador', '/home/player-dashboard'],
    ['Super Admin', '/admin/dashboard'],
  ])('sends a %s to %s', async (role, path) => {
    const { router, calls } = renderDashboard(userWithRole(role));
    expect(await screen.findByRole('heading', { name: `Página ${path}` })).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
    expect(dashboardCalls(calls)).toEqual([]);
  });

  it('greets someone without a club and leads to Club / Equipo', async () => {
    const { calls } = renderDashboard(userWithoutClub());
    expect(await screen.findByRole('heading', { name: 'Hola, Sofía' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Club / Equipo' })).toHaveAttribute(
      'href',
      '/home/club-team',
    );
    expect(screen.getByText(/puedes crear tu club o elegir uno/)).toBeVisible();
    expect(dashboardCalls(calls)).toEqual([]);
  });
});
