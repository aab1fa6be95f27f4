import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  PaymentGenerationPreview,
  PaymentGenerationResult,
} from '../../contract/payment-generation.schema';
import type { PaymentSummary } from '../../contract/payments.schema';
import { formatMoney } from '../../src/lib/money';
import { periodLabel, shiftPeriod } from '../../src/screens/payments/payment-period';
import { PaymentsScreen } from '../../src/screens/payments/payments-screen';
import { payment, period } from './support/payment-fixtures';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ana = payment(1);
const luis = payment(2, {
  player: { id: 12, name: 'Luis', lastname: 'Gómez', document_number: null },
  amount_due: 102_000,
  amount_paid: 50_000,
  balance: 52_000,
  status: 'partial',
  overdue: false,
});
const summary = (overrides: Partial<PaymentSummary> = {}): PaymentSummary => ({
  period,
  billed: 222_000,
  collected: 350_000,
  debt: 172_000,
  exempt: 0,
  in_review: { count: 2, amount: 80_000 },
  overdue: { count: 3, amount: 190_000 },
  ...overrides,
});
const preview: PaymentGenerationPreview = {
  period,
  non_billing_month: false,
  to_create_total: 4,
  charges: [
    {
      charge: { id: 5, name: 'Mensualidad Sub-12' },
      to_create: 4,
      existing: 2,
      skipped_excluded: 0,
      discounts: [{ id: 9, name: 'Plan Hermanos', payments: 1, amount: 18_000 }],
    },
  ],
};
const created: PaymentGenerationResult = {
  period,
  non_billing_month: false,
  created_total: 4,
  charges: [{ charge: { id: 5, name: 'Mensualidad Sub-12' }, created: 4 }],
};

const LIST = '/api/pla_club_teams/1/payments';
const SUMMARY = `${LIST}/summary`;
const PREVIEW = `${LIST}/generation/preview`;
const GENERATE = `${LIST}/generation`;
/** An amount as the screen shows it, its no-break space read as the page's text reads it. */
const shownMoney = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

/** The payments endpoints of club 1; `extra` answers anything else first. */
function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === LIST) return [200, { data: [ana, luis], total: 2 }];
    if (call.path === SUMMARY) return [200, { data: summary({ period: call.query.period }) }];
    if (call.path === PREVIEW) return [200, preview];
    if (call.path === GENERATE) return [200, created];
    if (call.path === '/api/pla_club_teams/1/categories') {
      return [200, { data: [], total: 0 }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, user = userWithRole('Contador')) =>
  renderRoutes('/home/payments', [{ path: '/home/payments', element: <PaymentsScreen /> }], {
    user,
    api,
  });

const callsTo = (calls: ServerCall[], path: string) => calls.filter((call) => call.path === path);
const rowOf = (grid: HTMLElement, name: string) =>
  within(grid).getByText(name).closest('[role="row"]') as HTMLElement;
const figure = (title: string) =>
  within(screen.getByRole('list', { name: 'Cifras del periodo' }))
    .getByRole('heading', { name: title })
    .closest('li') as HTMLElement;

describe('payments screen', () => {
  it('shows the month’s figures from the summary, each saying what it counts', async () => {
    const { calls } = renderScreen(clubServer());

    expect(await screen.findByText(shownMoney(350_000))).toBeVisible();
    expect(within(figure('Recaudado en el mes')).getByText(shownMoney(350_000))).toBeVisible();
    expect(within(figure('Recaudado en el mes')).getByText(/fecha de aprobación/)).toBeVisible();
    expect(within(figure('Facturado')).getByText(shownMoney(222_000))).toBeVisible();
    expect(within(figure('Por cobrar')).getByText(shownMoney(172_000))).toBeVisible();
    expect(
      within(figure('En revisión')).getByText(`2 pagos · ${shownMoney(80_000)}`),
    ).toBeVisible();
    expect(within(figure('Vencidos')).getByText(`3 pagos · ${shownMoney(190_000)}`)).toBeVisible();
    expect(callsTo(calls, SUMMARY)[0]!.query).toEqual({ period });
  });

  it('lists the period’s payments with Spanish statuses, money and the overdue chip', async () => {
    const { calls } = renderScreen(clubServer());

    const grid = await screen.findByRole('grid', { name: 'Pagos del club' });
    await within(grid).findByText('Ana Pérez');
    const first = rowOf(grid, 'Ana Pérez');
    expect(within(first).getByText('Pendiente')).toBeVisible();
    expect(within(first).getByText('Vencido')).toBeVisible();
    expect(within(first).getByText('Sub-12')).toBeVisible();
    expect(within(first).getByText('Mensualidad Sub-12')).toBeVisible();
    expect(within(first).getByText(periodLabel(period))).toBeVisible();
    expect(within(first).getAllByText(shownMoney(120_000))).toHaveLength(2);
    const second = rowOf(grid, 'Luis Gómez');
    expect(within(second).getByText('Abono parcial')).toBeVisible();
    expect(within(second).queryByText('Vencido')).toBeNull();
    expect(within(second).getByText(shownMoney(50_000))).toBeVisible();
    expect(within(second).getByText(shownMoney(52_000))).toBeVisible();
    expect(callsTo(calls, LIST)[0]!.query).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'due_date',
      period,
    });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();
  });

  it('asks the list and the figures of another month when the period changes', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Pérez');
    const previous = shiftPeriod(period, -1);

    await u.click(screen.getByLabelText('Periodo'));
    await u.click(await screen.findByRole('option', { name: periodLabel(previous) }));

    await waitFor(() =>
      expect(callsTo(calls, LIST).some(({ query }) => query.period === previous)).toBe(true),
    );
    await waitFor(() =>
      expect(callsTo(calls, SUMMARY).some(({ query }) => query.period === previous)).toBe(true),
    );
  });

  it('filters by status and overdue through the list contract', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Pérez');

    await u.click(screen.getByLabelText('Estado'));
    await u.click(await screen.findByRole('option', { name: 'En revisión' }));
    await u.click(screen.getByLabelText('Vencimiento'));
    await u.click(await screen.findByRole('option', { name: 'Solo vencidos' }));

    await waitFor(() =>
      expect(callsTo(calls, LIST).at(-1)!.query).toMatchObject({
        status: 'in_review',
        overdue: 'true',
        period,
      }),
    );
  });

  it('previews the generation, then generates and says how many payments were created', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Pérez');
    const listCalls = callsTo(calls, LIST).length;
    const summaryCalls = callsTo(calls, SUMMARY).length;

    await u.click(screen.getByRole('button', { name: 'Generar cobros del periodo' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Generar cobros de ${periodLabel(period)}`,
    });
    const row = (await within(dialog).findByText('Mensualidad Sub-12')).closest('tr')!;
    expect(within(row).getByText('4')).toBeVisible();
    expect(within(row).getByText('2')).toBeVisible();
    // Each discount the payments get, by name and amount.
    expect(within(row).getByText(/^Plan Hermanos: 1 pago \(− \$\s18\.000\)$/)).toBeVisible();
    expect(callsTo(calls, PREVIEW)[0]!.body).toEqual({ period });
    expect(callsTo(calls, GENERATE)).toHaveLength(0);

    await u.click(within(dialog).getByRole('button', { name: 'Generar' }));
    expect(await within(dialog).findByText('Se crearon 4 pagos')).toBeVisible();
    expect(callsTo(calls, GENERATE)).toHaveLength(1);
    expect(callsTo(calls, GENERATE)[0]!.body).toEqual({ period });
    // The list and the figures are asked again after generating.
    await waitFor(() => expect(callsTo(calls, LIST).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(callsTo(calls, SUMMARY).length).toBeGreaterThan(summaryCalls));
    await u.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the empty state with the generate button when the month has no payments', async () => {
    renderScreen(
      clubServer(({ path }) => (path === LIST ? [200, { data: [], total: 0 }] : undefined)),
    );
    expect(await screen.findByText('No hay pagos en este periodo')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Generar cobros del periodo' })).toHaveLength(2);
  });

  it('hides the generate button from a role without payments.update', async () => {
    renderScreen(
      clubServer(({ path }) => (path === LIST ? [200, { data: [], total: 0 }] : undefined)),
      userWithRole('Padre/Acudiente'),
    );
    expect(await screen.findByText('No hay pagos en este periodo')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generar cobros del periodo' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    renderScreen(
      clubServer(({ path }) => (path === LIST ? [500, { message: 'Falla' }] : undefined)),
    );
    expect(await screen.findByText(/No se pudieron cargar los pagos/)).toBeVisible();
  });

  it('shows each payment as a card on a phone', async () => {
    windowWidth(390);
    renderScreen(clubServer());

    const cards = await screen.findByRole('list', { name: 'Pagos del club' });
    const card = (await within(cards).findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Ana Pérez')).toBeVisible();
    expect(within(card).getByText('Pendiente')).toBeVisible();
    expect(within(card).getByText('Vencido')).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
