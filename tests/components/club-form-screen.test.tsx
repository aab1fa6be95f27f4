import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clubFixture, renderClubs } from './support/render-clubs';
import { userWithRole } from './support/render-shell';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const demo = clubFixture(1, 'Club Deportivo Demo');
const before = userWithRole('Propietario del Club');
const created = clubFixture(5, 'Club Nuevo', { sport: null, state: null, city: 'Bogotá' });
const after = userWithRole('Propietario del Club', {
  listClub: [...before.listClub, { id: 5, name: 'Club Nuevo' }],
});

describe('club form screen', () => {
  it('refuses a form without a name and with a bad colour, in Spanish, before calling the server', async () => {
    const { calls } = renderClubs('/home/create-club-team', { user: before, api: () => [200, {}] });
    const u = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'Crear club / equipo' })).toBeVisible();
    await u.type(screen.getByLabelText('Color'), 'rojo');
    await u.type(screen.getByLabelText('Correo del club'), 'no-es-correo');
    await u.click(screen.getByRole('button', { name: 'Crear club' }));

    expect(await screen.findByText('El nombre del club es obligatorio')).toBeVisible();
    expect(screen.getByText('El color debe tener el formato #RRGGBB')).toBeVisible();
    expect(screen.getByText('El correo no es válido')).toBeVisible();
    expect(calls.filter(({ method }) => method !== 'GET')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute(
      'href',
      '/home/club-team',
    );
  });

  it('creates a club, says so, selects it and goes back to the list', async () => {
    const { calls, router } = renderClubs('/home/create-club-team', {
      users: [before, after],
      api: ({ method }) =>
        method === 'POST' ? [201, { data: created }] : [200, { data: [demo, created] }],
    });
    const u = userEvent.setup();

    await u.type(screen.getByLabelText(/Nombre del club/), 'Club Nuevo');
    await u.type(screen.getByLabelText('Ciudad'), 'Bogotá');
    await u.type(screen.getByLabelText('Color'), '#1a2b3c');
    await u.click(screen.getByRole('button', { name: 'Crear club' }));

    expect(await screen.findByText('Club creado')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/club-team'));
    expect(calls.find(({ method }) => method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/pla_club_teams',
      body: expect.objectContaining({
        name: 'Club Nuevo',
        city: 'Bogotá',
        country: 'CO',
        color: '#1A2B3C',
        sport: null,
        season_start_month: 1,
        season_end_month: 12,
      }),
    });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('selectedClub') ?? 'null')).toEqual({
        id: 5,
        name: 'Club Nuevo',
      }),
    );
  });

  it('edits a club and puts the server’s field errors on the fields', async () => {
    let refuse = true;
    const { calls } = renderClubs('/home/create-club-team/1', {
      user: before,
      api: ({ method, body }) => {
        if (method !== 'PATCH') return [200, { data: demo }];
        if (refuse) {
          refuse = false;
          return [
            400,
            {
              message: 'Revisa los datos',
              errors: [{ path: 'phone', message: 'El teléfono no es válido' }],
            },
          ];
        }
        return [200, { data: { ...demo, ...(body as object) } }];
      },
    });
    const u = userEvent.setup();

    expect(await screen.findByDisplayValue('Club Deportivo Demo')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar club / equipo' })).toBeVisible();
    await u.clear(screen.getByLabelText(/Nombre del club/));
    await u.type(screen.getByLabelText(/Nombre del club/), 'Club Demo Renovado');
    await u.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('El teléfono no es válido')).toBeVisible();
    expect(screen.getByText('Revisa los datos')).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados')).toBeVisible();
    expect(calls.filter(({ method }) => method === 'PATCH').at(-1)).toMatchObject({
      path: '/api/pla_club_teams/1',
      body: { name: 'Club Demo Renovado', city: 'Medellín' },
    });
  });

  it('does not offer the form to a member who may not edit the club', async () => {
    const { calls } = renderClubs('/home/create-club-team/1', {
      user: before,
      api: () => [200, { data: { ...demo, roles: ['Entrenador'] } }],
    });

    expect(await screen.findByText('No tienes permiso para editar este club')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    expect(calls).toEqual([{ method: 'GET', path: '/api/pla_club_teams/1', body: undefined }]);
  });
});
