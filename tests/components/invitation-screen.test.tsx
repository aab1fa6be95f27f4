import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationMessages, type PublicInvitation } from '../../contract/invitations.schema';
import { parentMessages } from '../../contract/parents.schema';
import { InvitationScreen } from '../../src/screens/invitations/invitation-screen';
import { userFixture } from './support/render-app';
import { renderRoutes, type ServerHandler } from './support/render-routes';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const token = 'c'.repeat(64);
const path = `/invitation/${token}`;
const invitation: PublicInvitation = {
  email: 'nueva@demo.club',
  club: { id: 1, name: 'Club Deportivo Demo' },
  role: { id: 3, name: 'Contador' },
  inviter_name: 'Pedro Propietario',
  status: 'pending',
  expires_at: '2026-11-29T00:00:00.000Z',
  account_exists: false,
  type: 'accountant',
  guardian: null,
};
const policyText = 'Autorizo a Club Deportivo Demo, como responsable del tratamiento…';
const guardianInvitation: PublicInvitation = {
  ...invitation,
  role: { id: 6, name: 'Padre/Acudiente' },
  type: 'guardian',
  guardian: {
    players: [
      { name: 'Juan', lastname: 'Gómez' },
      { name: 'Ana', lastname: 'Gómez' },
    ],
    authorize_on_accept: true,
    data_policy: { version: '2026-11-01', text: policyText },
  },
};
const newUser = { ...userFixture('Nueva'), email: 'nueva@demo.club', lastname: 'Persona' };

const routes = [
  { path: '/invitation/:token', element: <InvitationScreen /> },
  { path: '/login', element: <h1>Iniciar sesión</h1> },
  { path: '/home', element: <h1>Inicio de la app</h1> },
  { path: '/home/parent-dashboard', element: <h1>Panel de padres</h1> },
];

/** The public invitation endpoints; `accept` answers the POST. */
const invitationServer =
  (shown: PublicInvitation, accept?: ServerHandler): ServerHandler =>
  (call) => {
    if (call.method === 'GET' && call.path === `/api/invitations/${token}`) {
      return [200, { data: shown }];
    }
    if (call.method === 'POST' && call.path === `/api/invitations/${token}/accept` && accept) {
      return accept(call);
    }
    if (call.method === 'POST' && call.path === `/api/parents/register/${token}` && accept) {
      return accept(call);
    }
    return [404, { message: `No fake for ${call.method} ${call.path}` }];
  };

describe('invitation screen', () => {
  it('creates the account of a new person, starts the session and goes home', async () => {
    const { calls, router } = renderRoutes(path, routes, {
      user: null,
      api: invitationServer(invitation, () => [200, { token: 'jwt-nuevo', user: newUser }]),
    });
    const u = userEvent.setup();

    expect(
      await screen.findByText(
        'Pedro Propietario te invita a unirte a Club Deportivo Demo como Contador.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('nueva@demo.club');
    await u.type(screen.getByLabelText('Nombre'), 'Nueva');
    await u.type(screen.getByLabelText('Apellido'), 'Persona');
    await u.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await u.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta123');
    await u.click(screen.getByRole('button', { name: 'Aceptar invitación' }));

    expect(await screen.findByRole('heading', { name: 'Inicio de la app' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByText(invitationMessages.accepted('Club Deportivo Demo'))).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: `/api/invitations/${token}/accept`,
      query: {},
      body: {
        name: 'Nueva',
        lastname: 'Persona',
        password: 'Secreta123',
        password_confirmation: 'Secreta123',
      },
    });
    // The auth actor adopted the session (auth.sessionStarted): the token is stored.
    await waitFor(() => expect(localStorage.getItem('jwtToken')).toBe('jwt-nuevo'));
  });

  it('shows the server’s field errors on the form', async () => {
    const message = 'La contraseña debe tener al menos 8 caracteres';
    renderRoutes(path, routes, {
      user: null,
      api: invitationServer(invitation, () => [
        400,
        { message: 'Revisa los datos', errors: [{ path: 'password', message }] },
      ]),
    });
    const u = userEvent.setup();

    await u.type(await screen.findByLabelText('Nombre'), 'Nueva');
    await u.type(screen.getByLabelText('Apellido'), 'Persona');
    await u.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await u.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta123');
    await u.click(screen.getByRole('button', { name: 'Aceptar invitación' }));

    expect(await screen.findByText('Revisa los datos')).toBeVisible();
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(message);
  });

  it('says why an expired invitation cannot be accepted', async () => {
    renderRoutes(path, routes, {
      user: null,
      api: invitationServer({ ...invitation, status: 'expired' }),
    });

    expect(await screen.findByText(invitationMessages.expired)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aceptar invitación' })).toBeNull();
  });

  it('sends an invitee with an account to log in, and back here afterwards', async () => {
    const { router } = renderRoutes(path, routes, {
      user: null,
      api: invitationServer({ ...invitation, account_exists: true }),
    });

    expect(
      await screen.findByText(invitationMessages.loginAsInvitee('nueva@demo.club')),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('redirectAfterLogin')).toBe(path);
  });

  it('offers to log out when someone else is signed in', async () => {
    renderRoutes(path, routes, {
      user: { ...userFixture('Otro'), email: 'otro@demo.club' },
      api: invitationServer({ ...invitation, account_exists: true }),
    });

    expect(await screen.findByText('Iniciaste sesión como otro@demo.club.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });

  it('accepts with one click when signed in as the invitee', async () => {
    const { calls } = renderRoutes(path, routes, {
      user: newUser,
      api: invitationServer({ ...invitation, account_exists: true }, () => [
        200,
        { token: 'jwt-nuevo', user: newUser },
      ]),
    });

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Aceptar invitación' }));

    expect(await screen.findByRole('heading', { name: 'Inicio de la app' })).toBeVisible();
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({});
  });

  it('rejects after asking', async () => {
    const { calls } = renderRoutes(path, routes, {
      user: null,
      api: (call) =>
        call.method === 'POST' ? [200, { message: 'ok' }] : invitationServer(invitation)(call),
    });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Rechazar la invitación?' });
    await u.click(within(dialog).getByRole('button', { name: 'Rechazar' }));

    expect(await screen.findAllByText(invitationMessages.rejected)).not.toHaveLength(0);
    expect(calls).toContainEqual({
      method: 'POST',
      path: `/api/invitations/${token}/reject`,
      query: {},
      body: undefined,
    });
  });

  it('registers a guardian only with the data-processing consent, then shows the children', async () => {
    const { calls, router } = renderRoutes(path, routes, {
      user: null,
      api: invitationServer(guardianInvitation, () => [200, { token: 'jwt-nuevo', user: newUser }]),
    });
    const u = userEvent.setup();

    expect(
      await screen.findByText('Te invitan como acudiente de Juan Gómez y Ana Gómez.'),
    ).toBeVisible();
    const policy = screen.getByRole('region', {
      name: 'Autorización de tratamiento de datos personales',
    });
    expect(policy).toHaveTextContent(policyText);
    await u.type(screen.getByLabelText('Nombre'), 'Nueva');
    await u.type(screen.getByLabelText('Apellido'), 'Persona');
    await u.type(screen.getByLabelText('Contraseña'), 'Secreta123');
    await u.type(screen.getByLabelText('Confirmar contraseña'), 'Secreta123');
    await u.click(screen.getByRole('button', { name: 'Aceptar invitación' }));

    // Without the box ticked nothing is sent, and the page says why.
    expect(await screen.findByText(parentMessages.consentRequired)).toBeVisible();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);

    await u.click(
      screen.getByRole('checkbox', {
        name: 'Acepto la autorización de tratamiento de datos personales',
      }),
    );
    await u.click(screen.getByRole('button', { name: 'Aceptar invitación' }));

    expect(await screen.findByRole('heading', { name: 'Panel de padres' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/parent-dashboard');
    expect(calls).toContainEqual({
      method: 'POST',
      path: `/api/parents/register/${token}`,
      query: {},
      body: {
        name: 'Nueva',
        lastname: 'Persona',
        password: 'Secreta123',
        password_confirmation: 'Secreta123',
        accept_data_policy: true,
        data_policy_version: '2026-11-01',
      },
    });
    await waitFor(() => expect(localStorage.getItem('jwtToken')).toBe('jwt-nuevo'));
  });

  it('registers a signed-in guardian with the consent alone', async () => {
    const { calls } = renderRoutes(path, routes, {
      user: newUser,
      api: invitationServer({ ...guardianInvitation, account_exists: true }, () => [
        200,
        { token: 'jwt-nuevo', user: newUser },
      ]),
    });
    const u = userEvent.setup();

    await u.click(
      await screen.findByRole('checkbox', {
        name: 'Acepto la autorización de tratamiento de datos personales',
      }),
    );
    await u.click(screen.getByRole('button', { name: 'Aceptar invitación' }));

    expect(await screen.findByRole('heading', { name: 'Panel de padres' })).toBeVisible();
    expect(calls.find(({ method }) => method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/parents/register/${token}`,
      query: {},
      body: { accept_data_policy: true, data_policy_version: '2026-11-01' },
    });
  });

  it('says when the link leads nowhere', async () => {
    renderRoutes(path, routes, { user: null, api: () => [404, { message: 'No existe' }] });

    expect(await screen.findByText(invitationMessages.notFound)).toBeVisible();
  });
});
