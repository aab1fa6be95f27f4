import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountantDashboard } from '../../contract/dashboards.schema';
import { formatMoney } from '../../src/lib/money';
import { AccountantDashboard as AccountantDashboardScreen } from '../../src/screens/dashboards/accountant-dashboard';
import { accountantDashboard, emptyAccountantDashboard } from './support/dashboard-fixtures';
import { renderRoutes } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';
import { renderingCharts } from './support/charts';

renderingCharts();

const shown = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');
const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' '));

const renderAccountant = (data: AccountantDashboard) =>
  renderRoutes(
    '/home/dashboard',
    [{ path: '/home/dashboard', element: <AccountantDashboardScreen clubId={1} /> }],
    {
      user: userWithRole('Contador'),
      api: (call) =>
        call.path === '/api/dashboard/accountant'
          ? [200, { data }]
          : [404, { message: `No fake for ${call.path}` }],
    },
  );

describe('accountant dashboard', { timeout: 30_000 }, () => {
  it('shows the month’s money as Pagos does, with the same links', async () => {
    renderAccountant(accountantDashboard());
    const money = await screen.findByRole('list', { name: 'Dinero de noviembre de 2026' });
    const overdue = within(money).getByRole('heading', { name: 'Vencidos' }).closest('li')!;
    expect(overdue).toHaveTextContent(`3 pagos · ${shown(360_000)}`);
    expect(within(overdue as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/home/payments?overdue=true',
    );
    expect(screen.getByRole('heading', { name: 'Facturado vs. recaudado' })).toBeVisible();
  });

  it('lists the debtors by category, each row opening its overdue payments, with a total', async () => {
    const data = accountantDashboard();
    renderAccountant(data);
    const table = await screen.findByRole('table', {
      name: /^Pagos vencidos de cualquier periodo/,
    });
    expect(table).toHaveAccessibleName(
      'Pagos vencidos de cualquier periodo al 25/11/2026, por la categoría en que se facturaron',
    );
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['Sub-12', '1', '2', shown(240_000)]);
    expect(within(rows[1]!).getByRole('link', { name: 'Sub-12' })).toHaveAttribute(
      'href',
      '/home/payments?overdue=true&category_id=2',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Sub-17' })).toHaveAttribute(
      'href',
      '/home/payments?overdue=true&category_id=4',
    );
    const categories = data.debtors.categories;
    const sum = (key: 'players' | 'payments' | 'amount') =>
      categories.reduce((total, row) => total + row[key], 0);
    expect(cells(rows.at(-1)!)).toEqual([
      'Total',
      String(sum('players')),
      String(sum('payments')),
      shown(sum('amount')),
    ]);
    // The debtors add up to the 'Vencidos' tile.
    expect(sum('amount')).toBe(data.money.overdue.amount);
    expect(sum('payments')).toBe(data.money.overdue.count);
  });

  it('names the payments billed without a category, with no link (Pagos has no such filter)', async () => {
    const data = accountantDashboard();
    renderAccountant({
      ...data,
      debtors: {
        ...data.debtors,
        categories: [
          ...data.debtors.categories,
          { category_id: null, category_name: null, players: 1, payments: 1, amount: 60_000 },
        ],
      },
    });
    const table = await screen.findByRole('table', { name: /^Pagos vencidos/ });
    const row = within(table).getByText('Sin categoría').closest('tr')!;
    expect(cells(row)).toEqual(['Sin categoría', '1', '1', shown(60_000)]);
    expect(within(row).queryByRole('link')).toBeNull();
    expect(cells(within(table).getAllByRole('row').at(-1)!)).toEqual([
      'Total',
      '3',
      '4',
      shown(240_000 + 120_000 + 60_000),
    ]);
  });

  it('shows the month’s methods as a chart and a table adding up to what was collected', async () => {
    const data = accountantDashboard();
    renderAccountant(data);
    const table = await screen.findByRole('table', {
      name: 'Abonos aprobados en noviembre de 2026 por medio de pago',
    });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['Nequi', '2', shown(230_000)]);
    expect(cells(rows[2]!)).toEqual(['Efectivo', '1', shown(120_000)]);
    const total = data.methods.reduce((sum, method) => sum + method.amount, 0);
    expect(cells(rows.at(-1)!)).toEqual(['Total', '3', shown(total)]);
    expect(total).toBe(data.money.collected);
    expect(table.closest('figure')!.querySelector('figcaption')).toHaveTextContent(
      /suman lo recaudado en el mes/,
    );
  });

  it('shows the week’s receipts: how many, their amount and the latest', async () => {
    renderAccountant(accountantDashboard());
    const tile = (await screen.findByRole('heading', { name: 'Recibos emitidos' })).closest('li')!;
    expect(tile).toHaveTextContent(`3 recibos · ${shown(350_000)}`);
    const latest = screen.getByRole('list', { name: 'Últimos recibos' });
    const items = within(latest).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Recibo N\.º 118 · Ana Pérez/);
    expect(items[0]).toHaveTextContent(/24\/11\/2026 17:30/);
    expect(items[1]).toHaveTextContent(/Recibo N\.º 117 · Luis Gómez/);
  });

  it('says what is empty for a club without money yet', async () => {
    renderAccountant(emptyAccountantDashboard());
    expect(await screen.findByText('No hay pagos vencidos.')).toBeVisible();
    expect(screen.getByText('No hay abonos aprobados en noviembre de 2026.')).toBeVisible();
    expect(screen.getByText(/Aún no hay pagos facturados ni recaudados/)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Últimos recibos' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Recibos emitidos' }).closest('li'),
    ).toHaveTextContent(/0 recibos/);
  });

  it('fits a phone', async () => {
    windowWidth(390);
    renderAccountant(accountantDashboard());
    expect(await screen.findByRole('table', { name: /^Pagos vencidos/ })).toBeVisible();
  });
});
