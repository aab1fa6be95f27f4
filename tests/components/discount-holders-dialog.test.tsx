import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Discount } from '../../contract/discounts.schema';
import type { Player } from '../../contract/players.schema';
import { DiscountsScreen } from '../../src/screens/discounts/discounts-screen';
import { PlayersScreen } from '../../src/screens/players/players-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const beca: Discount = {
  id: 5,
  name: 'Beca',
  description: null,
  kind: 'percentage',
  value: 100,
  third_value: null,
  status: 'active',
  player_count: 1,
  created_at: '2026-11-01T00:00:00.000Z',
};
const hermanos: Discount = {
  ...beca,
  id: 6,
  name: 'Plan Hermanos',
  kind: 'siblings',
  value: 15,
  third_value: 25,
  player_count: 0,
};

const player = (id: number, name: string, lastname: string): Player => ({
  id,
  name,
  lastname,
  email: null,
  phone: null,
  document_type: 'TI',
  document_number: `10234567${id}0`,
  birth_date: '2014-01-01',
  gender: 'male',
  photo_url: null,
  has_account: false,
  status: 'active',
  category: null,
  position: null,
  jersey_number: null,
  enrollment_date: null,
  guardian_name: null,
  guardian_phone: null,
  joined_at: '2026-02-01T00:00:00.000Z',
  photo_consent: { internal: false, public_web: false, social: false },
});
const juan = player(1, 'Juan', 'Gómez');
const sara = player(2, 'Sara', 'López');

const DISCOUNTS = '/api/pla_club_teams/1/discounts';
const HOLDERS = `${DISCOUNTS}/5/players`;

/** Juan holds 'Beca'; after a save the list counts who the PATCH left with it. */
function clubServer(): ServerHandler {
  let count = 1;
  return ({ method, path, body }) => {
    if (path === DISCOUNTS && method === 'GET')
      return [200, { data: [{ ...beca, player_count: count }, hermanos], total: 2 }];
    if (path === HOLDERS && method === 'GET')
      return [200, { data: [{ id: 1, name: 'Juan', lastname: 'Gómez' }] }];
    if (path === HOLDERS && method === 'PATCH') {
      const { add, remove } = body as { add: number[]; remove: number[] };
      count += add.length - remove.length;
      return [200, { data: { added: add, removed: remove } }];
    }
    if (path === '/api/pla_club_teams/1/players' && method === 'GET')
      return [200, { data: [juan, sara], total: 2 }];
    return [404, { message: `No fake for ${method} ${path}` }];
  };
}

describe('discount players dialog', { timeout: 30_000 }, () => {
  it('starts from who holds the discount, adds and removes players, and saves only the difference', async () => {
    const { calls } = renderRoutes(
      '/home/discounts',
      [{ path: '/home/discounts', element: <DiscountsScreen /> }],
      { user: userWithRole('Propietario del Club'), api: clubServer() },
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Descuentos del club' });
    await within(grid).findByText('Beca');
    // A sibling rule reaches families through their guardians: no players to choose.
    expect(within(grid).getByText('Por familias')).toBeVisible();
    expect(
      within(grid).queryByRole('button', { name: 'Asignar jugadores de Plan Hermanos' }),
    ).toBeNull();

    await u.click(within(grid).getByRole('button', { name: 'Asignar jugadores de Beca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar jugadores: Beca' });
    expect(await within(dialog).findByText('Juan Gómez')).toBeVisible();
    expect(within(dialog).getByText(/Lo tienen 1 jugador/)).toBeVisible();

    await u.click(within(dialog).getByRole('combobox', { name: 'Jugadores' }));
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByText('Juan Gómez (ya lo tiene)')).toBeVisible();
    await u.click(within(listbox).getByText('Sara López'));
    expect(within(dialog).getByText('Se asigna a 1.')).toBeVisible();
    // Juan's chip: removing it takes the discount from him.
    const juanChip = within(dialog).getByText('Juan Gómez').closest('.MuiChip-root') as HTMLElement;
    await u.click(within(juanChip).getByTestId('CancelIcon'));
    expect(within(dialog).getByText('Se asigna a 1 y se quita a 1.')).toBeVisible();

    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Descuento Beca: asignado a 1 jugador y quitado a 1 jugador'),
    ).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: HOLDERS,
      query: {},
      body: { add: [2], remove: [1] },
    });
    expect(screen.queryByRole('dialog', { name: 'Asignar jugadores: Beca' })).toBeNull();
  });

  it("gives the players grid's selection a discount chosen in 'Asignar descuento'", async () => {
    const { calls } = renderRoutes(
      '/home/players',
      [{ path: '/home/players', element: <PlayersScreen /> }],
      { user: userWithRole('Propietario del Club'), api: clubServer() },
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    await within(grid).findByText('Sara López');
    for (const row of within(grid).getAllByRole('checkbox', { name: /Seleccionar fila/i })) {
      await u.click(row);
    }
    const bar = screen.getByRole('region', { name: 'Acciones sobre los jugadores seleccionados' });
    await u.click(within(bar).getByRole('button', { name: 'Asignar descuento' }));

    const dialog = await screen.findByRole('dialog', { name: 'Asignar descuento' });
    await u.click(within(dialog).getByRole('combobox', { name: /^Descuento/ }));
    // A sibling rule is not given to players: only 'Beca' is offered.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Beca']);
    await u.click(options[0]!);
    await u.click(within(dialog).getByRole('button', { name: 'Asignar' }));

    expect(await screen.findByText('Descuento asignado a 2 jugadores')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: HOLDERS,
      query: {},
      body: { add: [1, 2], remove: [] },
    });
  });
});
