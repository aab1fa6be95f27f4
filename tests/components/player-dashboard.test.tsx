import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import {
  parentMessages,
  type FamilySummary,
  type PlayerDashboardEntry,
} from '../../contract/parents.schema';
import { formatMoney } from '../../src/lib/money';
import { PlayerDashboardScreen } from '../../src/screens/parents/player-dashboard-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { renderingCharts } from './support/charts';

renderingCharts();

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
      reason: null,
    },
  ],
  debt: 95_000,
};
const entry: PlayerDashboardEntry = {
  club: { id: 1, name: 'Club Deportivo Demo' },
  player: { id: 5, name: 'Laura', lastname: 'Ríos' },
  summary,
  charts: { attendance_months: [], payment_months: [] },
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

  it('shows the player’s charts with tables of the answer’s figures', async () => {
    const counts = { sessions: 4, late: 0, absent: 1, excused: 0 };
    const charts: PlayerDashboardEntry['charts'] = {
      attendance_months: [{ month: '2026-11', ...counts, recorded: 4, present: 3, rate: 0.75 }],
      payment_months: [
        { month: '2026-10', billed: 95_000, paid: 95_000 },
        { month: '2026-11', billed: 95_000, paid: 0 },
      ],
    };
    renderScreen([{ ...entry, charts }]);
    const own = await screen.findByRole('article', { name: 'Club Deportivo Demo' });

    const attendance = await within(own).findByRole(
      'table',
      { name: 'Asistencia por mes de Laura Ríos' },
      { timeout: 5000 },
    );
    expect(rowsOf(attendance)).toEqual([['noviembre de 2026', '75 %', '3', '4']]);
    const paid = within(own).getByRole('table', { name: 'Pagos por mes de Laura Ríos' });
    expect(rowsOf(paid)).toEqual(
      charts.payment_months.map((m) => [
        m.month === '2026-10' ? 'octubre de 2026' : 'noviembre de 2026',
        spaced(formatMoney(m.billed)),
        spaced(formatMoney(m.paid)),
      ]),
    );
    expect(within(own).getByText(/lo cobrado a Laura Ríos \(sin anulados\)/)).toBeVisible();
  });

  it('says the player has no attendance nor charges in the months', async () => {
    renderScreen([entry]);
    const own = await screen.findByRole('article', { name: 'Club Deportivo Demo' });

    expect(
      await within(own).findByText(
        'Aún no hay asistencia registrada en estos meses.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(within(own).getByText('Sin cobros en estos meses.')).toBeVisible();
    expect(within(own).queryByRole('table')).toBeNull();
  });
});

const spaced = (text: string) => text.replace(/\s/g, ' ');
/** A table's body rows: the row header then every cell, spaces made plain. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      spaced(within(row).getByRole('rowheader').textContent ?? ''),
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => spaced(cell.textContent ?? '')),
    ]);
