import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuardianInviteResponse } from '../../contract/parents.schema';
import type { Player, PlayerDetail } from '../../contract/players.schema';
import type { RoleName } from '../../contract/roles.schema';
import { PlayersScreen } from '../../src/screens/players/players-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const thisYear = new Date().getFullYear();

/** A minor of the club (12 this year) with a guardian captured on the player. */
const player = (id: number, name: string, lastname: string, adult = false): Player => ({
  id,
  name,
  lastname,
  email: null,
  phone: null,
  document_type: adult ? 'CC' : 'TI',
  document_number: `10234567${id}0`,
  birth_date: adult ? '1995-07-01' : `${thisYear - 12}-01-01`,
  gender: 'male',
  photo_url: null,
  has_account: false,
  status: 'active',
  category: null,
  position: null,
  jersey_number: null,
  enrollment_date: null,
  guardian_name: adult ? null : 'Marta Gómez',
  guardian_phone: adult ? null : '3001234567',
  joined_at: '2026-02-01T00:00:00.000Z',
  photo_consent: { internal: false, public_web: false, social: false },
});
const juan = player(1, 'Juan', 'Gómez');
const luis = player(2, 'Luis', 'Pardo');
const laura = player(4, 'Laura', 'Ríos', true);
const juanDetail: PlayerDetail = {
  ...juan,
  identity_editable: true,
  dominant_foot: null,
  payment_modality: null,
  eps: null,
  blood_type: null,
  allergies: null,
  emergency_contact_name: null,
  emergency_contact_phone: null,
  guardian_email: 'marta.gomez@correo.co',
  guardian_relationship: 'mother',
};

const LIST = '/api/pla_club_teams/1/players';

/** The club's players, Juan's detail, and `invite` answering POST /api/parents/invite. */
const server =
  (invite: GuardianInviteResponse): ServerHandler =>
  (call) => {
    if (call.method === 'GET' && call.path === LIST) {
      return [200, { data: [juan, luis, laura], total: 3 }];
    }
    if (call.method === 'GET' && call.path === `${LIST}/1`) return [200, { data: juanDetail }];
    if (call.method === 'GET' && call.path.endsWith('/categories'))
      return [200, { data: [], total: 0 }];
    if (call.method === 'POST' && call.path === '/api/parents/invite') {
      return [201, { data: invite }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };

const renderScreen = (handler: ServerHandler, role: RoleName = 'Propietario del Club') =>
  renderRoutes('/home/players', [{ path: '/home/players', element: <PlayersScreen /> }], {
    user: userWithRole(role),
    api: handler,
  });

const invites = (calls: ServerCall[]) =>
  calls.filter(({ method, path }) => method === 'POST' && path === '/api/parents/invite');

describe('Invitar acudiente', { timeout: 30_000 }, () => {
  it('invites one minor’s guardian at the e-mail captured on the player, editable', async () => {
    const { calls } = renderScreen(
      server({ sent: [{ email: 'marta@otro.co', player_ids: [1] }], skipped: [] }),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    await within(grid).findByText('Juan Gómez');
    // An adult's row offers no guardian to invite.
    expect(
      within(grid).queryByRole('button', { name: 'Invitar acudiente de Laura Ríos' }),
    ).toBeNull();

    await u.click(within(grid).getByRole('button', { name: 'Invitar acudiente de Juan Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar acudiente' });
    const email = await within(dialog).findByLabelText(/Correo del acudiente/);
    expect(email).toHaveValue('marta.gomez@correo.co');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Autorizar el vínculo al registrarse' }),
    ).toBeChecked();
    await u.clear(email);
    await u.type(email, 'Marta@Otro.co');
    await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    expect(await screen.findByText('Se envió 1 invitación de acudiente.')).toBeVisible();
    expect(invites(calls).map(({ body }) => body)).toEqual([
      { club_id: 1, player_ids: [1], email: 'marta@otro.co', authorize: true },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Invitar acudiente' })).toBeNull();
  });

  it('refuses a wrong e-mail before asking the server', async () => {
    const { calls } = renderScreen(server({ sent: [], skipped: [] }));
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    await u.click(
      await within(grid).findByRole('button', { name: 'Invitar acudiente de Juan Gómez' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invitar acudiente' });
    const email = await within(dialog).findByLabelText(/Correo del acudiente/);
    await u.clear(email);
    await u.type(email, 'marta-sin-arroba');
    await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    expect(await within(dialog).findByText('El correo no es válido')).toBeVisible();
    expect(invites(calls)).toEqual([]);
  });

  it('invites the selected players’ guardians and says whom it skipped and why', async () => {
    const { calls } = renderScreen(
      server({
        sent: [{ email: 'marta.gomez@correo.co', player_ids: [1] }],
        skipped: [
          { player_id: 2, reason: 'already_linked' },
          { player_id: 4, reason: 'no_email' },
        ],
      }),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    await within(grid).findByText('Juan Gómez');
    for (const row of within(grid).getAllByRole('checkbox', { name: /Seleccionar fila/i })) {
      await u.click(row);
    }
    const bar = screen.getByRole('region', { name: 'Acciones sobre los jugadores seleccionados' });
    expect(within(bar).getByText('3 jugadores seleccionados')).toBeVisible();
    await u.click(within(bar).getByRole('button', { name: 'Invitar acudiente' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invitar acudiente' });
    expect(
      within(dialog).getByText(
        '3 jugadores seleccionados. Se usará el correo de acudiente de cada jugador.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByLabelText(/Correo del acudiente/)).toBeNull();
    await u.click(
      within(dialog).getByRole('checkbox', { name: 'Autorizar el vínculo al registrarse' }),
    );
    await u.click(within(dialog).getByRole('button', { name: 'Enviar invitaciones' }));

    expect(
      await screen.findByText(
        'Se envió 1 invitación de acudiente. Sin invitar: Luis Pardo (ya vinculado), Laura Ríos (sin correo de acudiente).',
      ),
    ).toBeVisible();
    expect(invites(calls).map(({ body }) => body)).toEqual([
      { club_id: 1, player_ids: [1, 2, 4], authorize: false },
    ]);
  });

  it('says nothing was sent when the server skipped every player', async () => {
    renderScreen(server({ sent: [], skipped: [{ player_id: 1, reason: 'not_a_player' }] }));
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    await u.click(
      await within(grid).findByRole('button', { name: 'Invitar acudiente de Juan Gómez' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invitar acudiente' });
    await within(dialog).findByLabelText(/Correo del acudiente/);
    await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    expect(
      await screen.findByText(
        'No se envió ninguna invitación. Sin invitar: Juan Gómez (no es jugador del club).',
      ),
    ).toBeVisible();
  });

  it('offers neither the row action nor the selection without players.update', async () => {
    renderScreen(server({ sent: [], skipped: [] }), 'Entrenador');
    const grid = await screen.findByRole('grid', { name: 'Jugadores del club' });
    await within(grid).findByText('Juan Gómez');
    expect(within(grid).queryByRole('button', { name: /Invitar acudiente/ })).toBeNull();
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
  });
});
