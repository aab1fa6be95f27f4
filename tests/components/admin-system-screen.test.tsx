import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminClub, adminClubMessages } from '../../contract/admin-clubs.schema';
import type { AdminUser } from '../../contract/admin-users.schema';
import { AdminSystemScreen } from '../../src/screens/admin-system/admin-system-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const club = (id: number, name: string, overrides: Partial<AdminClub> = {}): AdminClub => ({
  id,
  name,
  status: 'active',
  suspension_reason: null,
  suspended_at: null,
  owner_name: 'Olga Ortiz',
  owner_email: 'olga@demo.club',
  players_count: 12,
  members_count: 15,
  created_at: '2026-11-01T15:00:00.000Z',
  ...overrides,
});
const aguilas = club(1, 'Club Águilas');
const buhos = club(2, 'Club Búhos', {
  status: 'suspended',
  suspension_reason: 'Falta de pago',
  suspended_at: '2026-11-20T15:00:00.000Z',
});
const ana: AdminUser = {
  id: 7,
  name: 'Ana',
  lastname: 'Núñez',
  email: 'ana@demo.club',
  document_number: '1010',
  status: 'active',
  locked_at: null,
  locked_reason: null,
  is_super_admin: false,
  clubs_count: 2,
  created_at: '2026-11-02T15:00:00.000Z',
};

/** The admin endpoints; `extra` answers first. */
function platformServer(
  extra?: (call: ServerCall) => [number, unknown] | undefined,
): ServerHandler {
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/admin/clubs')
      return [200, { data: [aguilas, buhos], total: 2 }];
    if (call.method === 'GET' && call.path === '/api/admin/users')
      return [200, { data: [ana], total: 1 }];
    if (call.method === 'GET' && call.path === '/api/admin/users/7/memberships')
      return [
        200,
        {
          data: [
            {
              club_id: 1,
              club_name: 'Club Águilas',
              club_status: 'active',
              roles: [{ id: 3, name: 'Entrenador' }],
            },
          ],
        },
      ];
    if (call.method === 'GET' && call.path === '/api/admin/audit-log')
      return [
        200,
        {
          data: [
            {
              id: 1,
              at: '2026-11-20T15:00:00.000Z',
              action: 'club.suspended',
              actor_user_id: 1,
              actor_name: 'Admin Demo',
              club_id: 2,
              club_name: 'Club Búhos',
              target_type: 'club',
              target_id: 2,
              details: { reason: 'Falta de pago' },
              ip: null,
            },
          ],
          total: 1,
        },
      ];
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderScreen = (api: ServerHandler) =>
  renderRoutes(
    '/home/admin/system',
    [{ path: '/home/admin/system', element: <AdminSystemScreen /> }],
    {
      user: userWithRole('Propietario del Club', { is_super_admin: true }),
      api,
    },
  );

const rowOf = (grid: HTMLElement, text: string) =>
  within(grid).getByText(text).closest('[role="row"]') as HTMLElement;

describe('Administración del Sistema screen', () => {
  it('lists the clubs with status, reason and owner, and sends the filters to the server', async () => {
    const { calls } = renderScreen(platformServer());
    const u = userEvent.setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Administración del Sistema' }),
    ).toBeVisible();
    const grid = await screen.findByRole('grid', { name: 'Clubes de la plataforma' });
    expect(await within(grid).findByText('Club Águilas')).toBeVisible();
    const suspended = rowOf(grid, 'Club Búhos');
    expect(within(suspended).getByText('Suspendido')).toBeVisible();
    expect(within(suspended).getByText('Falta de pago')).toBeVisible();
    expect(
      within(rowOf(grid, 'Club Águilas')).getByText('Olga Ortiz (olga@demo.club)'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeVisible();

    await u.type(screen.getByLabelText('Buscar por club, propietario o correo'), 'olga');
    await u.click(screen.getByLabelText('Estado'));
    await u.click(await screen.findByRole('option', { name: 'Suspendido' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/admin/clubs').at(-1)!.query).toMatchObject({
        q: 'olga',
        status: 'suspended',
        page: '1',
      }),
    );
  });

  it('suspends only with a reason, and shows the server refusal of a second suspension', async () => {
    const { calls } = renderScreen(
      platformServer(({ method, path }) =>
        method === 'POST' && path === '/api/admin/clubs/1/suspend'
          ? [409, { message: 'El club ya está suspendido' }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Clubes de la plataforma' });
    await within(grid).findByText('Club Águilas');
    await u.click(within(grid).getByRole('button', { name: 'Suspender Club Águilas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Suspender Club Águilas?' });
    await u.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    expect(within(dialog).getByText('El motivo es obligatorio')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await u.type(within(dialog).getByLabelText(/Motivo/), 'Falta de pago');
    await u.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/admin/clubs/1/suspend',
        body: { reason: 'Falta de pago' },
      }),
    );
    expect(await screen.findByText('El club ya está suspendido')).toBeVisible();
  });

  it('reactivates a suspended club after asking', async () => {
    const { calls } = renderScreen(
      platformServer(({ method, path }) =>
        method === 'POST' && path === '/api/admin/clubs/2/reactivate'
          ? [200, { data: { ...buhos, status: 'active', suspension_reason: null } }]
          : undefined,
      ),
    );
    const u = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Clubes de la plataforma' });
    await within(grid).findByText('Club Búhos');
    await u.click(within(grid).getByRole('button', { name: 'Reactivar Club Búhos' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Reactivar Club Búhos?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Reactivar' }));
    expect(await screen.findByText('Club «Club Búhos» reactivado')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/clubs/2/reactivate',
    ]);
  });

  it('locks a user with a reason, sends a reset e-mail after asking and shows their clubs', async () => {
    const { calls } = renderScreen(
      platformServer(({ method, path }) => {
        if (method === 'POST' && path === '/api/admin/users/7/lock')
          return [
            200,
            { data: { ...ana, locked_at: '2026-11-24T15:00:00.000Z', locked_reason: 'x' } },
          ];
        if (method === 'POST' && path === '/api/admin/users/7/password-reset')
          return [200, { message: 'Correo de restablecimiento enviado' }];
        return undefined;
      }),
    );
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Usuarios' }));
    const grid = await screen.findByRole('grid', { name: 'Usuarios de la plataforma' });
    await within(grid).findByText('Ana Núñez');

    await u.click(within(grid).getByRole('button', { name: 'Bloquear a Ana Núñez' }));
    const lock = await screen.findByRole('dialog', { name: '¿Bloquear a Ana Núñez?' });
    await u.type(within(lock).getByLabelText(/Motivo/), 'Suplantación');
    await u.click(within(lock).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByText('Usuario Ana Núñez bloqueado')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/admin/users/7/lock')?.body).toEqual({
      reason: 'Suplantación',
    });

    await u.click(
      await screen.findByRole('button', {
        name: 'Restablecer la contraseña de Ana Núñez',
      }),
    );
    const reset = await screen.findByRole('dialog', {
      name: /Enviar el correo de restablecimiento/,
    });
    await u.click(within(reset).getByRole('button', { name: 'Enviar correo' }));
    expect(await screen.findByText('Correo de restablecimiento enviado a Ana Núñez')).toBeVisible();

    await u.click(await screen.findByRole('button', { name: 'Clubes de Ana Núñez' }));
    const drawer = await screen.findByRole('region', { name: 'Clubes del usuario' });
    expect(await within(drawer).findByText('Entrenador')).toBeVisible();
    expect(within(drawer).getByText('Club Águilas · Activo')).toBeVisible();
  });

  it('shows the audit log with Spanish action names', async () => {
    renderScreen(platformServer());
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Auditoría' }));
    const grid = await screen.findByRole('grid', { name: 'Registro de auditoría' });
    expect(await within(grid).findByText('Club suspendido')).toBeVisible();
    expect(within(grid).getByText('reason: Falta de pago')).toBeVisible();
    expect(adminClubMessages.suspended('x')).toBe('Este club está suspendido: x');
  });

  it('offers the account and content actions in the audit filter and asks for the chosen one', async () => {
    const { calls } = renderScreen(platformServer());
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'Auditoría' }));
    await screen.findByRole('grid', { name: 'Registro de auditoría' });
    await u.click(screen.getByLabelText('Acción'));
    for (const label of [
      'Contraseña cambiada',
      'Cambio de correo solicitado',
      'Correo cambiado',
      'Salida de un club',
      'Datos personales descargados',
      'Cuenta eliminada',
      'Comunicación masiva enviada',
      'Entrada del blog publicada',
      'Entrada del blog despublicada',
      'Entrada del blog eliminada',
      'Página del sitio editada',
    ]) {
      expect(screen.getByRole('option', { name: label })).toBeVisible();
    }
    await u.click(screen.getByRole('option', { name: 'Datos personales descargados' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/admin/audit-log').at(-1)!.query).toMatchObject({
        action: 'account.data_exported',
      }),
    );
  });
});
