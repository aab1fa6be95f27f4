import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Account, accountMessages } from '../../contract/account.schema';
import { AccountScreen } from '../../src/screens/account/account-screen';
import { ConfirmEmailScreen } from '../../src/screens/account/confirm-email-screen';
import { renderRoutes, type ServerCall, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ACCOUNT: Account = {
  profile: {
    name: 'Laura',
    lastname: 'Gómez',
    email: 'laura@demo.club',
    phone: '3001234567',
    birth_date: '1990-05-17',
    gender: 'female',
    document_type: 'CC',
    document_number: '1023456789',
    photo_url: null,
  },
  clubs: [
    { id: 1, name: 'Club Demo', roles: ['Propietario del Club'], only_owner: true },
    { id: 2, name: 'Halcones', roles: ['Entrenador', 'Padre/Acudiente'], only_owner: false },
  ],
  pending_email: null,
};

/** The account API; `extra` answers the other calls (404 otherwise). */
const accountServer =
  (extra: ServerHandler = () => [404, { message: 'Sin respuesta' }]): ServerHandler =>
  (call) => {
    if (call.method === 'GET' && call.path === '/api/account') return [200, { data: ACCOUNT }];
    if (call.path === '/api/notifications/preferences') return [200, { data: { email: {} } }];
    return extra(call);
  };

const renderAccount = (api: ServerHandler) =>
  renderRoutes(
    '/home/account',
    [
      { path: '/home/account', element: <AccountScreen /> },
      { path: '/login', element: <h1>Iniciar sesión</h1> },
    ],
    { user: userWithRole('Propietario del Club'), api },
  );

const sent = (calls: ServerCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('account screen', () => {
  it('shows the profile, my clubs with their roles and every section', async () => {
    renderAccount(accountServer());
    expect(screen.getByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeVisible();
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Laura');
    expect(screen.getByLabelText('Número de documento')).toHaveValue('1023456789');
    const clubs = screen.getByRole('region', { name: 'Mis clubes' });
    expect(within(clubs).getByText('Halcones')).toBeVisible();
    expect(within(clubs).getByText('Padre/Acudiente')).toBeVisible();
    const [sole, other] = within(clubs).getAllByRole('button', { name: 'Salir del club' });
    expect(sole).toBeDisabled();
    expect(other).toBeEnabled();
    expect(within(clubs).getByRole('link', { name: 'Ver el plan del club' })).toHaveAttribute(
      'href',
      '/home/subscription',
    );
    for (const name of ['Perfil', 'Seguridad', 'Mis datos', 'Eliminar mi cuenta']) {
      expect(screen.getByRole('region', { name })).toBeVisible();
    }
  });

  it('puts a wrong current password on its field, then signs in again after a change', async () => {
    let wrong = true;
    const { calls } = renderAccount(
      accountServer((call) => {
        if (call.path === '/api/account/password') {
          return wrong
            ? [
                422,
                {
                  message: accountMessages.wrongPassword,
                  errors: [{ path: 'current_password', message: accountMessages.wrongPassword }],
                },
              ]
            : [200, { message: accountMessages.passwordChanged }];
        }
        if (call.path === '/api/login') {
          return [200, { token: 'token-nuevo', user: userWithRole('Propietario del Club') }];
        }
        return [404, { message: 'Sin respuesta' }];
      }),
    );
    const u = userEvent.setup();
    const security = await screen.findByRole('region', { name: 'Seguridad' });
    await u.type(within(security).getByLabelText('Contraseña actual'), 'Otra-Clave-11');
    await u.type(within(security).getByLabelText('Nueva contraseña'), 'Cancha-Verde-77');
    await u.click(within(security).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(security).findAllByText(accountMessages.wrongPassword)).not.toHaveLength(0);
    expect(sent(calls, 'POST', '/api/login')).toHaveLength(0);

    wrong = false;
    await u.click(within(security).getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/login')).toHaveLength(1));
    expect(sent(calls, 'POST', '/api/login')[0]?.body).toEqual({
      email: 'laura@demo.club',
      password: 'Cancha-Verde-77',
    });
    expect(await screen.findByText(accountMessages.passwordChanged)).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('jwtToken')).toBe('token-nuevo'));
  });

  it('asks before leaving a club and sends the leave only once confirmed', async () => {
    const { calls } = renderAccount(
      accountServer((call) =>
        call.path === '/api/account/clubs/2/leave'
          ? [200, { message: accountMessages.leftClub }]
          : [404, { message: 'Sin respuesta' }],
      ),
    );
    const u = userEvent.setup();
    const clubs = await screen.findByRole('region', { name: 'Mis clubes' });
    await u.click(within(clubs).getAllByRole('button', { name: 'Salir del club' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: '¿Salir de Halcones?' });
    expect(sent(calls, 'POST', '/api/account/clubs/2/leave')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Salir del club' }));
    expect(await screen.findByText(accountMessages.leftClub)).toBeVisible();
    expect(sent(calls, 'POST', '/api/account/clubs/2/leave')).toHaveLength(1);
  });

  it('deletes the account only with the password and the word ELIMINAR', async () => {
    const { calls, router } = renderAccount(
      accountServer((call) =>
        call.method === 'DELETE' && call.path === '/api/account'
          ? [200, { message: accountMessages.deleted }]
          : [404, { message: 'Sin respuesta' }],
      ),
    );
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Eliminar mi cuenta' });
    expect(within(section).getByText(/pagos y recibos se quedan en los clubes/)).toBeVisible();
    await u.click(within(section).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await u.type(within(dialog).getByLabelText('Tu contraseña'), 'Demo1234!');
    await u.type(within(dialog).getByLabelText('Escribe ELIMINAR'), 'borrar');
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText('Escribe ELIMINAR para confirmar')).toBeVisible();
    expect(sent(calls, 'DELETE', '/api/account')).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText('Escribe ELIMINAR'));
    await u.type(within(dialog).getByLabelText('Escribe ELIMINAR'), 'ELIMINAR');
    await u.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() => expect(sent(calls, 'DELETE', '/api/account')).toHaveLength(1));
    expect(sent(calls, 'DELETE', '/api/account')[0]?.body).toEqual({
      password: 'Demo1234!',
      confirmation: 'ELIMINAR',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('confirm e-mail screen', () => {
  const renderConfirm = (path: string, api: ServerHandler) =>
    renderRoutes(path, [{ path: '/confirmar-correo', element: <ConfirmEmailScreen /> }], {
      user: null,
      api,
    });

  it('says the link is invalid without a token', () => {
    renderConfirm('/confirmar-correo', () => [404, {}]);
    expect(screen.getByText(accountMessages.invalidEmailToken)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirmar mi nuevo correo' })).toBeNull();
  });

  it('confirms with the button, and shows a refusal', async () => {
    let answer: [number, unknown] = [409, { message: accountMessages.emailTaken }];
    const { calls } = renderConfirm('/confirmar-correo?token=abc_123', () => answer);
    const u = userEvent.setup();
    expect(calls).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    expect(await screen.findByText(accountMessages.emailTaken)).toBeVisible();
    answer = [200, { data: { email: 'nuevo@demo.club' }, message: accountMessages.emailConfirmed }];
    await u.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    expect(await screen.findByText(/Tu correo fue cambiado/)).toBeVisible();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/account/email/confirm', { token: 'abc_123' }],
      ['POST', '/api/account/email/confirm', { token: 'abc_123' }],
    ]);
  });
});
