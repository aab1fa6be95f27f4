import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ClubLinkRequest,
  type IncomingLinkRequest,
  linkRequestMessages,
  linkRequestStatusLabels,
} from '../../contract/link-requests.schema';
import { DATA_POLICY_VERSION, parentMessages } from '../../contract/parents.schema';
import { ClubTeamScreen } from '../../src/screens/clubs/club-team-screen';
import {
  LinkRequestScreen,
  UNKNOWN_LINK,
} from '../../src/screens/link-requests/link-request-screen';
import { SentLinkRequestsButton } from '../../src/screens/link-requests/sent-link-requests-button';
import { clubFixture } from './support/render-clubs';
import { renderRoutes, type ServerHandler } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const sent = (id: number, name: string, status: ClubLinkRequest['status'], kind = 'player') =>
  ({
    id,
    kind,
    status,
    typed_name: name,
    typed_document_type: 'TI',
    typed_document_number: `10${id}`,
    typed_email: null,
    requested_by_name: 'Pedro Propietario',
    requested_at: '2026-12-01T15:00:00.000Z',
    expires_at: '2026-12-15T15:00:00.000Z',
    decided_at: null,
  }) as ClubLinkRequest;

const incoming = (overrides: Partial<IncomingLinkRequest> = {}): IncomingLinkRequest => ({
  id: 9,
  kind: 'player',
  status: 'pending',
  club: { id: 5, name: 'Club Nuevo' },
  person: { id: 41, name: 'Sara', lastname: 'Gómez' },
  as_guardian: true,
  requested_by_name: 'Ana Dueña',
  requested_at: '2026-12-01T15:00:00.000Z',
  expires_at: '2026-12-15T15:00:00.000Z',
  data_policy: { version: DATA_POLICY_VERSION, text: 'Autorizo a Club Nuevo a tratar mis datos.' },
  set_password_for: null,
  ...overrides,
});

const CONSENT_BOX = 'Acepto la autorización de tratamiento de datos personales';
const CONSENT = { accept_data_policy: true, data_policy_version: DATA_POLICY_VERSION };

const REQUESTS = '/api/pla_club_teams/1/link-requests';

const renderSent = (api: ServerHandler) =>
  renderRoutes(
    '/home/players',
    [{ path: '/home/players', element: <SentLinkRequestsButton clubId={1} kind="player" /> }],
    { user: userWithRole('Propietario del Club'), api },
  );

describe('sent link requests', { timeout: 30_000 }, () => {
  it('lists the club’s requests of the kind with status and date; «Retirar» asks, withdraws and reads again', async () => {
    let list = [
      sent(1, 'Sara Gómez', 'pending'),
      sent(2, 'Luis Ríos', 'declined'),
      sent(3, 'Marta Entrenadora', 'pending', 'trainer'),
    ];
    const { calls } = renderSent(({ method, path }) => {
      if (path === REQUESTS && method === 'GET') return [200, { data: list }];
      if (path === `${REQUESTS}/1` && method === 'DELETE') {
        list = list.map((each) => (each.id === 1 ? { ...each, status: 'cancelled' } : each));
        return [204, null];
      }
      return [404, { message: 'No fake' }];
    });
    const u = userEvent.setup();

    await u.click(screen.getByRole('button', { name: 'Solicitudes enviadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitudes enviadas' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(dialog).queryByText('Marta Entrenadora')).toBeNull();
    expect(items[0]).toHaveTextContent('Sara Gómez');
    expect(items[0]).toHaveTextContent('Como jugador · enviada el 01/12/2026');
    expect(within(items[0]!).getByText(linkRequestStatusLabels.pending)).toBeVisible();
    expect(within(items[1]!).getByText(linkRequestStatusLabels.declined)).toBeVisible();
    expect(within(items[1]!).queryByRole('button', { name: /Retirar/ })).toBeNull();

    await u.click(
      within(items[0]!).getByRole('button', { name: 'Retirar la solicitud a Sara Gómez' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: '¿Retirar la solicitud a Sara Gómez?',
    });
    expect(calls.filter(({ method }) => method === 'DELETE')).toHaveLength(0);
    await u.click(within(confirm).getByRole('button', { name: 'Retirar' }));

    expect(await screen.findByText(linkRequestMessages.cancelled)).toBeVisible();
    expect(calls.filter(({ method }) => method === 'DELETE')).toHaveLength(1);
    expect(await within(dialog).findByText(linkRequestStatusLabels.cancelled)).toBeVisible();
  });

  it('says when the club sent none of the kind', async () => {
    renderSent(() => [200, { data: [sent(3, 'Marta', 'pending', 'trainer')] }]);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Solicitudes enviadas' }));
    expect(await screen.findByText(/Aún no has enviado solicitudes/)).toBeVisible();
  });

  it('shows the error with «Reintentar»', async () => {
    renderSent(() => [403, { message: 'No tienes permiso para ver las solicitudes' }]);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Solicitudes enviadas' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No tienes permiso para ver las solicitudes');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});

describe('incoming link requests on /home/club-team', { timeout: 30_000 }, () => {
  it('lists the requests for the user or a child; «Aceptar» joins and reads the clubs again', async () => {
    let joined = false;
    const getUser = vi.fn(() => Promise.resolve(userWithRole('Padre/Acudiente')));
    const { calls } = renderRoutes(
      '/home/club-team',
      [{ path: '/home/club-team', element: <ClubTeamScreen /> }],
      {
        user: userWithRole('Padre/Acudiente'),
        auth: { getUser },
        api: ({ method, path }) => {
          if (path === '/api/pla_club_teams') {
            const demo = clubFixture(1, 'Club Deportivo Demo', { roles: ['Padre/Acudiente'] });
            const added = clubFixture(5, 'Club Nuevo', { roles: ['Padre/Acudiente'] });
            return [200, { data: joined ? [demo, added] : [demo] }];
          }
          if (path === '/api/link-requests' && method === 'GET') {
            return [
              200,
              {
                data: joined
                  ? []
                  : [incoming(), incoming({ id: 10, as_guardian: false, kind: 'trainer' })],
              },
            ];
          }
          if (path === '/api/link-requests/9/accept' && method === 'POST') {
            joined = true;
            return [
              200,
              {
                data: { id: 9, status: 'accepted' },
                message: linkRequestMessages.acceptedForChild('Sara Gómez', 'Club Nuevo'),
              },
            ];
          }
          return [404, { message: 'No fake' }];
        },
      },
    );
    const u = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Solicitudes para unirte a un club' });
    const items = within(card).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Club Nuevo como jugador');
    expect(items[0]).toHaveTextContent('Para: Sara Gómez · vence el 15/12/2026');
    expect(items[1]).toHaveTextContent('Club Nuevo como entrenador');
    expect(items[1]).toHaveTextContent('Para: Tú');
    const usersBefore = getUser.mock.calls.length;
    const acceptButton = within(items[0]!).getByRole('button', {
      name: 'Aceptar la solicitud de Club Nuevo para Sara Gómez',
    });

    // Without the club's data-processing authorisation nothing is sent.
    await u.click(acceptButton);
    expect(within(items[0]!).getByText(parentMessages.consentRequired)).toBeVisible();
    expect(calls.filter(({ method }) => method === 'POST')).toHaveLength(0);
    await u.click(within(items[0]!).getByRole('checkbox', { name: CONSENT_BOX }));
    await u.click(acceptButton);

    expect(
      await screen.findByText(linkRequestMessages.acceptedForChild('Sara Gómez', 'Club Nuevo')),
    ).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Club Nuevo' })).toBeVisible();
    await waitFor(() => expect(getUser.mock.calls.length).toBeGreaterThan(usersBefore));
    expect(calls.filter(({ method }) => method === 'POST').map(({ body }) => body)).toEqual([
      CONSENT,
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Solicitudes para unirte a un club' }),
      ).toBeNull(),
    );
  });

  it('asks before declining, then says the server’s answer', async () => {
    const { calls } = renderRoutes(
      '/home/club-team',
      [{ path: '/home/club-team', element: <ClubTeamScreen /> }],
      {
        user: userWithRole('Jugador'),
        api: ({ method, path }) => {
          if (path === '/api/pla_club_teams') return [200, { data: [] }];
          if (path === '/api/link-requests' && method === 'GET') {
            return [200, { data: [incoming({ as_guardian: false })] }];
          }
          if (path === '/api/link-requests/9/decline' && method === 'POST') {
            return [
              200,
              { data: { id: 9, status: 'declined' }, message: linkRequestMessages.declined },
            ];
          }
          return [404, { message: 'No fake' }];
        },
      },
    );
    const u = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Solicitudes para unirte a un club' });
    await u.click(within(card).getByRole('button', { name: /^Rechazar la solicitud/ }));
    const confirm = await screen.findByRole('dialog', {
      name: '¿Rechazar la solicitud de Club Nuevo?',
    });
    expect(calls.filter(({ method }) => method === 'POST')).toHaveLength(0);
    await u.click(within(confirm).getByRole('button', { name: 'Rechazar' }));

    expect(await screen.findByText(linkRequestMessages.declined)).toBeVisible();
    expect(calls.filter(({ method }) => method === 'POST').map(({ path }) => path)).toEqual([
      '/api/link-requests/9/decline',
    ]);
  });
});

const TOKEN = 'a'.repeat(64);
const renderToken = (token: string, api: ServerHandler) =>
  renderRoutes(
    `/link-request/${token}`,
    [{ path: '/link-request/:token', element: <LinkRequestScreen /> }],
    {
      user: null,
      api,
    },
  );

describe('the public /link-request/:token page', { timeout: 30_000 }, () => {
  it('shows the club, the role and the child, and accepts', async () => {
    const { calls } = renderToken(TOKEN, ({ method, path }) => {
      if (path === `/api/link-requests/by-token/${TOKEN}` && method === 'GET') {
        return [200, { data: incoming() }];
      }
      if (path === `/api/link-requests/by-token/${TOKEN}/accept` && method === 'POST') {
        return [
          200,
          {
            data: { id: 9, status: 'accepted' },
            message: linkRequestMessages.acceptedForChild('Sara Gómez', 'Club Nuevo'),
          },
        ];
      }
      return [404, { message: linkRequestMessages.notFound }];
    });
    const u = userEvent.setup();

    expect(await screen.findByText(/quiere que/)).toHaveTextContent(
      'Club Nuevo quiere que Sara Gómez haga parte del club como jugador.',
    );
    expect(screen.getByText(/Respondes como acudiente de Sara Gómez/)).toHaveTextContent(
      'Vence el 15/12/2026.',
    );
    expect(screen.getByRole('region', { name: /tratamiento de datos/ })).toHaveTextContent(
      'Autorizo a Club Nuevo a tratar mis datos.',
    );
    await u.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText(parentMessages.consentRequired)).toBeVisible();
    expect(calls.filter(({ method }) => method === 'POST')).toHaveLength(0);
    await u.click(screen.getByRole('checkbox', { name: CONSENT_BOX }));
    await u.click(screen.getByRole('button', { name: 'Aceptar' }));

    const outcome = linkRequestMessages.acceptedForChild('Sara Gómez', 'Club Nuevo');
    expect(await screen.findAllByText(outcome)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(calls.filter(({ method }) => method === 'POST').map(({ body }) => body)).toEqual([
      CONSENT,
    ]);
  });

  it('an adult without an account chooses a password with the authorisation, and is told how to sign in', async () => {
    const email = 'andres@prueba.test';
    const done = linkRequestMessages.acceptedWithPassword('Club Nuevo', email);
    const { calls } = renderToken(TOKEN, ({ method, path }) => {
      if (method === 'GET') {
        return [200, { data: incoming({ as_guardian: false, set_password_for: email }) }];
      }
      if (path.endsWith('/accept'))
        return [200, { data: { id: 9, status: 'accepted' }, message: done }];
      return [404, { message: 'No fake' }];
    });
    const u = userEvent.setup();

    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue(email);
    await u.type(screen.getByLabelText(/^Contraseña/), 'Cancha2026x');
    await u.type(screen.getByLabelText(/^Confirmar contraseña/), 'Cancha2026x');
    await u.click(screen.getByRole('checkbox', { name: CONSENT_BOX }));
    await u.click(screen.getByRole('button', { name: 'Aceptar y crear mi contraseña' }));

    expect(await screen.findAllByText(done)).not.toHaveLength(0);
    expect(calls.filter(({ method }) => method === 'POST').map(({ body }) => body)).toEqual([
      { ...CONSENT, password: 'Cancha2026x', password_confirmation: 'Cancha2026x' },
    ]);
  });

  it('asks before declining', async () => {
    const { calls } = renderToken(TOKEN, ({ method, path }) => {
      if (method === 'GET') return [200, { data: incoming({ as_guardian: false }) }];
      if (path.endsWith('/decline')) {
        return [
          200,
          { data: { id: 9, status: 'declined' }, message: linkRequestMessages.declined },
        ];
      }
      return [404, { message: 'No fake' }];
    });
    const u = userEvent.setup();

    expect(await screen.findByText(/quiere que/)).toHaveTextContent(
      'Club Nuevo quiere que tú hagas parte del club como jugador.',
    );
    await u.click(screen.getByRole('button', { name: 'Rechazar' }));
    const confirm = await screen.findByRole('dialog', {
      name: '¿Rechazar la solicitud de Club Nuevo?',
    });
    await u.click(within(confirm).getByRole('button', { name: 'Rechazar' }));

    expect(await screen.findAllByText(linkRequestMessages.declined)).not.toHaveLength(0);
    expect(calls.map(({ path }) => path)).toContain(`/api/link-requests/by-token/${TOKEN}/decline`);
  });

  it('says an answered or expired request cannot be answered again', async () => {
    renderToken(TOKEN, () => [200, { data: incoming({ status: 'expired' }) }]);

    expect(await screen.findByText(new RegExp(linkRequestMessages.notPending))).toHaveTextContent(
      linkRequestStatusLabels.expired,
    );
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });

  it('says an unknown link is not valid, and does not ask for a malformed one', async () => {
    const unknown = renderToken(TOKEN, () => [404, { message: linkRequestMessages.notFound }]);
    expect(await screen.findByText(UNKNOWN_LINK)).toBeVisible();
    unknown.unmount();

    const { calls } = renderToken('corto', () => [500, { message: 'no debería llamarse' }]);
    expect(await screen.findByText(UNKNOWN_LINK)).toBeVisible();
    expect(calls.filter(({ path }) => path.startsWith('/api/link-requests'))).toHaveLength(0);
  });
});
