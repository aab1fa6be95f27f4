import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_EMAIL_DEFAULTS,
  NOTIFICATION_TYPES,
  notificationTypeLabels,
} from '../../contract/notifications.schema';
import { SettingsScreen } from '../../src/screens/settings/settings-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole, userWithoutClub } from './support/render-shell';
import { windowWidth } from './support/window-width';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const PREFERENCES = '/api/notifications/preferences';

/** The server's preferences (defaults unless `email` says otherwise); `put` answers the PUT. */
function preferencesServer(
  put?: (call: ServerCall) => [number, unknown] | Promise<[number, unknown]>,
  email: Partial<Record<string, boolean>> = {},
): ServerHandler {
  return (call) => {
    if (call.path !== PREFERENCES) return [404, { message: `No fake for ${call.path}` }];
    if (call.method === 'GET') {
      return [
        200,
        { success: true, data: { email: { ...NOTIFICATION_EMAIL_DEFAULTS, ...email } } },
      ];
    }
    if (call.method === 'PUT' && put) return put(call);
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };
}

const renderSettings = (api: ServerHandler, user = userWithRole('Propietario del Club')) =>
  renderRoutes(
    '/home/settings',
    [
      { path: '/home/settings', element: <SettingsScreen /> },
      { path: '/home/admin/payment_methods', element: <h1>Página de medios de pago</h1> },
    ],
    { user, api },
  );

const reads = (calls: ServerCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === PREFERENCES).length;
const row = async (type: keyof typeof notificationTypeLabels) =>
  screen.findByRole('group', { name: notificationTypeLabels[type] });
const byEmail = (group: HTMLElement) =>
  within(group).getByRole('switch', { name: 'También por correo' });

describe('settings screen', () => {
  it('lists every type: its label, when it arrives, in the app always, by e-mail as chosen', async () => {
    renderSettings(preferencesServer(undefined, { payment_due: true }));

    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    const section = screen.getByRole('region', { name: 'Notificaciones' });
    expect(within(section).getByText(/Todas llegan siempre a la campana/)).toBeVisible();
    await row('payment_due');
    expect(within(section).getAllByRole('group')).toHaveLength(NOTIFICATION_TYPES.length);
    for (const type of NOTIFICATION_TYPES) {
      const group = await row(type);
      const inApp = within(group).getByRole('switch', { name: 'En la aplicación' });
      expect(inApp).toBeChecked();
      expect(inApp).toBeDisabled();
      expect(inApp).toHaveAccessibleDescription(/Todas llegan siempre a la campana/);
      const expected = type === 'payment_due' ? true : NOTIFICATION_EMAIL_DEFAULTS[type];
      expect([type, (byEmail(group) as HTMLInputElement).checked]).toEqual([type, expected]);
    }
    expect(
      within(await row('training_update')).getByText(
        'Cuando un entrenamiento se cancela, cambia de horario o tiene cambios.',
      ),
    ).toBeVisible();
  });

  it('turns one type on by e-mail: on at once while it saves, the PUT names only that type', async () => {
    windowWidth(390);
    let answer: (value: [number, unknown]) => void = () => {};
    const { calls } = renderSettings(
      preferencesServer(
        () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const u = userEvent.setup();
    const group = await row('match_result');
    expect(byEmail(group)).not.toBeChecked();

    await u.click(byEmail(group));
    expect(byEmail(group)).toBeChecked();
    expect(byEmail(group)).toBeDisabled();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: PREFERENCES,
        body: { email: { match_result: true } },
      }),
    );
    answer([
      200,
      { success: true, data: { email: { ...NOTIFICATION_EMAIL_DEFAULTS, match_result: true } } },
    ]);

    expect(await screen.findByText('Resultado de partido: también por correo')).toBeVisible();
    await waitFor(() => expect(byEmail(group)).toBeEnabled());
    expect(byEmail(group)).toBeChecked();
    // Another row was not touched.
    expect(byEmail(await row('event_reminder'))).not.toBeChecked();
  });

  it("goes back to the server's value with its Spanish reason when the save is refused", async () => {
    renderSettings(
      preferencesServer(() => [
        422,
        { message: 'No se pudo guardar la preferencia de correo', errors: [] },
      ]),
    );
    const u = userEvent.setup();
    const group = await row('club_announcement');
    expect(byEmail(group)).toBeChecked();

    await u.click(byEmail(group));

    expect(await screen.findByText('No se pudo guardar la preferencia de correo')).toBeVisible();
    await waitFor(() => expect(byEmail(group)).toBeChecked());
    expect(byEmail(group)).toBeEnabled();
  });

  it('says why the preferences did not load and tries again', async () => {
    let fail = true;
    const { calls } = renderSettings((call) =>
      fail ? [500, { message: 'Error interno' }] : preferencesServer()(call),
    );
    const u = userEvent.setup();
    // The owner also sees the club's billing section, which fails alike: read this one's.
    const section = await screen.findByRole('region', { name: 'Notificaciones' });
    const retry = await within(section).findByRole('button', { name: 'Reintentar' });
    expect(within(section).getByRole('alert')).toHaveTextContent('Error interno');
    const failedReads = reads(calls);
    fail = false;
    await u.click(retry);
    expect(await row('payment_due')).toBeVisible();
    expect(reads(calls)).toBeGreaterThan(failedReads);
  });

  it('links to Medios de pago for whom may manage the club settings', async () => {
    const { router } = renderSettings(preferencesServer());
    const u = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Medios de pago' });
    await u.click(within(card).getByRole('link', { name: 'Abrir medios de pago' }));
    expect(router.state.location.pathname).toBe('/home/admin/payment_methods');
  });

  it.each([
    ['a trainer', () => userWithRole('Entrenador')],
    ['a parent', () => userWithRole('Padre/Acudiente')],
    ['a user without a club', userWithoutClub],
  ])('shows %s their notifications but no Medios de pago', async (_, who) => {
    renderSettings(preferencesServer(), who());
    expect(await row('payment_due')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Medios de pago' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Abrir medios de pago' })).toBeNull();
  });
});
