import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clubFixture, renderClubs } from './support/render-clubs';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const demo = clubFixture(1, 'Club Deportivo Demo');
const rival = clubFixture(2, 'Club Rival', { roles: ['Entrenador'], city: 'Cali', state: null });
const user = userWithRole('Propietario del Club', {
  listClub: [
    { id: 1, name: 'Club Deportivo Demo' },
    { id: 2, name: 'Club Rival' },
  ],
});

const card = async (name: string) => screen.findByRole('article', { name });

describe('club-team screen', () => {
  it('lists the user’s clubs with their role, the selected one marked', async () => {
    renderClubs('/home/club-team', { user, api: () => [200, { data: [demo, rival] }] });

    expect(screen.getByRole('heading', { level: 1, name: 'Club / Equipo' })).toBeVisible();
    const selected = await card('Club Deportivo Demo');
    expect(await within(selected).findByText('Club seleccionado')).toBeVisible();
    expect(within(selected).getByText('Activo')).toBeVisible();
    expect(within(selected).getByText('Tu rol: Propietario del Club')).toBeVisible();
    expect(within(selected).queryByRole('button', { name: 'Seleccionar' })).toBeNull();
    expect(within(selected).getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/home/create-club-team/1',
    );

    const other = await card('Club Rival');
    expect(within(other).getByText('Tu rol: Entrenador')).toBeVisible();
    expect(within(other).getByText('Cali')).toBeVisible();
    expect(within(other).getByRole('button', { name: 'Seleccionar' })).toBeVisible();
    // A trainer may not edit or archive the club.
    expect(within(other).queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Archivar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Crear club' })).toHaveAttribute(
      'href',
      '/home/create-club-team',
    );
  });

  it('lets a super admin manage a club of which they are not a member, without working in it', async () => {
    const admin = userWithRole('Super Admin');
    const foreign = clubFixture(7, 'Club Ajeno', { roles: [] });
    renderClubs('/home/club-team', { user: admin, api: () => [200, { data: [demo, foreign] }] });

    const other = await card('Club Ajeno');
    expect(within(other).getByText('Tu rol: Super Admin')).toBeVisible();
    expect(within(other).getByRole('link', { name: 'Editar' })).toBeVisible();
    expect(within(other).getByRole('button', { name: 'Archivar' })).toBeVisible();
    expect(within(other).queryByRole('button', { name: 'Seleccionar' })).toBeNull();
  });

  it('selects another club', async () => {
    renderClubs('/home/club-team', { user, api: () => [200, { data: [demo, rival] }] });
    const other = await card('Club Rival');
    await within(await card('Club Deportivo Demo')).findByText('Club seleccionado');

    await userEvent.setup().click(within(other).getByRole('button', { name: 'Seleccionar' }));

    expect(await within(other).findByText('Club seleccionado')).toBeVisible();
    expect(within(await card('Club Deportivo Demo')).queryByText('Club seleccionado')).toBeNull();
    expect(JSON.parse(localStorage.getItem('selectedClub') ?? 'null')).toEqual({
      id: 2,
      name: 'Club Rival',
    });
  });

  it('asks before archiving and shows the server’s reason when it refuses', async () => {
    const reason = 'No tienes permiso para realizar esta acción';
    const { calls } = renderClubs('/home/club-team', {
      user,
      api: ({ method }) =>
        method === 'PATCH' ? [403, { message: reason }] : [200, { data: [demo, rival] }],
    });
    const u = userEvent.setup();

    await u.click(
      within(await card('Club Deportivo Demo')).getByRole('button', { name: 'Archivar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Archivar Club Deportivo Demo?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some(({ method }) => method === 'PATCH')).toBe(false);

    await u.click(
      within(await card('Club Deportivo Demo')).getByRole('button', { name: 'Archivar' }),
    );
    const again = await screen.findByRole('dialog', { name: '¿Archivar Club Deportivo Demo?' });
    await u.click(within(again).getByRole('button', { name: 'Archivar' }));

    expect(await screen.findByText(reason)).toBeVisible();
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: '/api/pla_club_teams/1',
      body: { status: 'archived' },
    });
  });

  it('archives a club and says so', async () => {
    let archived = false;
    renderClubs('/home/club-team', {
      user,
      api: ({ method }) => {
        if (method === 'PATCH') {
          archived = true;
          return [200, { data: { ...demo, status: 'archived' } }];
        }
        return [200, { data: [archived ? { ...demo, status: 'archived' } : demo, rival] }];
      },
    });
    const u = userEvent.setup();

    await u.click(
      within(await card('Club Deportivo Demo')).getByRole('button', { name: 'Archivar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Archivar Club Deportivo Demo?' });
    await u.click(within(dialog).getByRole('button', { name: 'Archivar' }));

    expect(await screen.findByText('Club archivado')).toBeVisible();
    expect(await within(await card('Club Deportivo Demo')).findByText('Archivado')).toBeVisible();
  });

  it('invites a user without clubs to create one', async () => {
    renderClubs('/home/club-team', { user, api: () => [200, { data: [] }] });

    expect(await screen.findByText('Todavía no perteneces a ningún club')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Crear club' })).toHaveAttribute(
      'href',
      '/home/create-club-team',
    );
  });

  it('offers to retry when the list cannot be loaded', async () => {
    let failing = true;
    renderClubs('/home/club-team', {
      user,
      api: () =>
        failing ? [500, { message: 'Error interno del servidor' }] : [200, { data: [demo] }],
    });

    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByText('Error interno del servidor')).toBeVisible();
    failing = false;
    await userEvent.setup().click(retry);

    expect(await card('Club Deportivo Demo')).toBeVisible();
  });
});
