import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClubInvitation } from '../../contract/invitations.schema';
import { memberMessages, type Member } from '../../contract/members.schema';
import { MembersScreen } from '../../src/screens/members/members-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole, userWithoutClub } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const roles = [
  { id: 1, name: 'Super Admin', priority: 100 },
  { id: 2, name: 'Propietario del Club', priority: 90 },
  { id: 3, name: 'Contador', priority: 80 },
  { id: 4, name: 'Entrenador', priority: 70 },
];
const member = (id: number, name: string, lastname: string, role = roles[3]!): Member => ({
  user_id: id,
  name,
  lastname,
  email: `${name.toLowerCase()}@demo.club`,
  roles: [{ id: role.id, name: role.name }],
  joined_at: '2026-03-05T15:00:00.000Z',
});
const ana = member(10, 'Ana', 'Gómez');
const beto = member(11, 'Beto', 'Ruiz', roles[1]);
const pending: ClubInvitation = {
  id: 7,
  email: 'pendiente@demo.club',
  role: { id: 3, name: 'Contador' },
  type: 'accountant',
  status: 'pending',
  invited_by: 'Pedro Propietario',
  created_at: '2026-11-20T00:00:00.000Z',
  expires_at: '2026-11-27T00:00:00.000Z',
};

/** The members, roles and invitations endpoints of club 1; `extra` answers anything else first. */
function clubServer(extra?: (call: ServerCall) => [number, unknown] | undefined): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/admin/roles') return [200, { data: roles }];
    if (call.path === '/api/pla_club_teams/1/invitations') return [200, { data: [pending] }];
    if (call.path === '/api/pla_club_teams/1/members') {
      const page = Number(call.query.page);
      return [200, { data: page === 2 ? [beto] : [ana], total: 40 }];
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler, user = userWithRole('Propietario del Club')) =>
  renderRoutes(
    '/home/admin/users-roles',
    [{ path: '/home/admin/users-roles', element: <MembersScreen /> }],
    { user, api },
  );

const memberCalls = (calls: ServerCall[]) =>
  calls.filter(({ path, method }) => method === 'GET' && path.endsWith('/members'));

describe('members screen (users-roles)', () => {
  it("shows the day a member joined in the club's zone, not the browser's (UTC here)", async () => {
    // 03:30 UTC on 7 December is 22:30 of the 6th in Bogotá and 04:30 of the 7th in Madrid.
    const late = { ...ana, joined_at: '2026-12-07T03:30:00.000Z' };
    const choices = (timezone: string) => (call: ServerCall) =>
      call.path === '/api/pla_club_teams/1/members'
        ? ([200, { data: [late], total: 1 }] as [number, unknown])
        : call.path === '/api/pla_club_teams/1/sessions/choices'
          ? ([200, { categories: [], can_manage_club_wide: false, trainers: [], timezone }] as [
              number,
              unknown,
            ])
          : undefined;

    const bogota = renderScreen(clubServer(choices('America/Bogota')));
    expect(await within(await screen.findByRole('grid')).findByText('06/12/2026')).toBeVisible();
    bogota.unmount();
    localStorage.clear();

    renderScreen(clubServer(choices('Europe/Madrid')));
    expect(await within(await screen.findByRole('grid')).findByText('07/12/2026')).toBeVisible();
  });

  it('lists the club’s members from the server, one page at a time', async () => {
    const { calls } = renderScreen(clubServer());

    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Ana Gómez')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Asignación de Roles a Usuarios' }),
    ).toBeVisible();
    expect(within(grid).getByText('ana@demo.club')).toBeVisible();
    expect(within(grid).getByText('Entrenador')).toBeVisible();
    expect(within(grid).getByText('05/03/2026')).toBeVisible();
    expect(memberCalls(calls)[0]!.query).toEqual({ page: '1', pageSize: '25', sort: 'name' });
    // The pending invitations are listed under the grid.
    const list = await screen.findByRole('list', { name: 'Invitaciones pendientes' });
    expect(within(list).getByText('pendiente@demo.club')).toBeVisible();
    expect(within(list).getByText('Contador')).toBeVisible();
  });

  it('asks the server for page 2', async () => {
    const { calls } = renderScreen(clubServer());
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Ana Gómez');

    await userEvent.setup().click(screen.getByRole('button', { name: /página siguiente/i }));

    expect(await within(grid).findByText('Beto Ruiz')).toBeVisible();
    expect(memberCalls(calls).at(-1)!.query.page).toBe('2');
  });

  it('sends the search to the server after the person stops typing', async () => {
    const { calls } = renderScreen(clubServer());
    await within(await screen.findByRole('grid')).findByText('Ana Gómez');

    await userEvent.setup().type(screen.getByLabelText('Buscar por nombre o correo'), 'gómez');

    await waitFor(() => expect(memberCalls(calls).at(-1)!.query.q).toBe('gómez'));
    // Debounced: one request for the whole word, not one per key.
    expect(memberCalls(calls).filter(({ query }) => query.q)).toHaveLength(1);
    expect(memberCalls(calls).at(-1)!.query.page).toBe('1');
  });

  it('saves the checked roles and says so', async () => {
    const { calls } = renderScreen(
      clubServer(({ method }) =>
        method === 'PUT'
          ? [200, { data: { ...ana, roles: [{ id: 3, name: 'Contador' }] } }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Gómez');

    await u.click(screen.getByRole('button', { name: 'Cambiar roles de Ana Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles de Ana Gómez' });
    // Super Admin is not assigned in a club.
    expect(within(dialog).queryByRole('checkbox', { name: 'Super Admin' })).toBeNull();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Entrenador' }));
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(within(dialog).getByText(memberMessages.atLeastOneRole)).toBeVisible();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Contador' }));
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Roles de Ana Gómez actualizados')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/api/pla_club_teams/1/members/10/roles',
      query: {},
      body: { role_ids: [3] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The grid asks again.
    await waitFor(() => expect(memberCalls(calls).length).toBeGreaterThan(1));
  });

  it('keeps the dialog open with the server’s reason when it refuses', async () => {
    renderScreen(
      clubServer(({ method }) =>
        method === 'PUT' ? [422, { message: memberMessages.lastOwner }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Gómez');

    await u.click(screen.getByRole('button', { name: 'Cambiar roles de Ana Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles de Ana Gómez' });
    await u.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText(memberMessages.lastOwner)).toBeVisible();
  });

  it('invites by e-mail and shows the link to copy', async () => {
    const url = `http://localhost/invitation/${'b'.repeat(64)}`;
    const { calls } = renderScreen(
      clubServer(({ method, body }) =>
        method === 'POST'
          ? [
              201,
              {
                data: {
                  ...pending,
                  id: 8,
                  email: (body as { email: string }).email,
                  role: { id: 4, name: 'Entrenador' },
                  type: 'trainer',
                  invitation_url: url,
                },
              },
            ]
          : undefined,
      ),
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Gómez');

    await u.click(screen.getByRole('button', { name: 'Invitar usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar usuario' });
    await u.type(within(dialog).getByLabelText('Correo'), 'nuevo@demo.club');
    await u.click(within(dialog).getByLabelText('Rol'));
    await u.click(await screen.findByRole('option', { name: 'Entrenador' }));
    await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    expect(
      await within(dialog).findByText(
        'Le enviamos un correo a nuevo@demo.club. El enlace vence en 7 días.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('Invitación enviada a nuevo@demo.club')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/pla_club_teams/1/invitations',
      query: {},
      body: { email: 'nuevo@demo.club', role_id: 4 },
    });
    expect(within(dialog).getByLabelText('Enlace de invitación')).toHaveValue(url);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await u.click(within(dialog).getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('shows the server’s field error on the field', async () => {
    const message = 'Esa persona ya tiene ese rol en el club';
    renderScreen(
      clubServer(({ method }) =>
        method === 'POST' ? [409, { message, errors: [{ path: 'email', message }] }] : undefined,
      ),
    );
    const u = userEvent.setup();
    await within(await screen.findByRole('grid')).findByText('Ana Gómez');

    await u.click(screen.getByRole('button', { name: 'Invitar usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitar usuario' });
    await u.type(within(dialog).getByLabelText('Correo'), 'ana@demo.club');
    await u.click(within(dialog).getByLabelText('Rol'));
    await u.click(await screen.findByRole('option', { name: 'Entrenador' }));
    await u.click(within(dialog).getByRole('button', { name: 'Enviar invitación' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Correo')).toHaveAccessibleDescription(message),
    );
  });

  it('asks before revoking a pending invitation', async () => {
    const { calls } = renderScreen(
      clubServer(({ method }) => (method === 'DELETE' ? [204, null] : undefined)),
    );
    const u = userEvent.setup();

    await u.click(
      await screen.findByRole('button', { name: 'Anular la invitación de pendiente@demo.club' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: '¿Anular la invitación de pendiente@demo.club?',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Anular' }));

    expect(await screen.findByText('Invitación a pendiente@demo.club anulada')).toBeVisible();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: '/api/pla_club_teams/1/invitations/7',
      query: {},
      body: undefined,
    });
  });

  it('says which page to visit when no club is selected', async () => {
    renderScreen(clubServer(), userWithoutClub());

    expect(await screen.findByRole('link', { name: 'Club / Equipo' })).toHaveAttribute(
      'href',
      '/home/club-team',
    );
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('offers to retry when the members cannot be loaded', async () => {
    let failing = true;
    renderScreen(
      clubServer(({ path }) =>
        failing && path.endsWith('/members')
          ? [500, { message: 'Error interno del servidor' }]
          : undefined,
      ),
    );

    expect(await screen.findByText('Error interno del servidor')).toBeVisible();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await within(screen.getByRole('grid')).findByText('Ana Gómez')).toBeVisible();
  });

  it('says so when nobody matches', async () => {
    renderScreen(
      clubServer(({ path, query }) =>
        path.endsWith('/members') && query.q ? [200, { data: [], total: 0 }] : undefined,
      ),
    );
    await within(await screen.findByRole('grid')).findByText('Ana Gómez');

    await userEvent.setup().type(screen.getByLabelText('Buscar por nombre o correo'), 'zz');

    expect(await screen.findByText('No hay usuarios que coincidan')).toBeVisible();
  });

  it('shows each member as a card on a phone, with the roles and the button to change them', async () => {
    windowWidth(390);
    const { calls } = renderScreen(clubServer());
    const u = userEvent.setup();

    const cards = await screen.findByRole('list', { name: 'Usuarios del club' });
    const card = (await within(cards).findAllByRole('listitem'))[0]!;
    expect(within(card).getByText('Ana Gómez')).toBeVisible();
    expect(within(card).getByText('ana@demo.club')).toBeVisible();
    expect(within(card).getByText('Entrenador')).toBeVisible();
    expect(screen.queryByRole('grid')).toBeNull();

    await u.click(within(card).getByRole('button', { name: 'Cambiar roles de Ana Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles de Ana Gómez' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await u.click(screen.getByRole('button', { name: /página siguiente/i }));
    expect(await within(cards).findByText('Beto Ruiz')).toBeVisible();
    expect(memberCalls(calls).at(-1)!.query.page).toBe('2');
  });
});
