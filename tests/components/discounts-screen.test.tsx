import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Discount, discountMessages } from '../../contract/discounts.schema';
import { MINOR_PER_UNIT } from '../../contract/money.schema';
import { formatMoney } from '../../src/lib/money';
import { DiscountsScreen } from '../../src/screens/discounts/discounts-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const discount = (id: number, name: string, overrides: Partial<Discount> = {}): Discount => ({
  id,
  name,
  description: null,
  kind: 'percentage',
  value: 15,
  third_value: null,
  status: 'active',
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const hermanos = discount(2, 'Plan Hermanos', { player_count: 3 });
const prontoPago = discount(3, 'Pronto pago', {
  kind: 'fixed',
  value: 50_000 * MINOR_PER_UNIT,
  status: 'inactive',
});

const LIST = '/api/pla_club_teams/1/discounts';
/** An amount as the screen shows it, its no-break space read as the page's text reads it. */
const shownMoney = (minor: number) => formatMoney(minor).replace(/\s/g, ' ');

/** The discounts endpoints of club 1; `extra` answers anything else first. */
function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === LIST && call.method === 'GET') {
      return [200, { data: [hermanos, prontoPago], total: 2 }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, user = userWithRole('Propietario del Club')) =>
  renderRoutes('/home/discounts', [{ path: '/home/discounts', element: <DiscountsScreen /> }], {
    user,
    api,
  });

const listCalls = (calls: ServerCall[]) =>
  calls.filter(({ path, method }) => method === 'GET' && path === LIST);
const rowOf = (grid: HTMLElement, name: string) =>
  within(grid).getByText(name).closest('[role="row"]') as HTMLElement;

describe('discounts screen', () => {
  it('lists the club’s discounts from the server, each value in its unit', async () => {
    const { calls } = renderScreen(clubServer());

    const grid = await screen.findByRole('grid', { name: 'Descuentos del club' });
    expect(await within(grid).findByText('Plan Hermanos')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Descuentos' })).toBeVisible();
    const percent = rowOf(grid, 'Plan Hermanos');
    expect(within(percent).getByText('Porcentaje')).toBeVisible();
    expect(within(percent).getByText('15 %')).toBeVisible();
    expect(within(percent).getByText('3')).toBeVisible();
    expect(within(percent).getByRole('switch', { name: 'Estado de Plan Hermanos' })).toBeChecked();
    const fixed = rowOf(grid, 'Pronto pago');
    expect(within(fixed).getByText('Valor fijo')).toBeVisible();
    expect(within(fixed).getByText(shownMoney(50_000 * MINOR_PER_UNIT))).toBeVisible();
    expect(within(fixed).getByRole('switch', { name: 'Estado de Pronto pago' })).not.toBeChecked();
    expect(listCalls(calls)[0]!.query).toEqual({ page: '1', pageSize: '25', sort: 'name' });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();
  });

  it('sends the search and the filters to the server', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Plan Hermanos');

    await u.type(screen.getByLabelText('Buscar por nombre o descripción'), 'plan');
    await u.click(screen.getByLabelText('Tipo'));
    await u.click(await screen.findByRole('option', { name: 'Valor fijo' }));
    await u.click(screen.getByLabelText('Estado'));
    await u.click(await screen.findByRole('option', { name: 'Inactivo' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.query).toMatchObject({
        q: 'plan',
        kind: 'fixed',
        status: 'inactive',
        page: '1',
      }),
    );
  });

  it('invites to create the first discount when the club has none', async () => {
    renderScreen(
      clubServer(({ path, method }) =>
        path === LIST && method === 'GET' ? [200, { data: [], total: 0 }] : undefined,
      ),
    );
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Crea tu primer descuento' })).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Crear descuento' }));
    expect(await screen.findByRole('dialog', { name: 'Nuevo descuento' })).toBeVisible();
  });

  it('creates a fixed discount typed in pesos and sends it in minor units', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'POST'
          ? [201, { data: { ...discount(9, 'x'), ...(body as object) } }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Plan Hermanos');

    await u.click(screen.getByRole('button', { name: 'Nuevo descuento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo descuento' });
    expect(within(dialog).queryByLabelText('Estado')).toBeNull();
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'Beca parcial');
    await u.type(within(dialog).getByLabelText('Descripción'), 'Media beca');
    await u.click(within(dialog).getByRole('radio', { name: 'Valor fijo' }));
    await u.type(within(dialog).getByRole('textbox', { name: /^Valor/ }), '120.000');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Descuento Beca parcial creado')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: LIST,
      query: {},
      body: {
        name: 'Beca parcial',
        description: 'Media beca',
        kind: 'fixed',
        value: 120_000 * MINOR_PER_UNIT,
        status: 'active',
        third_value: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('checks a percentage with the contract before sending', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Plan Hermanos');

    await u.click(screen.getByRole('button', { name: 'Nuevo descuento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo descuento' });
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'Demasiado');
    await u.type(within(dialog).getByRole('textbox', { name: /^Porcentaje/ }), '150');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(
        within(dialog).getByRole('textbox', { name: /^Porcentaje/ }),
      ).toHaveAccessibleDescription(discountMessages.percentageRange),
    );
    expect(calls.filter(({ method }) => method === 'POST')).toHaveLength(0);
  });

  it('shows a duplicate name on the name field', async () => {
    const message = discountMessages.duplicateName;
    renderScreen(
      clubServer(({ method }) =>
        method === 'POST' ? [409, { message, errors: [{ path: 'name', message }] }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Plan Hermanos');

    await u.click(screen.getByRole('button', { name: 'Nuevo descuento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo descuento' });
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'plan hermanos');
    await u.type(within(dialog).getByRole('textbox', { name: /^Porcentaje/ }), '10');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Nombre/)).toHaveAccessibleDescription(message),
    );
    expect(screen.getByRole('dialog', { name: 'Nuevo descuento' })).toBeVisible();
  });

  it('edits a discount with its stored value in place', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'PATCH' ? [200, { data: { ...hermanos, ...(body as object) } }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Plan Hermanos');

    await u.click(screen.getByRole('button', { name: 'Editar Plan Hermanos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar descuento' });
    const field = within(dialog).getByRole('textbox', { name: /^Porcentaje/ });
    expect(field).toHaveValue('15');
    await u.clear(field);
    await u.type(field, '20');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Descuento Plan Hermanos actualizado')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/2`,
      query: {},
      body: {
        name: 'Plan Hermanos',
        description: null,
        kind: 'percentage',
        value: 20,
        status: 'active',
        third_value: null,
      },
    });
  });

  it('asks before switching a discount off and sends the new status', async () => {
    const { calls } = renderScreen(
      clubServer(({ method }) =>
        method === 'PATCH' ? [200, { data: { ...hermanos, status: 'inactive' } }] : undefined,
      ),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Plan Hermanos');

    await u.click(within(grid).getByRole('switch', { name: 'Estado de Plan Hermanos' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Desactivar el descuento Plan Hermanos?',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    expect(await screen.findByText('Estado de Plan Hermanos: Inactivo')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/2/status`,
      query: {},
      body: { status: 'inactive' },
    });
  });

  it('shows the server’s reason when a discount in use cannot be deleted', async () => {
    const message = discountMessages.inUse(3, 1);
    const { calls } = renderScreen(
      clubServer(({ method }) => (method === 'DELETE' ? [409, { message }] : undefined)),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Plan Hermanos');

    await u.click(screen.getByRole('button', { name: 'Eliminar Plan Hermanos' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Eliminar el descuento Plan Hermanos?',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText('Descuento eliminado')).toBeNull();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `${LIST}/2`,
      query: {},
      body: undefined,
    });
  });

  it('shows neither the create button nor the row actions to someone who only views', async () => {
    const viewer = userWithRole('Propietario del Club', {
      permissions: ['payments.view'],
      permissions_by_module: { payments: ['view'] },
    });
    renderScreen(clubServer(), viewer);

    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Plan Hermanos')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nuevo descuento' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar Plan Hermanos' })).toBeNull();
    expect(within(grid).getByRole('switch', { name: 'Estado de Plan Hermanos' })).toBeDisabled();
  });

  it('shows each discount as a card on a phone', async () => {
    windowWidth(390);
    renderScreen(clubServer());

    const cards = await screen.findByRole('list', { name: 'Descuentos del club' });
    const card = (await within(cards).findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Plan Hermanos')).toBeVisible();
    expect(within(card).getByText('15 %')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Editar Plan Hermanos' })).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
