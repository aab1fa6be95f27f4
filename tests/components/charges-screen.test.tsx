import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Charge, chargeMessages } from '../../contract/charges.schema';
import { ChargesScreen } from '../../src/screens/charges/charges-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LIST = '/api/pla_club_teams/1/charges';
const frequencies = [
  { id: 1, code: 'one_time', name: 'Pago único', months: null },
  { id: 2, code: 'monthly', name: 'Mensual', months: 1 },
];
const monthly: Charge = {
  id: 7,
  club_id: 1,
  name: 'Mensualidad Sub-10',
  concept: 'training_fee',
  amount: 120_000,
  frequency: { id: 2, code: 'monthly', name: 'Mensual' },
  due_day: 5,
  due_date: null,
  valid_from: '2026-01-01',
  valid_until: null,
  scope: 'categories',
  applies_to_new_players: true,
  status: 'active',
  category_ids: [2, 3],
  categories: [
    { id: 2, name: 'Sub-10' },
    { id: 3, name: 'Sub-12' },
  ],
  player_ids: [],
  players: [],
  excluded_player_ids: [],
  excluded_players: [],
  discount_ids: [],
  discounts: [],
  price_changes: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const category = (id: number, name: string) => ({
  id,
  club_id: 1,
  name,
  sport: null,
  gender: 'mixed',
  birth_year_from: 2014,
  birth_year_to: null,
  status: 'active',
  trainers: [],
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/admin/frequencies') return [200, { data: frequencies }];
    if (call.path === '/api/pla_club_teams/1/categories')
      return [200, { data: [category(2, 'Sub-10'), category(3, 'Sub-12')], total: 2 }];
    if (call.path === '/api/pla_club_teams/1/discounts') return [200, { data: [], total: 0 }];
    if (call.path === '/api/pla_club_teams/1/players') return [200, { data: [], total: 0 }];
    if (call.path === LIST && call.method === 'GET') return [200, { data: [monthly], total: 1 }];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler) =>
  renderRoutes('/home/chargers', [{ path: '/home/chargers', element: <ChargesScreen /> }], {
    user: userWithRole('Propietario del Club'),
    api,
  });

describe('charges screen', () => {
  it('lists the club’s charges with money, due day and scope', async () => {
    const { calls } = renderScreen(clubServer());
    const grid = await screen.findByRole('grid', { name: 'Cobros del club' });
    const row = (await within(grid).findByText('Mensualidad Sub-10')).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(row).getByText('Mensualidad')).toBeVisible();
    expect(within(row).getByText(/\$\s?120\.000/)).toBeVisible();
    expect(within(row).getByText('Mensual')).toBeVisible();
    expect(within(row).getByText('Día 5')).toBeVisible();
    expect(within(row).getByText('2 categorías')).toBeVisible();
    expect(within(row).getByRole('switch', { name: 'Estado de Mensualidad Sub-10' })).toBeChecked();
    expect(calls.find(({ path }) => path === LIST)!.query).toMatchObject({ sort: 'name' });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();
  });

  it('shows the empty state when the club has none', async () => {
    renderScreen(
      clubServer(({ path }) => (path === LIST ? [200, { data: [], total: 0 }] : undefined)),
    );
    expect(await screen.findByText('Crea tu primer cobro')).toBeVisible();
  });

  it("starts a new charge on the club's today, not the UTC date", async () => {
    // 22:30 of 5 December in Bogotá is already the 6th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T03:30:00Z'));
    try {
      renderScreen(clubServer());
      const u = userEvent.setup();
      await within(await screen.findByRole('grid')).findByText('Mensualidad Sub-10');
      await u.click(screen.getByRole('button', { name: 'Nuevo cobro' }));
      const dialog = await screen.findByRole('dialog', { name: 'Nuevo cobro' });
      const field = within(dialog).getByRole('group', { name: /^Vigente desde/ });
      // The field's sections, without the bidi marks the picker puts around them.
      expect(field.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain('05/12/2026');
    } finally {
      vi.useRealTimers();
    }
  });

  it('creates a charge: the amount in minor units and the chosen categories', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'POST' ? [201, { data: { ...monthly, id: 9, ...(body as object) } }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Mensualidad Sub-10');
    await u.click(screen.getByRole('button', { name: 'Nuevo cobro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cobro' });
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'Mensualidad 2027');
    await u.type(within(dialog).getByLabelText(/^Valor/), '150.000');
    await u.click(within(dialog).getByLabelText(/^Frecuencia/));
    await u.click(await screen.findByRole('option', { name: 'Mensual' }));
    await u.type(within(dialog).getByLabelText(/^Día de pago/), '10');
    await u.click(within(dialog).getByLabelText('Aplica a'));
    await u.click(await screen.findByRole('option', { name: 'Algunas categorías' }));
    await u.click(within(dialog).getByLabelText('Categorías'));
    await u.click(await screen.findByRole('option', { name: 'Sub-12' }));
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(calls.some(({ method }) => method === 'POST')).toBe(true));
    const posted = calls.find(({ method }) => method === 'POST')!;
    expect(posted.body).toMatchObject({
      name: 'Mensualidad 2027',
      amount: 150_000,
      frequency_id: 2,
      due_day: 10,
      due_date: null,
      scope: 'categories',
      category_ids: [3],
      player_ids: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks the reason when an edit changes the amount, and sends it', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'PATCH' ? [200, { data: { ...monthly, ...(body as object) } }] : undefined,
      ),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Mensualidad Sub-10');
    await u.click(within(grid).getByRole('button', { name: 'Editar Mensualidad Sub-10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cobro' });
    expect(within(dialog).queryByLabelText(/^Motivo del cambio de precio/)).toBeNull();
    const amount = within(dialog).getByLabelText(/^Valor/);
    await u.clear(amount);
    await u.type(amount, '130.000');
    const reason = await within(dialog).findByLabelText(/^Motivo del cambio de precio/);
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(chargeMessages.reasonNeeded)).toBeVisible();
    expect(calls.some(({ method }) => method === 'PATCH')).toBe(false);

    await u.type(reason, 'Ajuste anual');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some(({ method }) => method === 'PATCH')).toBe(true));
    expect(calls.find(({ method }) => method === 'PATCH')!.body).toMatchObject({
      amount: 130_000,
      price_change_reason: 'Ajuste anual',
      category_ids: [2, 3],
    });
  });
});
