import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ROLE_FIXTURES,
  adminModules,
  permissionIdOf,
  renderRoles,
  roleConfiguration,
  type ApiCall,
  type ApiHandler,
} from './support/render-roles';
import { userWithRole } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const [, ownerRole, trainerRole] = ROLE_FIXTURES as [
  (typeof ROLE_FIXTURES)[number],
  (typeof ROLE_FIXTURES)[number],
  (typeof ROLE_FIXTURES)[number],
];
const OWN_ROLE =
  'No puedes cambiar los permisos del rol Propietario del Club: protege tu propio acceso';
const playersView = permissionIdOf(2, 'view');
const playersCreate = permissionIdOf(2, 'create');
const sessionsView = permissionIdOf(5, 'view');

/** The server of a club owner: their own role read-only, the trainer's editable. */
function ownerServer(overrides: { post?: ApiHandler } = {}): ApiHandler {
  return (call) => {
    if (call.path === '/api/admin/roles') return [200, { data: ROLE_FIXTURES }];
    if (call.path === '/api/admin/modules') return [200, { data: adminModules(['sessions']) }];
    if (call.path === `/api/admin/roles/${ownerRole.id}/configuration`) {
      return [200, roleConfiguration(ownerRole, { editable: false, reason: OWN_ROLE })];
    }
    if (call.path === `/api/admin/roles/${trainerRole.id}/configuration`) {
      return [
        200,
        roleConfiguration(trainerRole, { grants: [playersView], customised: ['players'] }),
      ];
    }
    if (call.path === '/api/admin/roles/permissions' && overrides.post) return overrides.post(call);
    if (call.path === '/api/admin/roles/permissions') {
      const body = call.body as { module_id: number; permission_ids: number[] };
      return [200, roleConfiguration(trainerRole, { grants: body.permission_ids })];
    }
    return [404, { message: 'No encontrado' }];
  };
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const posts = (calls: ApiCall[]) => calls.filter(({ method }) => method === 'POST');

async function openTrainer(u: ReturnType<typeof userEvent.setup>) {
  await u.click(await screen.findByRole('tab', { name: 'Entrenador' }));
  return screen.findByRole('checkbox', { name: 'Entrenador: Jugadores · Ver' });
}

describe('Gestión de Roles', () => {
  it('shows the club’s roles (not Super Admin) and the read-only reason of the owner’s own role', async () => {
    const { calls } = renderRoles({ api: ownerServer() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gestión de Roles' }),
    ).toBeVisible();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Propietario del Club', 'Entrenador']);
    expect(await screen.findByText(OWN_ROLE)).toBeVisible();
    expect(box('Propietario del Club: Jugadores · Ver')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    // The selected club goes with every call.
    expect(calls.find(({ path }) => path.endsWith('/configuration'))).toMatchObject({
      clubHeader: '1',
      query: { club_id: '1' },
    });
    expect(screen.queryByRole('radiogroup', { name: 'Alcance de los permisos' })).toBeNull();
  });

  it('tells a 390 px phone that the matrix scrolls sideways, and a wide screen nothing', async () => {
    windowWidth(390);
    const phone = renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);
    const region = screen.getByRole('region', { name: 'Tabla de permisos de Entrenador' });
    expect(region).toHaveAccessibleDescription(
      'Desliza la tabla hacia la izquierda para ver todas las acciones',
    );
    expect(screen.getByText(/Desliza la tabla/)).toBeVisible();
    phone.unmount();

    windowWidth(1280);
    renderRoles({ api: ownerServer() });
    await openTrainer(u);
    expect(
      screen.getByRole('region', { name: 'Tabla de permisos de Entrenador' }),
    ).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/Desliza la tabla/)).toBeNull();
  });

  it('draws the matrix: four columns, incompatible modules greyed, customised ones marked', async () => {
    renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);

    const table = screen.getByRole('table', { name: 'Permisos de Entrenador' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Módulo', 'Ver', 'Crear', 'Editar', 'Eliminar']);
    expect(box('Entrenador: Jugadores · Ver')).toBeChecked();
    expect(box('Entrenador: Jugadores · Crear')).not.toBeChecked();
    expect(box('Entrenador: Jugadores · Crear')).toBeEnabled();
    const clubRow = within(table).getByRole('rowheader', { name: /Club/ });
    expect(within(clubRow).getByText('No disponible para este rol')).toBeVisible();
    expect(box('Entrenador: Club · Ver')).toBeDisabled();
    const playersRow = within(table).getByRole('rowheader', { name: /Jugadores/ });
    expect(within(playersRow).getByText('Personalizado')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  });

  it('saves each changed module once, in order, and says so', async () => {
    const { calls, getUser } = renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);

    await u.click(box('Entrenador: Jugadores · Crear'));
    await u.click(box('Entrenador: Entrenamientos · Ver'));
    const save = screen.getByRole('button', { name: 'Guardar cambios' });
    expect(save).toBeEnabled();
    await u.click(save);

    expect(await screen.findByText('Permisos de Entrenador guardados')).toBeVisible();
    expect(posts(calls).map(({ body, clubHeader }) => ({ body, clubHeader }))).toEqual([
      {
        clubHeader: '1',
        body: {
          club_id: 1,
          role_id: trainerRole.id,
          module_id: 2,
          permission_ids: [playersView, playersCreate],
        },
      },
      {
        clubHeader: '1',
        body: { club_id: 1, role_id: trainerRole.id, module_id: 5, permission_ids: [sessionsView] },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    // The session is read again: the person's own permissions may have changed.
    await waitFor(() => expect(getUser.mock.calls.length).toBeGreaterThan(1));
  });

  it('shows the server’s message when a save is refused, and keeps the changes', async () => {
    const refusal = 'El rol Entrenador no puede tener permisos en el módulo Club';
    renderRoles({ api: ownerServer({ post: () => [422, { message: refusal }] }) });
    const u = userEvent.setup();
    await openTrainer(u);

    await u.click(box('Entrenador: Jugadores · Crear'));
    await u.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(box('Entrenador: Jugadores · Crear')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
  });

  it('asks before leaving unsaved changes for another role', async () => {
    renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);
    await u.click(box('Entrenador: Jugadores · Crear'));

    await u.click(screen.getByRole('tab', { name: 'Propietario del Club' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Descartar cambios?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box('Entrenador: Jugadores · Crear')).toBeChecked();

    await u.click(screen.getByRole('tab', { name: 'Propietario del Club' }));
    await u.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Descartar cambios' }),
    );
    expect(await screen.findByText(OWN_ROLE)).toBeVisible();
  });

  it('asks before leaving the page with unsaved changes, and stays or leaves', async () => {
    const { router } = renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);
    await u.click(box('Entrenador: Jugadores · Crear'));
    const link = screen.getByRole('link', { name: 'Club / Equipo' });

    await u.click(link);
    const dialog = await screen.findByRole('dialog', { name: '¿Descartar cambios?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/home/admin/roles');
    expect(box('Entrenador: Jugadores · Crear')).toBeChecked();

    await u.click(link);
    await u.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Descartar cambios' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Club / Equipo' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/club-team');
  });

  it('asks the browser before closing the tab only while there are unsaved changes', async () => {
    renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await u.click(box('Entrenador: Jugadores · Crear'));
    expect(unload()).toBe(true);
    await u.click(box('Entrenador: Jugadores · Crear'));
    expect(unload()).toBe(false);
  });

  it('leaves without asking when nothing changed', async () => {
    const { router } = renderRoles({ api: ownerServer() });
    const u = userEvent.setup();
    await openTrainer(u);

    await u.click(screen.getByRole('link', { name: 'Club / Equipo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Club / Equipo' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/home/club-team');
  });

  it('offers Reintentar when the roles cannot be loaded', async () => {
    let fail = true;
    const server = ownerServer();
    renderRoles({
      api: (call) =>
        call.path === '/api/admin/roles' && fail
          ? [500, { message: 'Error del servidor' }]
          : server(call),
    });
    const u = userEvent.setup();

    expect(await screen.findByText('Error del servidor')).toBeVisible();
    fail = false;
    await u.click(screen.getAllByRole('button', { name: 'Reintentar' })[0]!);
    expect(await screen.findByText(OWN_ROLE)).toBeVisible();
  });

  it('shows the modules read-only to a club owner, with the reason', async () => {
    renderRoles({ api: ownerServer() });

    const section = await screen.findByRole('region', { name: 'Módulos activos' });
    const sessions = await within(section).findByRole('switch', { name: 'Entrenamientos' });
    expect(sessions).not.toBeChecked();
    expect(sessions).toBeDisabled();
    expect(within(section).getByText(/Solo el super administrador/)).toBeVisible();
  });
});

describe('Gestión de Roles for the super admin', () => {
  const admin = userWithRole('Super Admin', { is_super_admin: true });

  /** The super admin's server; it remembers the switches, unless `refuse` says why not. */
  function adminServer(start = adminModules(), refuse?: string): ApiHandler {
    let modules = start;
    return (call) => {
      if (call.path === '/api/admin/roles') return [200, { data: ROLE_FIXTURES }];
      if (call.path === '/api/admin/modules') return [200, { data: modules }];
      if (call.method === 'PUT') {
        if (refuse) return [422, { message: refuse }];
        const id = Number(call.path.split('/')[4]);
        const body = call.body as { is_active: boolean };
        modules = modules.map((item) =>
          item.id === id ? { ...item, is_active: body.is_active } : item,
        );
        return [200, { data: modules.find((item) => item.id === id) }];
      }
      if (call.method === 'POST') {
        const body = call.body as { club_id: number | null; permission_ids: number[] };
        return [
          200,
          roleConfiguration(trainerRole, { clubId: body.club_id, grants: body.permission_ids }),
        ];
      }
      const roleId = Number(call.path.split('/')[4]);
      const role = ROLE_FIXTURES.find(({ id }) => id === roleId)!;
      const platform = call.query.scope === 'platform';
      const inactive = modules.filter((item) => !item.is_active).map((item) => item.slug);
      const answer = roleConfiguration(role, {
        clubId: platform ? null : 1,
        grants: [playersView],
      });
      answer.data.modules = answer.data.modules.map((item) => ({
        ...item,
        is_active: !inactive.includes(item.slug),
      }));
      return [200, answer];
    };
  }

  it('sees Super Admin and switches to the platform defaults, which save with club_id null', async () => {
    const { calls } = renderRoles({ user: admin, api: adminServer() });
    const u = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Super Admin' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Este club' })).toBeChecked();
    await u.click(screen.getByRole('radio', { name: 'Valores por defecto de la plataforma' }));
    await u.click(await screen.findByRole('tab', { name: 'Entrenador' }));
    await u.click(await screen.findByRole('checkbox', { name: 'Entrenador: Jugadores · Crear' }));
    await u.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('Permisos de Entrenador guardados')).toBeVisible();
    expect(calls.filter(({ path }) => path.endsWith('/configuration')).at(-1)?.query).toEqual({
      scope: 'platform',
    });
    expect(posts(calls).map(({ body }) => body)).toEqual([
      { club_id: null, role_id: 3, module_id: 2, permission_ids: [playersView, playersCreate] },
    ]);
  });

  it('asks before switching a module off for every club, and switches it', async () => {
    const { calls } = renderRoles({ user: admin, api: adminServer() });
    const u = userEvent.setup();

    const players = await screen.findByRole('switch', { name: 'Jugadores' });
    expect(players).toBeChecked();
    await u.click(players);
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar Jugadores?' });
    expect(calls.filter(({ method }) => method === 'PUT')).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    expect(await screen.findByText('Módulo Jugadores desactivado')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/admin/modules/2/toggle', body: { is_active: false } }),
    ]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Jugadores' })).not.toBeChecked(),
    );
  });

  it('marks a module switched off as Inactivo in the matrix at once, and a later role reads it again', async () => {
    const { calls } = renderRoles({ user: admin, api: adminServer() });
    const u = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Permisos de Super Admin' });
    const playersRow = () => within(table).getByRole('rowheader', { name: /Jugadores/ });
    expect(within(playersRow()).queryByText('Inactivo')).toBeNull();

    await u.click(screen.getByRole('switch', { name: 'Jugadores' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar Jugadores?' });
    await u.click(within(dialog).getByRole('button', { name: 'Desactivar' }));

    await waitFor(() => expect(within(playersRow()).getByText('Inactivo')).toBeVisible());
    // The role shown before comes from the server again, not from the cache.
    const loads = () => calls.filter(({ path }) => path.endsWith('/1/configuration')).length;
    const before = loads();
    await u.click(screen.getByRole('tab', { name: 'Entrenador' }));
    await screen.findByRole('table', { name: 'Permisos de Entrenador' });
    await u.click(screen.getByRole('tab', { name: 'Super Admin' }));
    const again = await screen.findByRole('table', { name: 'Permisos de Super Admin' });
    await waitFor(() => expect(loads()).toBe(before + 1));
    const row = within(again).getByRole('rowheader', { name: /Jugadores/ });
    expect(within(row).getByText('Inactivo')).toBeVisible();
  });

  it('switches a module on without asking, and leaves it off after Cancelar', async () => {
    const { calls } = renderRoles({ user: admin, api: adminServer(adminModules(['sessions'])) });
    const u = userEvent.setup();
    const puts = () => calls.filter(({ method }) => method === 'PUT');

    await u.click(await screen.findByRole('switch', { name: 'Entrenamientos' }));
    expect(await screen.findByText('Módulo Entrenamientos activado')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([
      expect.objectContaining({ path: '/api/admin/modules/5/toggle', body: { is_active: true } }),
    ]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Entrenamientos' })).toBeChecked(),
    );

    await u.click(screen.getByRole('switch', { name: 'Club' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Desactivar Club?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('switch', { name: 'Club' })).toBeChecked();
    expect(puts()).toHaveLength(1);
  });

  it('shows the server’s reason when a switch is refused, and the switch goes back', async () => {
    const reason = 'No se puede desactivar el módulo Club';
    renderRoles({ user: admin, api: adminServer(adminModules(['sessions']), reason) });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('switch', { name: 'Entrenamientos' }));

    expect(await screen.findByText(reason)).toBeVisible();
    const sessions = screen.getByRole('switch', { name: 'Entrenamientos' });
    expect(sessions).not.toBeChecked();
    expect(sessions).toBeEnabled();
  });
});
