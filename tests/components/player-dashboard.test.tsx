import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import {
  parentMessages,
  type FamilySummary,
  type PlayerDashboardEntry,
} from '../../contract/parents.schema';
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
    if (call.method === 'PUT' && call.path === '/api/parents/child/5/photo-consent') {
      const data = { ...summary.photo_consent, social: true };
      return [200, { data, message: parentMessages.photoConsentSaved }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };

const renderScreen = (entries: PlayerDashboardEntry[]) =>
  renderRoutes(
    '/home/player-dashboard',
    [{ path: '/home/player-dashboard', element: <PlayerDashboardScreen /> }],
    { user: userWithRole('Jugador'), api: server(entries) },
  );

describe('player dashboard', () => {
  it('shows the adult player’s own summary per club with their photo consent', async () => {
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
    ).toBeChecked();
  });

  it('saves the player’s own photo consent', async () => {
    const { calls } = renderScreen([entry]);
    const own = await screen.findByRole('article', { name: 'Club Deportivo Demo' });

    await userEvent
      .setup()
      .click(within(own).getByRole('switch', { name: 'Redes sociales: fotos de Laura Ríos' }));

    expect(
      await screen.findByText(`${parentMessages.photoConsentSaved}: Redes sociales`),
    ).toBeVisible();
    expect(calls.filter(({ method }) => method === 'PUT').map(({ body }) => body)).toEqual([
      { club_id: 1, channel: 'social', granted: true },
    ]);
  });

  it('says when the person plays in no club', async () => {
    renderScreen([]);

    expect(
      await screen.findByText('Aún no eres jugador de ningún club. Pide al club que te invite.'),
    ).toBeVisible();
  });
});
