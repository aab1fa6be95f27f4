import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsScreen } from '../../src/screens/settings/settings-screen';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const SETTINGS = '/api/pla_club_teams/1/settings';

const server: ServerHandler = (call) => {
  if (call.path === '/api/notifications/preferences') return [200, { data: { email: {} } }];
  if (call.path === SETTINGS && call.method === 'GET') {
    return [200, { data: { non_billing_months: [12], payment_reminder_offsets: [-3, 0, 5] } }];
  }
  if (call.path === SETTINGS && call.method === 'PATCH') {
    const body = call.body as { non_billing_months: number[]; payment_reminder_offsets: number[] };
    return [200, { data: body }];
  }
  return [404, { message: 'Sin respuesta' }];
};

const renderSettings = (role: 'Propietario del Club' | 'Entrenador') =>
  renderRoutes('/home/settings', [{ path: '/home/settings', element: <SettingsScreen /> }], {
    user: userWithRole(role),
    api: server,
  });

describe('club billing settings (Configuración)', () => {
  it('lets the owner choose months without billing and reminders, and saves them', async () => {
    const { calls } = renderSettings('Propietario del Club');
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Cobros del club' });
    expect(await within(section).findByRole('checkbox', { name: 'Diciembre' })).toBeChecked();
    expect(within(section).getByText('3 días antes')).toBeVisible();
    expect(within(section).getByText('El día del vencimiento')).toBeVisible();

    await u.click(within(section).getByRole('checkbox', { name: 'Enero' }));
    await u.type(within(section).getByLabelText('Días (p. ej. -3, 0, 5)'), '10');
    await u.click(within(section).getByRole('button', { name: 'Agregar' }));
    expect(within(section).getByText('10 días después')).toBeVisible();
    await u.click(within(section).getByRole('button', { name: 'Guardar cobros' }));

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
        expect.objectContaining({
          path: SETTINGS,
          body: { non_billing_months: [1, 12], payment_reminder_offsets: [-3, 0, 5, 10] },
        }),
      ]),
    );
    expect(await screen.findByText('Configuración guardada')).toBeVisible();
  });

  it('shows a trainer only their notifications, never the club billing', async () => {
    const { calls } = renderSettings('Entrenador');
    expect(await screen.findByRole('region', { name: 'Notificaciones' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Cobros del club' })).toBeNull();
    expect(calls.some((call) => call.path === SETTINGS)).toBe(false);
  });
});
