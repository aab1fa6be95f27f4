import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type IncomingLinkRequest, linkRequestMessages } from '../../contract/link-requests.schema';
import { DATA_POLICY_VERSION, type ParentChild } from '../../contract/parents.schema';
import { useChildren } from '../../src/api/parents.api';
import { onNotificationsChanged } from '../../src/api/refresh';
import { IncomingLinkRequestsCard } from '../../src/screens/link-requests/incoming-link-requests-card';
import { renderRoutes } from './support/render-routes';
import { userWithRole } from './support/render-shell';

/*
 * Issue #34 item 6: a family's write refreshes what it changed through the one table
 * (src/api/refresh.ts), not by hand: accepting a club's request for a child shows the child
 * in the guardian's children at once (another screen's list, cached), and pokes the
 * notifications actor's poll.
 */

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const request: IncomingLinkRequest = {
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
};

const sara: ParentChild = {
  club: { id: 5, name: 'Club Nuevo' },
  player: { id: 41, name: 'Sara', lastname: 'Gómez' },
  status: 'authorized',
  is_primary: true,
  summary: null,
  identity: null,
};

/** The guardian's children as another part of the app caches them. */
function ChildrenList() {
  const children = useChildren();
  if (!children.data) return null;
  return (
    <ul aria-label="Mis hijos">
      {children.data.map(({ player }) => (
        <li key={player.id}>{`${player.name} ${player.lastname}`}</li>
      ))}
    </ul>
  );
}

describe('a family write refreshes through the table', { timeout: 30_000 }, () => {
  it('accepting a request for a child shows the child in the children list and pokes the notifications', async () => {
    let joined = false;
    const poke = vi.fn();
    const undo = onNotificationsChanged(poke);
    const { calls } = renderRoutes(
      '/home/club-team',
      [
        {
          path: '/home/club-team',
          element: (
            <>
              <ChildrenList />
              <IncomingLinkRequestsCard />
            </>
          ),
        },
      ],
      {
        user: userWithRole('Padre/Acudiente'),
        api: ({ method, path }) => {
          if (path === '/api/parents/children') return [200, { data: joined ? [sara] : [] }];
          if (path === '/api/pla_club_teams') return [200, { data: [] }];
          if (path === '/api/link-requests' && method === 'GET')
            return [200, { data: joined ? [] : [request] }];
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
          return [404, { message: `No fake for ${method} ${path}` }];
        },
      },
    );
    const u = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Mis hijos' });
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    const card = await screen.findByRole('region', { name: 'Solicitudes para unirte a un club' });
    await u.click(
      within(card).getByRole('checkbox', {
        name: 'Acepto la autorización de tratamiento de datos personales',
      }),
    );
    await u.click(
      within(card).getByRole('button', {
        name: 'Aceptar la solicitud de Club Nuevo para Sara Gómez',
      }),
    );

    // The children are read again without a reload: the table lists them for an acceptance.
    expect(await within(list).findByRole('listitem')).toHaveTextContent('Sara Gómez');
    const childrenReads = calls.filter(({ path }) => path === '/api/parents/children');
    expect(childrenReads).toHaveLength(2);
    await waitFor(() => expect(poke).toHaveBeenCalledTimes(1));
    undo();
  });
});
