import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClubOwnerDashboard } from '../../contract/dashboards.schema';
import { useImportPlayers } from '../../src/api/player-imports.api';
import { useGeneratePayments } from '../../src/api/payment-generation.api';
import { formatMoney } from '../../src/lib/money';
import { OwnerDashboard } from '../../src/screens/dashboards/owner-dashboard';
import { money, newClubDashboard } from './support/dashboard-fixtures';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { renderingCharts } from './support/charts';

/*
 * Issue #34 item 6: after importing players and generating payments the owner's dashboard
 * said '1 de 7 pasos', 0 players and $ 0 until a reload. Each write refreshes what it
 * changes (src/api/refresh.ts): here the import and the generation, as their screens send
 * them, beside the dashboard that stays on screen.
 */

renderingCharts();

const CLUB = '/api/pla_club_teams/1';
const shown = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

/** The writes, as the import dialog and the generation dialog send them. */
function Writes() {
  const importing = useImportPlayers(1);
  const generating = useGeneratePayments(1);
  const file = new File(['nombre,apellido\nAna,Pérez\n'], 'jugadores.csv', { type: 'text/csv' });
  return (
    <>
      <button type="button" onClick={() => importing.mutate({ file, mapping: null })}>
        Importar
      </button>
      <button type="button" onClick={() => generating.mutate('2026-11')}>
        Generar
      </button>
    </>
  );
}

/** The server: the dashboard answers what has been written so far. */
function server() {
  const state = { imported: false, generated: false };
  const dashboard = (): ClubOwnerDashboard => {
    const start = newClubDashboard();
    const steps = start.checklist.steps.map(({ step, done }) => ({
      step,
      done:
        done ||
        (step === 'players' && state.imported) ||
        (step === 'first_period' && state.generated),
    }));
    return {
      ...start,
      counts: { ...start.counts, players: state.imported ? 7 : 0 },
      money: state.generated ? { ...start.money, billed: money.billed } : start.money,
      checklist: { complete: false, steps },
    };
  };
  const handler: ServerHandler = (call) => {
    if (call.path === '/api/dashboard/club-owner') return [200, { data: dashboard() }];
    if (call.method === 'POST' && call.path === `${CLUB}/player-imports`) {
      state.imported = true;
      return [200, { data: { created: 7, updated: 0, unchanged: 0, requested: 0 } }];
    }
    if (call.method === 'POST' && call.path === `${CLUB}/payments/generation`) {
      state.generated = true;
      // The generation answers its result bare (no `data`), as the server does.
      return [200, { period: '2026-11', non_billing_month: false, created_total: 7, charges: [] }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
  return handler;
}

const tile = (list: string, title: string) =>
  within(screen.getByRole('list', { name: list }))
    .getByRole('heading', { name: title })
    .closest('li') as HTMLElement;

describe('what a write refreshes', { timeout: 30_000 }, () => {
  it('updates the dashboard after an import and a generation, without a reload', async () => {
    renderRoutes(
      '/home/dashboard',
      [
        {
          path: '/home/dashboard',
          element: (
            <>
              <Writes />
              <OwnerDashboard clubId={1} />
            </>
          ),
        },
      ],
      { user: userWithRole('Propietario del Club'), api: server() },
    );
    const u = userEvent.setup();
    expect(await screen.findByText('1 de 7 pasos')).toBeVisible();
    await screen.findByRole('list', { name: 'El club en cifras' });
    expect(within(tile('El club en cifras', 'Jugadores')).getByText('0')).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('2 de 7 pasos')).toBeVisible();
    await waitFor(() =>
      expect(within(tile('El club en cifras', 'Jugadores')).getByText('7')).toBeVisible(),
    );

    await u.click(screen.getByRole('button', { name: 'Generar' }));
    expect(await screen.findByText('3 de 7 pasos')).toBeVisible();
    const list = 'Dinero de noviembre de 2026';
    await waitFor(() =>
      expect(within(tile(list, 'Facturado')).getByText(shown(money.billed))).toBeVisible(),
    );
  });
});
