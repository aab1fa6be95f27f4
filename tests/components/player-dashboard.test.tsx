import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilySummary, PlayerDashboardEntry } from '../../contract/parents.schema';
import { PlayerDashboardScreen } from '../../src/screens/families/player-dashboard-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const summary: FamilySummary = {
  category: null,
  photo_consent: { internal: true, public_web: false, social: false },
  next_sessions: [],
  attendance: { rate: null, counted: 0 },
  payments: [
    {
      id: 40,
      period: '2026-11',
      concept: 'Mensualidad',
      amount_due: 95_000,
      due_date: '2026-11-05',
      status: 'pending',
    },
  ],
  debt: 95_000,
};
const entry: PlayerDashboardEntry = {
  club: { id: 1, name: 'Club Deportivo Demo' },
  player: { id: 5, name: 'Laura', lastname: 'Ríos' },
  summary,
};

const server =
  (entries: PlayerDashboardEntry[]): ServerHandler =>
  (call) => {
    if (call.path === '/api/dashboard/player') return [200, { data: entries }];
    if (call.path === '/api/pla_club_teams/1/payment-methods') return [200, { data: [] }];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };

const renderScreen = (entries: PlayerDashboardEntry[]) =>
  renderRoutes(
    '/home/player-dashboard',
    [{ path: '/home/player-dashboard', element: <PlayerDashboardScreen /> }],
    { user: userWithRole('Jugador'), api: server(entries) },
  );

describe('player dashboard', () => {
  it('shows the adult player’s own summary per club, the photo consent read-only', async () => {
    renderScreen([entry]);

    const own = await screen.findByRole('article', { name: 'Club Deportivo Demo' });
    expect(within(own).getByText('Sin categoría')).toBeVisible();
    expect(within(own).getByText('No hay sesiones programadas.')).toBeVisible();
    expect(
      within(own).getByText('Sin sesiones registradas en los últimos 90 días', { exact: false }),
    ).toBeVisible();
    expect(within(own).getByText('Pendiente')).toBeVisible();
    expect(
      within(own).getByRole('button', {
        name: 'Enviar comprobante de Mensualidad · noviembre de 2026',
      }),
    ).toBeVisible();
    expect(
      await within(own).findByText('El club aún no indica medios de pago. Pregúntale cómo pagar.'),
    ).toBeVisible();
    expect(
      within(own).getByRole('switch', { name: 'Uso interno del club: fotos de Laura Ríos' }),
    ).toBeDisabled();
  });

  it('says when the person plays in no club', async () => {
    renderScreen([]);

    expect(
      await screen.findByText('Aún no eres jugador de ningún club. Pide al club que te invite.'),
    ).toBeVisible();
  });
});
