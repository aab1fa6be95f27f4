import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parentMessages, type PlayerGuardian } from '../../contract/parents.schema';
import { PlayerGuardiansSection } from '../../src/screens/players/player-guardians-section';
import { renderRoutes, type ServerCall } from './support/render-routes';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const guardian = (
  id: number,
  name: string,
  status: PlayerGuardian['status'],
  is_primary = false,
): PlayerGuardian => ({
  guardian_id: id,
  name,
  lastname: 'Gómez',
  email: `${name.toLowerCase()}@correo.co`,
  status,
  is_primary,
  decided_at: null,
});
const marta = guardian(11, 'Marta', 'authorized', true);
const pedro = guardian(12, 'Pedro', 'pending');

const GUARDIANS = '/api/pla_club_teams/1/players/1/guardians';

function renderSection() {
  let decided: PlayerGuardian['status'] | null = null;
  const view = renderRoutes(
    '/home/player-create/1',
    [
      {
        path: '/home/player-create/:playerId',
        element: <PlayerGuardiansSection clubId={1} playerId={1} />,
      },
    ],
    {
      user: userWithRole('Propietario del Club'),
      api: (call) => {
        if (call.method === 'GET' && call.path === GUARDIANS) {
          return [200, { data: [marta, decided ? { ...pedro, status: decided } : pedro] }];
        }
        if (call.method === 'PUT' && call.path === '/api/parents/child/1/authorize') {
          decided = (call.body as { status: PlayerGuardian['status'] }).status;
          const message =
            decided === 'authorized' ? parentMessages.authorized : parentMessages.denied;
          return [200, { data: { ...pedro, status: decided }, message }];
        }
        return [404, { message: `No fake for ${call.method} ${call.path}` }];
      },
    },
  );
  return view;
}

const puts = (calls: ServerCall[]) => calls.filter(({ method }) => method === 'PUT');

describe('a player’s guardians, as staff see them', { timeout: 30_000 }, () => {
  it('lists the guardians with their status and authorises a pending one at once', async () => {
    const { calls } = renderSection();
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Acudientes' });

    expect(await within(section).findByText('Marta Gómez')).toBeVisible();
    expect(within(section).getByText('Principal')).toBeVisible();
    expect(within(section).getByText('Autorizado')).toBeVisible();
    expect(within(section).getByText('Pendiente de autorización')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Autorizar a Marta Gómez' })).toBeNull();

    await u.click(within(section).getByRole('button', { name: 'Autorizar a Pedro Gómez' }));

    expect(await screen.findByText(parentMessages.authorized)).toBeVisible();
    expect(puts(calls).map(({ body }) => body)).toEqual([
      { club_id: 1, guardian_id: 12, status: 'authorized' },
    ]);
    await waitFor(() => expect(within(section).getAllByText('Autorizado')).toHaveLength(2));
  });

  it('asks before denying a pending guardian', async () => {
    const { calls } = renderSection();
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Acudientes' });

    await u.click(
      await within(section).findByRole('button', { name: 'No autorizar a Pedro Gómez' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿No autorizar a Pedro Gómez?' });
    expect(puts(calls)).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'No autorizar' }));

    expect(await screen.findByText(parentMessages.denied)).toBeVisible();
    expect(puts(calls).map(({ body }) => body)).toEqual([
      { club_id: 1, guardian_id: 12, status: 'denied' },
    ]);
  });
});
