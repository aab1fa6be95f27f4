import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../contract/categories.schema';
import { peopleMessages } from '../../contract/people.schema';
import { type ClubLinkRequest, linkRequestMessages } from '../../contract/link-requests.schema';
import { type Trainer, trainerMessages } from '../../contract/trainers.schema';
import {
  IDENTITY_LOCKED_HELPER,
  IDENTITY_LOCKED_NOTICE,
  REQUEST_WILL_BE_SENT,
} from '../../src/components/person/identity-lock';
import { TrainersScreen } from '../../src/screens/trainers/trainers-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const trainer = (id: number, name: string, lastname: string, overrides: Partial<Trainer> = {}) =>
  ({
    id,
    name,
    lastname,
    email: null,
    phone: null,
    document_type: null,
    document_number: null,
    birth_date: null,
    gender: null,
    photo_url: null,
    has_account: true,
    identity_editable: false,
    status: 'active',
    categories: [],
    joined_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }) satisfies Trainer;

const ana = trainer(11, 'Ana', 'Pérez', {
  email: 'ana@demo.club',
  phone: '3001234567',
  document_type: 'CC',
  document_number: '52123456',
  has_account: false,
  identity_editable: true,
  categories: [{ id: 2, name: 'Sub-10' }],
});
const luis = trainer(12, 'Luis', 'Gómez', {
  email: 'luis@demo.club',
  status: 'inactive',
  categories: [
    { id: 2, name: 'Sub-10' },
    { id: 3, name: 'Sub-12' },
  ],
});

const category = (id: number, name: string, status: Category['status'] = 'active'): Category => ({
  id,
  club_id: 1,
  name,
  sport: 'Fútbol',
  gender: 'mixed',
  birth_year_from: 2014,
  birth_year_to: 2015,
  status,
  trainers: [],
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const categories = [
  category(2, 'Sub-10'),
  category(3, 'Sub-12'),
  category(4, 'Veteranos', 'inactive'),
];

const LIST = '/api/pla_club_teams/1/trainers';

const sentRequest: ClubLinkRequest = {
  id: 7,
  kind: 'trainer',
  status: 'pending',
  typed_name: 'Marta Ríos',
  typed_document_type: 'CC',
  typed_document_number: '1020304050',
  typed_email: 'marta@demo.club',
  requested_by_name: 'Pedro Propietario',
  requested_at: '2026-12-01T10:00:00.000Z',
  expires_at: '2026-12-15T10:00:00.000Z',
  decided_at: null,
};
const CATEGORIES = '/api/pla_club_teams/1/categories';
const CHECK = '/api/validate-document';
const free = { status: 'free', name: null, roles: [], already: false, message: 'Documento libre' };

/** Club 1's trainers, categories and document checks; `extra` answers anything first. */
function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === CATEGORIES) return [200, { data: categories, total: categories.length }];
    if (call.path === CHECK) return [200, { data: free }];
    if (call.path === LIST && call.method === 'GET') return [200, { data: [ana, luis], total: 2 }];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, user = userWithRole('Propietario del Club')) =>
  renderRoutes('/home/trainers', [{ path: '/home/trainers', element: <TrainersScreen /> }], {
    user,
    api,
  });

const posts = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'POST' && path === LIST);
const rowOf = (grid: HTMLElement, text: string) =>
  within(grid).getByText(text).closest('[role="row"]') as HTMLElement;

/** Opens 'Agregar entrenador' and types a new trainer with a document and an e-mail. */
async function typeNewTrainer(u: ReturnType<typeof userEvent.setup>, document = '1020304050') {
  await within(await screen.findByRole('grid')).findByText('Ana Pérez');
  await u.click(screen.getByRole('button', { name: 'Agregar entrenador' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo entrenador' });
  await u.type(within(dialog).getByLabelText(/^Nombre/), 'Marta');
  await u.type(within(dialog).getByLabelText(/^Apellido/), 'Ríos');
  await u.click(within(dialog).getByLabelText('Tipo de documento'));
  await u.click(await screen.findByRole('option', { name: 'Cédula de ciudadanía' }));
  await u.type(within(dialog).getByLabelText('Número de documento'), document);
  await u.type(within(dialog).getByLabelText('Correo electrónico'), 'Marta@Demo.club');
  return dialog;
}

describe('trainers screen', () => {
  it('lists the club’s trainers with their categories, status and pending invitation', async () => {
    const { calls } = renderScreen(clubServer());

    const grid = await screen.findByRole('grid', { name: 'Entrenadores del club' });
    expect(await within(grid).findByText('Ana Pérez')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Entrenadores' })).toBeVisible();
    const first = rowOf(grid, 'Ana Pérez');
    expect(within(first).getByText('CC 52123456')).toBeVisible();
    expect(within(first).getByText('ana@demo.club')).toBeVisible();
    expect(within(first).getByText('3001234567')).toBeVisible();
    expect(within(first).getByText('Sub-10')).toBeVisible();
    expect(within(first).getByText('Invitación pendiente')).toBeVisible();
    expect(within(first).getByRole('switch', { name: 'Estado de Ana Pérez' })).toBeChecked();
    const second = rowOf(grid, 'Luis Gómez');
    expect(within(second).getByText('Sub-12')).toBeVisible();
    expect(within(second).queryByText('Invitación pendiente')).toBeNull();
    expect(within(second).getByRole('switch', { name: 'Estado de Luis Gómez' })).not.toBeChecked();
    expect(within(second).getAllByText('—').length).toBeGreaterThan(0);
    expect(calls.find(({ path }) => path === LIST)!.query).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'name',
    });
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();
  });

  it('creates a trainer with the fields typed and shows the server’s invitation message', async () => {
    const message = trainerMessages.invitationSent('marta@demo.club');
    const marta = trainer(20, 'Marta', 'Ríos', { email: 'marta@demo.club', has_account: false });
    const { calls } = renderScreen(
      clubServer(({ method, path }) =>
        method === 'POST' && path === LIST ? [201, { data: marta, message }] : undefined,
      ),
    );
    const u = userEvent.setup();
    const dialog = await typeNewTrainer(u);
    expect(
      within(dialog).getByText('Le enviaremos una invitación para que entre al club'),
    ).toBeVisible();
    await u.type(within(dialog).getByLabelText('Teléfono'), '3105550000');
    await u.click(within(dialog).getByLabelText('Categorías'));
    const options = await screen.findByRole('listbox');
    // Only the club's active categories are offered.
    expect(within(options).queryByRole('option', { name: 'Veteranos' })).toBeNull();
    await u.click(within(options).getByRole('option', { name: 'Sub-12' }));
    await u.keyboard('{Escape}');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      name: 'Marta',
      lastname: 'Ríos',
      document_type: 'CC',
      document_number: '1020304050',
      email: 'marta@demo.club',
      phone: '3105550000',
      category_ids: [3],
      link_existing: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers «Enviar solicitud» on the 409 of a person elsewhere; the 202 is a request, not a trainer', async () => {
    const message = peopleMessages.existsElsewhere;
    const { calls } = renderScreen(
      clubServer(({ method, path, body }) => {
        if (method !== 'POST' || path !== LIST) return undefined;
        return (body as { link_existing: boolean }).link_existing
          ? [202, { data: sentRequest, message: linkRequestMessages.sent }]
          : [409, { message, errors: [{ path: 'document_number', message }] }];
      }),
    );
    const u = userEvent.setup();
    const dialog = await typeNewTrainer(u);
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    const offer = await within(dialog).findByRole('button', { name: 'Enviar solicitud' });
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toMatchObject({ link_existing: false });
    const listed = calls.filter(({ method, path }) => method === 'GET' && path === LIST).length;
    await u.click(offer);

    expect(await screen.findByText(linkRequestMessages.sent)).toBeVisible();
    expect(screen.queryByText('Entrenador creado')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nobody joined: the grid is not asked again, Marta is not in it.
    expect(calls.filter(({ method, path }) => method === 'GET' && path === LIST)).toHaveLength(
      listed,
    );
    expect(within(screen.getByRole('grid')).queryByText('Marta Ríos')).toBeNull();
    expect(posts(calls)).toHaveLength(2);
    expect(posts(calls)[1]!.body).toMatchObject({
      document_type: 'CC',
      document_number: '1020304050',
      link_existing: true,
    });
  });

  it('shows the live check and cannot save someone who already is a trainer here', async () => {
    const already = {
      status: 'in_club',
      name: 'Ana Pérez',
      roles: ['Entrenador'],
      already: true,
      message: 'Ana Pérez ya es entrenador de este club',
    };
    const { calls } = renderScreen(
      clubServer(({ path, query }) =>
        path === CHECK && query.number === '52123456' ? [200, { data: already }] : undefined,
      ),
    );
    const u = userEvent.setup();
    const dialog = await typeNewTrainer(u, '52123456');

    expect(await within(dialog).findByText(already.message)).toBeVisible();
    expect(calls.find(({ path }) => path === CHECK)!.query).toEqual({
      type: 'CC',
      number: '52123456',
      clubId: '1',
      typeUser: 'trainer',
    });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    // Enter in a field does not send it either.
    await u.type(within(dialog).getByLabelText('Correo electrónico'), '{Enter}');
    expect(posts(calls)).toHaveLength(0);
  });

  it('offers the request as soon as the document belongs to a person elsewhere', async () => {
    const elsewhere = {
      status: 'elsewhere',
      name: null,
      roles: [],
      already: false,
      message: 'Ya existe una persona con ese documento. Puedes enviarle una solicitud.',
    };
    const { calls } = renderScreen(
      clubServer(({ method, path, query }) => {
        if (path === CHECK && query.number === '1020304050') return [200, { data: elsewhere }];
        if (method === 'POST' && path === LIST)
          return [202, { data: sentRequest, message: linkRequestMessages.sent }];
        return undefined;
      }),
    );
    const u = userEvent.setup();
    const dialog = await typeNewTrainer(u);

    expect(await within(dialog).findByText(elsewhere.message)).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(within(dialog).getByText(REQUEST_WILL_BE_SENT)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Nombre/)).toBeDisabled();
    expect(within(dialog).getByLabelText('Número de documento')).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(linkRequestMessages.sent)).toBeVisible();
    expect(posts(calls)[0]!.body).toMatchObject({
      document_number: '1020304050',
      link_existing: true,
    });
  });

  it('edits only the categories of a trainer who has an account', async () => {
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'PATCH' ? [200, { data: { ...luis, ...(body as object) } }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Luis Gómez');

    await u.click(screen.getByRole('button', { name: 'Editar Luis Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar entrenador' });
    expect(within(dialog).getByText(IDENTITY_LOCKED_NOTICE)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Nombre/)).toBeDisabled();
    await u.click(within(dialog).getByLabelText('Categorías'));
    await u.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Sub-10' }),
    );
    await u.keyboard('{Escape}');
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Entrenador actualizado')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/12`,
      query: {},
      body: { category_ids: [3] },
    });
  });

  it('locks the identity of a trainer who belongs to another club, saying who changes it', async () => {
    const elsewhereAna = { ...ana, identity_editable: false };
    const { calls } = renderScreen(
      clubServer(({ method, path, body }) => {
        if (method === 'GET' && path === LIST) return [200, { data: [elsewhereAna], total: 1 }];
        return method === 'PATCH'
          ? [200, { data: { ...elsewhereAna, ...(body as object) } }]
          : undefined;
      }),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Pérez');

    await u.click(screen.getByRole('button', { name: 'Editar Ana Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar entrenador' });
    expect(within(dialog).getByText(IDENTITY_LOCKED_NOTICE)).toBeVisible();
    for (const label of [/^Nombre/, /^Apellido/, /^Número de documento/, /^Correo electrónico/]) {
      const input = within(dialog).getByLabelText(label);
      expect(input).toBeDisabled();
      expect(
        document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!),
      ).toHaveTextContent(IDENTITY_LOCKED_HELPER);
    }
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Entrenador actualizado')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/11`,
      query: {},
      body: { category_ids: [2] },
    });
  });

  it('switches a trainer on at once and reads the list again', async () => {
    let luisStatus = 'inactive';
    const { calls } = renderScreen(
      clubServer(({ method, path }) => {
        if (method === 'PATCH' && path === `${LIST}/12/status`) {
          luisStatus = 'active';
          return [200, { data: { ...luis, status: 'active' } }];
        }
        if (method === 'GET' && path === LIST) {
          return [200, { data: [ana, { ...luis, status: luisStatus }], total: 2 }];
        }
        return undefined;
      }),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Luis Gómez');

    await u.click(within(grid).getByRole('switch', { name: 'Estado de Luis Gómez' }));

    expect(await screen.findByText('Estado de Luis Gómez: Activo')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: `${LIST}/12/status`,
      query: {},
      body: { status: 'active' },
    });
    expect(calls.filter(({ method, path }) => method === 'GET' && path === LIST)).toHaveLength(2);
    expect(within(grid).getByRole('switch', { name: 'Estado de Luis Gómez' })).toBeChecked();
  });

  it('asks before taking a trainer out of the club and says it is done', async () => {
    const { calls } = renderScreen(
      clubServer(({ method }) => (method === 'DELETE' ? [204, null] : undefined)),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Pérez');

    await u.click(screen.getByRole('button', { name: 'Eliminar Ana Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Ana Pérez?' });
    expect(
      within(dialog).getByText(
        'Ana Pérez dejará de ser entrenador del club. Su historial se conserva.',
      ),
    ).toBeVisible();
    expect(calls.filter(({ method }) => method === 'DELETE')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Ana Pérez ya no es entrenador del club')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `${LIST}/11`,
      query: {},
      body: undefined,
    });
  });

  it('invites to add the first trainer when the club has none', async () => {
    renderScreen(
      clubServer(({ path, method }) =>
        path === LIST && method === 'GET' ? [200, { data: [], total: 0 }] : undefined,
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Agrega tu primer entrenador' }),
    ).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows no add, edit or delete, and a disabled switch, to someone who only views', async () => {
    const viewer = userWithRole('Propietario del Club', {
      permissions: ['trainers.view'],
      permissions_by_module: { trainers: ['view'] },
    });
    renderScreen(clubServer(), viewer);

    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Ana Pérez')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar Ana Pérez' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar Ana Pérez' })).toBeNull();
    expect(within(grid).getByRole('switch', { name: 'Estado de Ana Pérez' })).toBeDisabled();
  });

  it('shows each trainer as a card on a phone', async () => {
    windowWidth(390);
    renderScreen(clubServer());

    const cards = await screen.findByRole('list', { name: 'Entrenadores del club' });
    const card = (await within(cards).findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Ana Pérez')).toBeVisible();
    expect(within(card).getByText('Invitación pendiente')).toBeVisible();
    expect(within(card).getByRole('switch', { name: 'Estado de Ana Pérez' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Editar Ana Pérez' })).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
