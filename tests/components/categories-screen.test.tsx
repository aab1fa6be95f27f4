import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Category, categoryMessages } from '../../contract/categories.schema';
import { CategoriesScreen } from '../../src/screens/categories/categories-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const category = (
  id: number,
  name: string,
  from: number,
  to: number | null,
  overrides: Partial<Category> = {},
): Category => ({
  id,
  club_id: 1,
  name,
  sport: 'Fútbol',
  gender: 'male',
  birth_year_from: from,
  birth_year_to: to,
  status: 'active',
  trainers: [],
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const sub10 = category(2, 'Sub-10', 2016, 2017);
const veteranas = category(3, 'Veteranas', 1980, null, {
  gender: 'female',
  sport: null,
  status: 'inactive',
});
const sports = [
  { id: 1, code: 'futbol', name: 'Fútbol' },
  { id: 2, code: 'baloncesto', name: 'Baloncesto' },
];

const LIST = '/api/pla_club_teams/1/categories';

/** The categories and sports endpoints of club 1; `extra` answers anything else first. */
const TRAINERS = '/api/pla_club_teams/1/trainers';
const trainer = (id: number, name: string, lastname: string) => ({
  id,
  name,
  lastname,
  email: null,
  phone: null,
  document_type: 'CC',
  document_number: `5200${id}`,
  birth_date: null,
  gender: null,
  photo_url: null,
  has_account: false,
  identity_editable: true,
  status: 'active',
  categories: [],
  joined_at: '2026-11-01T00:00:00.000Z',
});

function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/admin/sports') return [200, { data: sports }];
    if (call.path === TRAINERS && call.method === 'GET') {
      return [200, { data: [trainer(41, 'Érika', 'Muñoz')], total: 1 }];
    }
    if (call.path === LIST && call.method === 'GET') {
      return [200, { data: [sub10, veteranas], total: 2 }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, user = userWithRole('Propietario del Club')) =>
  renderRoutes('/home/categories', [{ path: '/home/categories', element: <CategoriesScreen /> }], {
    user,
    api,
  });

const listCalls = (calls: ServerCall[]) =>
  calls.filter(({ path, method }) => method === 'GET' && path === LIST);

const noCategories = ({ path, method }: ServerCall): [number, unknown] | undefined =>
  path === LIST && method === 'GET' ? [200, { data: [], total: 0 }] : undefined;

describe('categories screen', () => {
  it('lists the club’s categories from the server', async () => {
    const { calls } = renderScreen(clubServer());

    const grid = await screen.findByRole('grid', { name: 'Categorías del club' });
    expect(await within(grid).findByText('Sub-10')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Categorías' })).toBeVisible();
    const row = within(grid).getByText('Sub-10').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Fútbol')).toBeVisible();
    expect(within(row).getByText('Masculino')).toBeVisible();
    expect(within(row).getByText('2016 – 2017')).toBeVisible();
    expect(within(row).getByText('Activa')).toBeVisible();
    const open = within(grid).getByText('Veteranas').closest('[role="row"]') as HTMLElement;
    expect(within(open).getByText('desde 1980')).toBeVisible();
    expect(within(open).getByText('Femenino')).toBeVisible();
    expect(within(open).getByText('Inactiva')).toBeVisible();
    expect(listCalls(calls)[0]!.query).toEqual({
      page: '1',
      pageSize: '25',
      sort: '-birth_year_from',
    });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();
  });

  it('sends the search and the filters to the server', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.type(screen.getByLabelText('Buscar por nombre o deporte'), 'sub');
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.q).toBe('sub'));
    expect(listCalls(calls).filter(({ query }) => query.q)).toHaveLength(1);

    await u.click(screen.getByLabelText('Género'));
    await u.click(await screen.findByRole('option', { name: 'Femenino' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.gender).toBe('female'));
    await u.click(screen.getByLabelText('Estado'));
    await u.click(await screen.findByRole('option', { name: 'Inactiva' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.query).toMatchObject({
        q: 'sub',
        gender: 'female',
        status: 'inactive',
        page: '1',
      }),
    );
  });

  it('invites to create the first category when the club has none', async () => {
    renderScreen(clubServer(noCategories));
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Crea tu primera categoría' })).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Crear categoría' }));

    expect(await screen.findByRole('dialog', { name: 'Nueva categoría' })).toBeVisible();
  });

  it('says nothing matches when a search hides every category', async () => {
    renderScreen(
      clubServer(({ path, query }) =>
        path === LIST && query.q ? [200, { data: [], total: 0 }] : undefined,
      ),
    );
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await userEvent.setup().type(screen.getByLabelText('Buscar por nombre o deporte'), 'zz');

    expect(
      await screen.findByText('Ninguna categoría coincide con la búsqueda o los filtros'),
    ).toBeVisible();
    expect(screen.queryByText('Crea tu primera categoría')).toBeNull();
  });

  it('creates a category, says so and closes the dialog', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'POST'
          ? [201, { data: { ...category(9, 'Sub-20', 2006, 2007), ...(body as object) } }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    // A new category is active: no status to choose.
    expect(within(dialog).queryByLabelText('Estado')).toBeNull();
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'Sub-20');
    await u.click(within(dialog).getByLabelText('Deporte'));
    await u.click(await screen.findByRole('option', { name: 'Fútbol' }));
    await u.click(within(dialog).getByLabelText(/^Género/));
    await u.click(await screen.findByRole('option', { name: 'Masculino' }));
    await u.type(within(dialog).getByLabelText(/^Año de nacimiento desde/), '2006');
    await u.type(within(dialog).getByLabelText('Año de nacimiento hasta'), '2007');
    await u.click(within(dialog).getByLabelText('Entrenadores'));
    await u.click(await screen.findByRole('option', { name: 'Érika Muñoz' }));
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Categoría Sub-20 creada')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: LIST,
      query: {},
      body: {
        name: 'Sub-20',
        sport: 'Fútbol',
        gender: 'male',
        birth_year_from: 2006,
        birth_year_to: 2007,
        status: 'active',
        trainer_ids: [41],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('asks before Esc throws a filled form away; an untouched one closes at once', async () => {
    renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    await screen.findByRole('dialog', { name: 'Nueva categoría' });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await u.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'Sub-20');
    await u.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await u.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).toBeNull(),
    );
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('Sub-20');

    await u.keyboard('{Escape}');
    const again = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    await u.click(within(again).getByRole('button', { name: 'Descartar cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the fields with the contract before sending', async () => {
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'Sub-20');
    await u.type(within(dialog).getByLabelText(/^Año de nacimiento desde/), '2010');
    await u.type(within(dialog).getByLabelText('Año de nacimiento hasta'), '2008');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Año de nacimiento hasta')).toHaveAccessibleDescription(
        categoryMessages.yearsBackwards,
      ),
    );
    expect(calls.filter(({ method }) => method === 'POST')).toHaveLength(0);
  });

  it('shows a duplicate name on the name field', async () => {
    const message = categoryMessages.duplicateName;
    renderScreen(
      clubServer(({ method }) =>
        method === 'POST' ? [409, { message, errors: [{ path: 'name', message }] }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Nueva categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva categoría' });
    await u.type(within(dialog).getByLabelText(/^Nombre/), 'sub-10');
    await u.type(within(dialog).getByLabelText(/^Año de nacimiento desde/), '2016');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Nombre/)).toHaveAccessibleDescription(message),
    );
    expect(screen.getByRole('dialog', { name: 'Nueva categoría' })).toBeVisible();
  });

  it('edits a category, its status included', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'PATCH' ? [200, { data: { ...sub10, ...(body as object) } }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Editar Sub-10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar categoría' });
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('Sub-10');
    expect(within(dialog).getByLabelText(/^Año de nacimiento desde/)).toHaveValue('2016');
    await u.clear(within(dialog).getByLabelText('Año de nacimiento hasta'));
    await u.click(within(dialog).getByLabelText('Estado'));
    await u.click(await screen.findByRole('option', { name: 'Inactiva' }));
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Categoría Sub-10 actualizada')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/2`,
      query: {},
      body: {
        name: 'Sub-10',
        sport: 'Fútbol',
        gender: 'male',
        birth_year_from: 2016,
        birth_year_to: null,
        status: 'inactive',
        trainer_ids: [],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before deleting and says it is done', async () => {
    const { calls } = renderScreen(
      clubServer(({ method }) => (method === 'DELETE' ? [200, { data: sub10 }] : undefined)),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Eliminar Sub-10' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la categoría Sub-10?' });
    expect(calls.filter(({ method }) => method === 'DELETE')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Categoría eliminada')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `${LIST}/2`,
      query: {},
      body: undefined,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s reason when a category with players cannot be deleted', async () => {
    const message = 'La categoría tiene 3 jugadores; muévelos a otra categoría antes de eliminarla';
    renderScreen(
      clubServer(({ method }) => (method === 'DELETE' ? [409, { message }] : undefined)),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Sub-10');

    await u.click(screen.getByRole('button', { name: 'Eliminar Sub-10' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la categoría Sub-10?' });
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText('Categoría eliminada')).toBeNull();
  });

  it('shows neither the create button nor the row actions to someone who only views', async () => {
    const viewer = userWithRole('Propietario del Club', {
      permissions: ['categories.view'],
      permissions_by_module: { categories: ['view'] },
    });
    renderScreen(clubServer(), viewer);

    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Sub-10')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nueva categoría' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar Sub-10' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar Sub-10' })).toBeNull();
  });

  it('shows each category as a card on a phone', async () => {
    windowWidth(390);
    renderScreen(clubServer());

    const cards = await screen.findByRole('list', { name: 'Categorías del club' });
    const card = (await within(cards).findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Sub-10')).toBeVisible();
    expect(within(card).getByText('2016 – 2017')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Editar Sub-10' })).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
