import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../contract/categories.schema';
import type { Player } from '../../contract/players.schema';
import { PlayersScreen } from '../../src/screens/players/players-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const thisYear = new Date().getFullYear();

const player = (
  id: number,
  name: string,
  lastname: string,
  overrides: Partial<Player> = {},
): Player => ({
  id,
  name,
  lastname,
  email: null,
  phone: null,
  document_type: 'TI',
  document_number: `10234567${id}0`,
  birth_date: `${thisYear - 12}-01-01`, // 12 on any day of this year
  gender: 'male',
  photo_url: null,
  has_account: false,
  status: 'active',
  category: { id: 2, name: 'Sub-12' },
  position: 'Delantero',
  jersey_number: 9,
  enrollment_date: '2026-02-01',
  guardian_name: 'Marta Gómez',
  guardian_phone: '3001234567',
  joined_at: '2026-02-01T00:00:00.000Z',
  photo_consent: { internal: false, public_web: false, social: false },
  ...overrides,
});
// His family allows his photos inside the club and on social networks, not on the website.
const juan = player(1, 'Juan', 'Gómez', {
  photo_consent: { internal: true, public_web: false, social: true },
});
const laura = player(4, 'Laura', 'Ríos', {
  document_type: 'CC',
  document_number: '52123456',
  birth_date: '1995-07-01',
  gender: 'female',
  category: null,
  position: null,
  jersey_number: null,
  guardian_name: null,
  guardian_phone: null,
  status: 'inactive',
});

/** The fields a player's detail adds to a row, all empty. */
const detailFields = {
  identity_editable: true,
  dominant_foot: null,
  payment_modality: null,
  eps: null,
  blood_type: null,
  allergies: null,
  emergency_contact_name: null,
  emergency_contact_phone: null,
  guardian_email: null,
  guardian_relationship: null,
};

const category = (id: number, name: string): Category => ({
  id,
  club_id: 1,
  name,
  sport: 'Fútbol',
  gender: 'mixed',
  birth_year_from: thisYear - 13,
  birth_year_to: thisYear - 12,
  status: 'active',
  trainers: [],
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

const LIST = '/api/pla_club_teams/1/players';
const CATEGORIES = '/api/pla_club_teams/1/categories';

const clubServer: ServerHandler = (call) => {
  if (call.path === CATEGORIES) {
    return [200, { data: [category(2, 'Sub-12'), category(3, 'Sub-14')], total: 2 }];
  }
  if (call.path === LIST && call.method === 'GET') return [200, { data: [juan, laura], total: 2 }];
  return [404, { message: `No fake for ${call.method} ${call.path}` }];
};

const renderScreen = (user = userWithRole('Propietario del Club')) =>
  renderRoutes('/home/players', [{ path: '/home/players', element: <PlayersScreen /> }], {
    user,
    api: clubServer,
  });

const listCalls = (calls: ServerCall[]) =>
  calls.filter(({ path, method }) => method === 'GET' && path === LIST);

describe('players screen', { timeout: 30_000 }, () => {
  it('lists the club’s players with their document, age, category and guardian', async () => {
    const { calls } = renderScreen();

    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    expect(await within(grid).findByText('Juan Gómez')).toBeVisible();
    const row = within(grid).getByText('Juan Gómez').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('TI 1023456710')).toBeVisible();
    expect(within(row).getByText(`12 años · 01/01/${thisYear - 12}`)).toBeVisible();
    expect(within(row).getByText('Sub-12')).toBeVisible();
    expect(within(row).getByText('Marta Gómez · 3001234567')).toBeVisible();
    expect(within(row).getByText('Activo')).toBeVisible();
    expect(within(grid).getByRole('columnheader', { name: 'Fotos' })).toBeVisible();
    expect(within(row).getByText('Interno · Redes')).toHaveAccessibleDescription(
      'Fotos autorizadas: Uso interno del club y Redes sociales',
    );
    const adult = within(grid).getByText('Laura Ríos').closest('[role="row"]') as HTMLElement;
    expect(within(adult).getByText('Sin categoría')).toBeVisible();
    expect(within(adult).getByText('Sin autorización')).toHaveAccessibleDescription(
      'Sin autorización de fotos en ningún canal',
    );
    expect(within(adult).getByText('Inactivo')).toBeVisible();
    expect(listCalls(calls)[0]!.query).toEqual({ page: '1', pageSize: '25', sort: 'name' });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nuevo jugador' })).toHaveAttribute(
      'href',
      '/home/player-create',
    );
    expect(within(row).getByRole('button', { name: 'Editar Juan Gómez' })).toBeVisible();
  });

  it('sends the chosen category section as categorySection', async () => {
    const { calls } = renderScreen();
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Juan Gómez');
    const sections = screen.getByRole('group', { name: 'Secciones por categoría' });

    await u.click(await within(sections).findByRole('button', { name: 'Sub-14' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.categorySection).toBe('3'));
    expect(within(sections).getByRole('button', { name: 'Sub-14' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await u.click(within(sections).getByRole('button', { name: 'Sin categoría' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.categorySection).toBe('none'));

    await u.click(within(sections).getByRole('button', { name: 'Todas' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.query).not.toHaveProperty('categorySection'),
    );
  });

  it('sends the search as q once the person stops typing, and the filters', async () => {
    const { calls } = renderScreen();
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Juan Gómez');

    await u.type(screen.getByLabelText('Buscar por nombre, documento o acudiente'), 'marta');
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.q).toBe('marta'));
    expect(listCalls(calls).filter(({ query }) => query.q)).toHaveLength(1);

    await u.click(screen.getByLabelText('Estado'));
    await u.click(await screen.findByRole('option', { name: 'Inactivo' }));
    await u.click(screen.getByLabelText('Año de nacimiento'));
    await u.click(await screen.findByRole('option', { name: String(thisYear - 12) }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.query).toMatchObject({
        q: 'marta',
        status: 'inactive',
        birth_year: String(thisYear - 12),
        page: '1',
      }),
    );
  });

  it('shows no \u2018Nuevo jugador\u2019 nor row buttons to a trainer (players.view only)', async () => {
    renderScreen(userWithRole('Entrenador'));

    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    expect(await within(grid).findByText('Juan Gómez')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Nuevo jugador' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Estado de Juan Gómez' })).toBeDisabled();
  });

  it('asks before a player leaves the club and says their history stays', async () => {
    const { calls } = renderRoutes(
      '/home/players',
      [{ path: '/home/players', element: <PlayersScreen /> }],
      {
        user: userWithRole('Propietario del Club'),
        api: (call) =>
          call.method === 'DELETE' && call.path === `${LIST}/1` ? [204, null] : clubServer(call),
      },
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Juan Gómez');

    await u.click(screen.getByRole('button', { name: 'Eliminar Juan Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Juan Gómez del club?' });
    expect(
      within(dialog).getByText(
        'Juan Gómez dejará el club. Su historial (pagos, asistencia) se conserva.',
      ),
    ).toBeVisible();
    expect(calls.some(({ method }) => method === 'DELETE')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Juan Gómez dejó el club')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `${LIST}/1`,
      query: {},
      body: undefined,
    });
  });

  it('switches a player on through the status switch', async () => {
    const { calls } = renderRoutes(
      '/home/players',
      [{ path: '/home/players', element: <PlayersScreen /> }],
      {
        user: userWithRole('Propietario del Club'),
        api: (call) =>
          call.method === 'PATCH' && call.path === `${LIST}/4/status`
            ? [200, { data: { ...laura, ...detailFields, status: 'active' } }]
            : clubServer(call),
      },
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Laura Ríos');

    await u.click(screen.getByRole('switch', { name: 'Estado de Laura Ríos' }));

    expect(await screen.findByText('Estado de Laura Ríos: Activo')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/4/status`,
      query: {},
      body: { status: 'active' },
    });
  });

  it('shows a card per player on a 390 px phone', async () => {
    windowWidth(390);
    renderScreen();

    const cards = await screen.findByRole('list', { name: 'Jugadores del club' });
    expect(await within(cards).findByText('Juan Gómez')).toBeVisible();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    const card = within(cards).getByText('Juan Gómez').closest('li') as HTMLElement;
    const photos = within(card).getByText('Fotos').parentElement as HTMLElement;
    expect(photos).toHaveTextContent('FotosInterno · Redes');
    expect(within(photos).getByText('Interno · Redes')).toHaveAccessibleDescription(
      'Fotos autorizadas: Uso interno del club y Redes sociales',
    );
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
