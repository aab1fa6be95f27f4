import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../contract/categories.schema';
import type { PaymentSummary } from '../../contract/payments.schema';
import { periodLabel, shiftPeriod } from '../../src/screens/payments/payment-period';
import { PaymentsScreen } from '../../src/screens/payments/payments-screen';
import { payment, period } from './support/payment-fixtures';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

/*
 * Pagos opens the grid a dashboard's link promises (issue #16): its first filters come
 * from the URL, read with the list contract's schemas.
 */

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LIST = '/api/pla_club_teams/1/payments';
const SUMMARY = `${LIST}/summary`;
const CATEGORIES = '/api/pla_club_teams/1/categories';

const summary = (of: string): PaymentSummary => ({
  period: of,
  billed: 0,
  collected: 0,
  debt: 0,
  exempt: 0,
  in_review: { count: 0, amount: 0 },
  overdue: { count: 1, amount: 120_000 },
});

const sub12: Category = {
  id: 3,
  club_id: 1,
  name: 'Sub-12',
  sport: 'Fútbol',
  gender: 'mixed',
  birth_year_from: 2014,
  birth_year_to: 2015,
  status: 'active',
  trainers: [],
  player_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const server: ServerHandler = (call) => {
  if (call.path === LIST) return [200, { data: [payment(1)], total: 1 }];
  if (call.path === SUMMARY) return [200, { data: summary(call.query.period ?? period) }];
  if (call.path === CATEGORIES) {
    return [200, { data: [sub12], total: 1 }];
  }
  return [404, { message: `No fake for ${call.method} ${call.path}` }];
};

const renderAt = (url: string) =>
  renderRoutes(url, [{ path: '/home/payments', element: <PaymentsScreen /> }], {
    user: userWithRole('Contador'),
    api: server,
  });

const listCalls = (calls: ServerCall[]) => calls.filter((call) => call.path === LIST);
const firstList = async (calls: ServerCall[]) => {
  await within(await screen.findByRole('grid')).findByText('Ana Pérez');
  return listCalls(calls)[0]!.query;
};

describe('payments screen from a link', { timeout: 30_000 }, () => {
  it('opens ?overdue=true on every period, the figures staying on the current month', async () => {
    const { calls } = renderAt('/home/payments?overdue=true');

    expect(await firstList(calls)).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'due_date',
      overdue: 'true',
    });
    expect(screen.getByLabelText('Periodo')).toHaveTextContent('Todos los periodos');
    expect(screen.getByLabelText('Vencimiento')).toHaveTextContent('Solo vencidos');
    expect(calls.find((call) => call.path === SUMMARY)!.query).toEqual({ period });
  });

  it('opens ?overdue=true&category_id=3 with both filters and no period', async () => {
    const { calls } = renderAt('/home/payments?overdue=true&category_id=3');

    const query = await firstList(calls);
    expect(query).toMatchObject({ overdue: 'true', category_id: '3' });
    expect(query).not.toHaveProperty('period');
    await waitFor(() => expect(screen.getByLabelText('Categoría')).toHaveTextContent('Sub-12'));
    // The accountant may not list the categories (issue #33 item 2): the filter offers
    // those of the payments on screen and never asks GET …/categories (a 403).
    expect(calls.filter((call) => call.path === CATEGORIES)).toEqual([]);
  });

  it('names a linked category none of the payments names, without asking the list', async () => {
    const { calls } = renderAt('/home/payments?category_id=9');

    await firstList(calls);
    await waitFor(() =>
      expect(screen.getByLabelText('Categoría')).toHaveTextContent('La categoría del enlace'),
    );
    expect(calls.filter((call) => call.path === CATEGORIES)).toEqual([]);
  });

  it('offers every category of the club to who may list them', async () => {
    const { calls } = renderRoutes(
      '/home/payments',
      [{ path: '/home/payments', element: <PaymentsScreen /> }],
      { user: userWithRole('Propietario del Club'), api: server },
    );

    await firstList(calls);
    await userEvent.setup().click(screen.getByLabelText('Categoría'));
    expect(await screen.findByRole('option', { name: 'Sub-12' })).toBeVisible();
    expect(calls.filter((call) => call.path === CATEGORIES)).toHaveLength(1);
  });

  it('opens ?status=in_review on every period', async () => {
    const { calls } = renderAt('/home/payments?status=in_review');

    const query = await firstList(calls);
    expect(query).toMatchObject({ status: 'in_review' });
    expect(query).not.toHaveProperty('period');
    expect(screen.getByLabelText('Estado')).toHaveTextContent('En revisión');
  });

  it('opens ?period=YYYY-MM on that month, the figures too', async () => {
    const previous = shiftPeriod(period, -1);
    const { calls } = renderAt(`/home/payments?period=${previous}`);

    expect(await firstList(calls)).toMatchObject({ period: previous });
    expect(screen.getByLabelText('Periodo')).toHaveTextContent(periodLabel(previous));
    await waitFor(() =>
      expect(calls.find((call) => call.path === SUMMARY)!.query).toEqual({ period: previous }),
    );
  });

  it('ignores invalid values and opens the current month', async () => {
    const { calls } = renderAt('/home/payments?period=2026-13&status=lost&category_id=-4');

    expect(await firstList(calls)).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'due_date',
      period,
    });
  });

  it('goes back to every period with ‘Todos los periodos’ after picking a month', async () => {
    const { calls } = renderAt('/home/payments?overdue=true');
    const u = userEvent.setup();
    await firstList(calls);

    await u.click(screen.getByLabelText('Periodo'));
    await u.click(await screen.findByRole('option', { name: periodLabel(period) }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query).toMatchObject({ period }));
    await u.click(screen.getByLabelText('Periodo'));
    await u.click(await screen.findByRole('option', { name: 'Todos los periodos' }));

    await waitFor(() => expect(listCalls(calls).at(-1)!.query).not.toHaveProperty('period'));
    expect(listCalls(calls).at(-1)!.query).toMatchObject({ overdue: 'true' });
  });
});
