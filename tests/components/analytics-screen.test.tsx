import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Analytics, AnalyticsMonth } from '../../contract/analytics.schema';
import { formatMoney } from '../../contract/money.format';
import { AnalyticsScreen } from '../../src/screens/analytics/analytics-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { renderingCharts } from './support/charts';

renderingCharts();

const month = (key: string, billed: number, collected: number): AnalyticsMonth => ({
  month: key,
  new_clubs: 1,
  new_users: 2,
  new_players: 3,
  clubs_total: 4,
  users_total: 9,
  players_total: 12,
  active_clubs: 2,
  billed,
  exempt: 0,
  collected,
});

const analytics = (months: AnalyticsMonth[], clubs = 4): Analytics => ({
  months,
  totals: { clubs, users: clubs === 0 ? 0 : 9, players: 12, active_clubs: 2 },
  generated_at: '2026-11-24T15:00:00.000Z',
});

/** The element whose text is `amount` as formatMoney writes it (its no-break space included). */
const moneyText = (amount: number) => (_: string, element: Element | null) =>
  element?.tagName === 'P' &&
  element.textContent?.replace(/\s/g, ' ') === formatMoney(amount).replace(/\s/g, ' ');

const renderScreen = (api: ServerHandler) =>
  renderRoutes(
    '/home/admin/analytics',
    [{ path: '/home/admin/analytics', element: <AnalyticsScreen /> }],
    {
      user: userWithRole('Super Admin'),
      api,
    },
  );

describe('Análisis Global', () => {
  it('shows the KPIs summed over the months and the charts’ captions; the selector asks other months', async () => {
    const { calls } = renderScreen((call) => {
      if (call.path === '/api/admin/analytics') {
        const data = analytics([
          month('2026-10', 300_000_00, 100_000_00),
          month('2026-11', 200_000_00, 150_000_00),
        ]);
        return [200, { success: true, data }];
      }
      return [404, { message: 'no' }];
    });
    await screen.findByRole('heading', { name: 'Análisis Global' });
    expect(await screen.findByText(moneyText(500_000_00), {}, { timeout: 8000 })).toBeVisible();
    expect(screen.getByText(moneyText(250_000_00))).toBeVisible();
    expect(screen.getByText('Clubes activos', { selector: 'p' })).toBeVisible();
    expect(
      await screen.findByText(/Los inicios de sesión no se guardan/, {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByText(/sin anulados/)).toBeVisible();
    expect(calls.at(-1)?.query).toEqual({ months: '12' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Últimos 6 meses' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ months: '6' }));
  }, 30_000);

  it('says when there is nothing yet, and offers to retry a failure', async () => {
    let fail = true;
    renderScreen(() =>
      fail
        ? [500, { message: 'Se cayó' }]
        : [200, { success: true, data: analytics([month('2026-11', 0, 0)], 0) }],
    );
    expect(
      await screen.findByText(/No se pudo cargar el análisis/, {}, { timeout: 8000 }),
    ).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Aún no hay datos/, {}, { timeout: 8000 })).toBeVisible();
  }, 30_000);
});
