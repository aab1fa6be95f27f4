import { profileMessages } from '../../contract/profile.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../contract/categories.schema';
import { peopleMessages } from '../../contract/people.schema';
import { type PlayerDetail, playerMessages } from '../../contract/players.schema';
import { type ClubLinkRequest, linkRequestMessages } from '../../contract/link-requests.schema';
import {
  IDENTITY_LOCKED_HELPER,
  IDENTITY_LOCKED_NOTICE,
  REQUEST_WILL_BE_SENT,
} from '../../src/components/person/identity-lock';
import { PlayerFormScreen } from '../../src/screens/players/player-form-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

const thisYear = new Date().getFullYear();
/** Born on 1 January: ten years old on any day of this year. */
const CHILD_YEAR = thisYear - 10;

const category = (id: number, name: string, from: number, to: number): Category => ({
  id,
  club_id: 1,
  name,
  sport: 'Fútbol',
  gender: 'mixed',
  birth_year_from: from,
  birth_year_to: to,
  status: 'active',
  trainers: [],
  player_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const sub10 = category(2, 'Sub-10', CHILD_YEAR - 1, CHILD_YEAR);
const sub14 = category(3, 'Sub-14', CHILD_YEAR - 4, CHILD_YEAR - 3);

const PLAYERS = '/api/pla_club_teams/1/players';
const FREE = '1023456789';
const ELSEWHERE = '1099887766';
const ELSEWHERE_MESSAGE =
  'Ese documento es de una persona registrada. Puedes enviarle una solicitud (marca «Enviar solicitud»).';

const sentRequest: ClubLinkRequest = {
  id: 5,
  kind: 'player',
  status: 'pending',
  typed_name: 'Camilo Rojas',
  typed_document_type: 'CC',
  typed_document_number: ELSEWHERE,
  typed_email: null,
  requested_by_name: 'Pedro Propietario',
  requested_at: '2026-12-01T10:00:00.000Z',
  expires_at: '2026-12-15T10:00:00.000Z',
  decided_at: null,
};

const detail = (body: Record<string, unknown>): PlayerDetail => ({
  id: 40,
  name: String(body.name),
  lastname: String(body.lastname),
  email: null,
  phone: null,
  document_type: 'TI',
  document_number: FREE,
  birth_date: String(body.birth_date),
  gender: 'male',
  photo_url: null,
  has_account: false,
  identity_editable: true,
  status: 'active',
  category: null,
  position: null,
  jersey_number: null,
  enrollment_date: null,
  guardian_name: null,
  guardian_phone: null,
  joined_at: '2026-11-24T00:00:00.000Z',
  photo_consent: { internal: false, public_web: false, social: false },
  dominant_foot: null,
  payment_modality: null,
  eps: null,
  blood_type: null,
  allergies: null,
  emergency_contact_name: null,
  emergency_contact_phone: null,
  guardian_email: null,
  guardian_relationship: null,
});

/** Club 1's categories, the proposals, the document check and the create; `extra` first. */
function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/pla_club_teams/1/categories') {
      return [200, { data: [sub10, sub14], total: 2 }];
    }
    if (call.path.startsWith('/api/pla_club_teams/1/categories-birthday/')) {
      return [200, { data: call.path.includes(`/${CHILD_YEAR}-`) ? [sub10] : [] }];
    }
    if (call.path === '/api/validate-document') {
      const elsewhere = call.query.number === ELSEWHERE;
      return [
        200,
        {
          data: {
            status: elsewhere ? 'elsewhere' : 'free',
            name: null,
            roles: [],
            already: false,
            message: elsewhere ? ELSEWHERE_MESSAGE : 'Documento disponible',
          },
        },
      ];
    }
    if (call.path.endsWith('/photo') && call.method === 'POST') {
      return [200, { data: detail({ name: 'Camilo', photo_url: '/api/files/photos/1-x.webp' }) }];
    }
    if (call.path === PLAYERS && call.method === 'POST') {
      return [201, { data: detail(call.body as Record<string, unknown>) }];
    }
    if (call.path === PLAYERS) return [200, { data: [], total: 0 }];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderForm = (api: ServerHandler = clubServer()) =>
  renderRoutes(
    '/home/player-create',
    [
      { path: '/home/player-create/:playerId?', element: <PlayerFormScreen /> },
      { path: '/home/players', element: <h1>Lista de jugadores</h1> },
    ],
    { user: userWithRole('Propietario del Club'), api },
  );

async function choose(u: User, label: string, option: string) {
  await u.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await u.click(await screen.findByRole('option', { name: option }));
}

/** Puts `text` in a text field at once (as a paste): each key of a long text re-renders the page. */
async function fill(u: User, label: RegExp, text: string) {
  await u.click(await screen.findByLabelText(label));
  await u.paste(text);
}

/** The picker's sections sit on a hidden input that takes a whole typed date. */
const typeBirthDate = (ddmmyyyy: string) =>
  fireEvent.change(document.getElementById('field-birth_date')!, { target: { value: ddmmyyyy } });

/** Name, birth date, gender and document: what every player needs. */
async function fillPerson(u: User, birth: string, document = FREE, type = 'Tarjeta de identidad') {
  await fill(u, /^Nombre/, 'Camilo');
  await fill(u, /^Apellido/, 'Rojas');
  typeBirthDate(birth);
  await choose(u, 'Género', 'Masculino');
  await choose(u, 'Tipo de documento', type);
  await fill(u, /^Número de documento/, document);
}

const save = (u: User) => u.click(screen.getByRole('button', { name: 'Crear jugador' }));
const posts = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'POST' && path === PLAYERS);
const helperOf = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  return document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!);
};

// A long form of MUI fields: on a loaded 2-core machine a test takes several seconds.
describe('player form', { timeout: 30_000 }, () => {
  it('refuses to save a minor without a guardian, the message on the guardian fields', async () => {
    const { calls } = renderForm();
    const u = userEvent.setup();
    await fillPerson(u, `01/01/${CHILD_YEAR}`);

    expect(await screen.findByRole('heading', { name: 'Acudiente' })).toBeVisible();
    await save(u);

    await waitFor(() =>
      expect(helperOf(/^Nombre del acudiente/)).toHaveTextContent(playerMessages.guardianRequired),
    );
    expect(helperOf(/^Teléfono del acudiente/)).toHaveTextContent(playerMessages.guardianRequired);
    expect(screen.getByLabelText(/^Nombre del acudiente/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a future birth date on its field', async () => {
    const { calls } = renderForm();
    const u = userEvent.setup();
    await fillPerson(u, `15/03/${thisYear + 2}`, '52123456', 'Cédula de ciudadanía');

    await save(u);

    expect(await screen.findByText(peopleMessages.futureBirthDate)).toBeVisible();
    expect(document.getElementById('field-birth_date-helper-text')).toHaveTextContent(
      peopleMessages.futureBirthDate,
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it('offers «Enviar solicitud» for a person registered elsewhere; the 202 is a request, not a player', async () => {
    const { calls } = renderForm(
      clubServer(({ method, path, body }) =>
        method === 'POST' && path === PLAYERS && (body as { link_existing?: boolean }).link_existing
          ? [202, { data: sentRequest, message: linkRequestMessages.sent }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    await fillPerson(u, '01/07/1995', ELSEWHERE, 'Cédula de ciudadanía');

    const send = await screen.findByRole('button', { name: 'Enviar solicitud' });
    expect(screen.getByText(ELSEWHERE_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Vincular a esta persona' })).toBeNull();
    // Only the check of this document: a check the previous test left waiting may land too.
    const check = calls.find(
      ({ path, query }) => path === '/api/validate-document' && query.number === ELSEWHERE,
    );
    expect(check!.query).toEqual({
      type: 'CC',
      number: ELSEWHERE,
      clubId: '1',
      typeUser: 'player',
    });
    await u.click(send);
    expect(screen.getByLabelText(/^Nombre/)).toBeDisabled();
    expect(screen.getByText(REQUEST_WILL_BE_SENT)).toBeVisible();
    await save(u);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      document_type: 'CC',
      document_number: ELSEWHERE,
      link_existing: true,
    });
    // The server's message, not 'Jugador creado'; back to the grid, no photo sent for no one.
    expect(await screen.findByText(linkRequestMessages.sent)).toBeVisible();
    expect(screen.queryByText('Jugador creado')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Lista de jugadores' })).toBeVisible();
  });

  it('locks the identity fields of a person who is not the club’s to edit, saying who changes them', async () => {
    const locked = {
      ...detail({ name: 'Sara', lastname: 'Gómez', birth_date: '2010-03-02' }),
      id: 41,
      identity_editable: false,
    };
    const { calls } = renderRoutes(
      '/home/player-create/41',
      [
        { path: '/home/player-create/:playerId?', element: <PlayerFormScreen /> },
        { path: '/home/players', element: <h1>Lista de jugadores</h1> },
      ],
      {
        user: userWithRole('Propietario del Club'),
        api: clubServer(({ method, path }) => {
          if (path === `${PLAYERS}/41` && method === 'GET') return [200, { data: locked }];
          if (path === `${PLAYERS}/41` && method === 'PATCH') return [200, { data: locked }];
          if (path === `${PLAYERS}/41/guardians`) return [200, { data: [] }];
          return undefined;
        }),
      },
    );
    const u = userEvent.setup();

    expect(await screen.findByText(IDENTITY_LOCKED_NOTICE)).toBeVisible();
    for (const field of ['name', 'lastname', 'email', 'document_number']) {
      expect(document.getElementById(`field-${field}`)).toBeDisabled();
    }
    for (const field of ['name', 'lastname', 'email', 'document_number', 'gender', 'birth_date']) {
      expect(document.getElementById(`field-${field}-helper-text`)).toHaveTextContent(
        IDENTITY_LOCKED_HELPER,
      );
    }
    expect(screen.getByRole('combobox', { name: /^Género/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await u.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(calls.filter(({ method }) => method === 'PATCH')).toHaveLength(1));
    const sent = calls.find(({ method }) => method === 'PATCH')!.body as Record<string, unknown>;
    for (const field of ['name', 'lastname', 'document_number', 'birth_date', 'gender', 'email']) {
      expect(sent).not.toHaveProperty(field);
    }
  });

  it("reads an edited player's own document as his, never as free or taken", async () => {
    const own = {
      ...detail({ name: 'Sara', lastname: 'Gómez', birth_date: '2010-03-02' }),
      id: 42,
    };
    const { calls } = renderRoutes(
      '/home/player-create/42',
      [{ path: '/home/player-create/:playerId?', element: <PlayerFormScreen /> }],
      {
        user: userWithRole('Propietario del Club'),
        api: clubServer(({ method, path, query }) => {
          if (path === `${PLAYERS}/42` && method === 'GET') return [200, { data: own }];
          if (path === `${PLAYERS}/42/guardians`) return [200, { data: [] }];
          if (path === '/api/validate-document') {
            // As the server answers: the edited person's own document is 'own'.
            const mine = query.personId === '42';
            const data = mine
              ? {
                  status: 'own',
                  name: null,
                  roles: [],
                  already: false,
                  message: 'Documento de este jugador.',
                }
              : {
                  status: 'in_club',
                  name: 'Sara Gómez',
                  roles: ['Jugador'],
                  already: true,
                  message: 'Sara Gómez ya es jugador de este club.',
                };
            return [200, { data }];
          }
          return undefined;
        }),
      },
    );

    expect(await screen.findByText('Documento de este jugador.')).toBeVisible();
    expect(screen.queryByText(/no está registrado|ya es jugador|ya existe/i)).toBeNull();
    const checks = calls.filter(({ path }) => path === '/api/validate-document');
    expect(checks.every(({ query }) => query.personId === '42')).toBe(true);
  });

  it('sends the chosen photo once the player is saved, and refuses a file that is not an image', async () => {
    const { calls } = renderForm();
    const u = userEvent.setup({ applyAccept: false });
    await fillPerson(u, '01/07/1995', FREE, 'Cédula de ciudadanía');

    const input = screen.getByLabelText('Elegir foto');
    await u.upload(input, new File(['texto'], 'notas.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(profileMessages.photoWrongType);
    await u.upload(input, new File([new Uint8Array(64)], 'cara.png', { type: 'image/png' }));
    expect(screen.getByRole('button', { name: 'Quitar' })).toBeVisible();
    await save(u);

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const created = detail(posts(calls)[0]!.body as Record<string, unknown>);
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'POST', path: `${PLAYERS}/${created.id}/photo` }),
      ),
    );
    expect(await screen.findByText('Jugador creado')).toBeVisible();
  });

  it("gives the new player the discounts chosen in 'Descuentos', once the player is saved", async () => {
    const beca = {
      id: 5,
      name: 'Beca',
      description: null,
      kind: 'percentage',
      value: 50,
      third_value: null,
      status: 'active',
      player_count: 0,
      created_at: '2026-11-01T00:00:00.000Z',
    };
    const { calls } = renderForm(
      clubServer(({ method, path, body }) => {
        if (path === '/api/pla_club_teams/1/discounts') return [200, { data: [beca], total: 1 }];
        if (method === 'PATCH' && path === '/api/pla_club_teams/1/discounts/5/players')
          return [200, { data: { added: (body as { add: number[] }).add, removed: [] } }];
        return undefined;
      }),
    );
    const u = userEvent.setup();
    await fillPerson(u, '01/07/1995', FREE, 'Cédula de ciudadanía');
    await u.click(screen.getByRole('combobox', { name: 'Descuentos' }));
    await u.click(await screen.findByRole('option', { name: 'Beca' }));
    await save(u);

    expect(await screen.findByText('Jugador creado')).toBeVisible();
    const created = detail(posts(calls)[0]!.body as Record<string, unknown>);
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: '/api/pla_club_teams/1/discounts/5/players',
      query: {},
      body: { add: [created.id], remove: [] },
    });
  });

  it('asks for the categories a birth date and gender fit and picks the only one', async () => {
    const { calls } = renderForm();
    const u = userEvent.setup();
    await fillPerson(u, `01/01/${CHILD_YEAR}`);

    const proposals = await screen.findByRole('group', { name: /Categorías según/ });
    expect(within(proposals).getByRole('button', { name: 'Sub-10' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.map(({ path }) => path)).toContain(
      `/api/pla_club_teams/1/categories-birthday/${CHILD_YEAR}-01-01/gender/male`,
    );
    expect(screen.getByRole('combobox', { name: /^Categoría/ })).toHaveTextContent('Sub-10');

    await fill(u, /^Nombre del acudiente/, 'Marta Rojas');
    await fill(u, /^Teléfono del acudiente/, '3001234567');
    await save(u);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      category_id: 2,
      birth_date: `${CHILD_YEAR}-01-01`,
      guardian_name: 'Marta Rojas',
      guardian_phone: '3001234567',
      link_existing: false,
    });
  });

  it('puts a 409 on document_number under the document field', async () => {
    const refusal = 'Esa persona ya es jugador del club';
    renderForm(
      clubServer(({ method, path }) =>
        method === 'POST' && path === PLAYERS
          ? [409, { message: refusal, errors: [{ path: 'document_number', message: refusal }] }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    await fillPerson(u, '01/07/1995', '52123456', 'Cédula de ciudadanía');

    await save(u);

    await waitFor(() => expect(helperOf(/^Número de documento/)).toHaveTextContent(refusal));
    expect(screen.getByLabelText(/^Número de documento/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Jugador creado')).toBeNull();
  });

  it("shows the plan's limit with 'Actualizar a Pro' when the club is full", async () => {
    const refusal =
      'Tu plan Gratis permite hasta 200 jugadores activos. Actualiza a Pro para agregar más.';
    renderForm(
      clubServer(({ method, path }) =>
        method === 'POST' && path === PLAYERS
          ? [409, { message: refusal, errors: [{ path: 'plan_limit', message: refusal }] }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    await fillPerson(u, '01/07/1995', '52123457', 'Cédula de ciudadanía');

    await save(u);

    const alerts = await screen.findAllByRole('alert');
    const alert = alerts.find((each) => each.textContent?.includes(refusal));
    expect(alert).toBeDefined();
    // Said once, in the plan's alert (not again as a generic error).
    expect(screen.getAllByText(refusal, { exact: false })).toHaveLength(1);
    await u.click(within(alert!).getByRole('button', { name: 'Actualizar a Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Actualizar a Pro' })).toBeVisible();
  });
});
