import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type Club,
  clubListResponseSchema,
  clubMessages,
  clubResponseSchema,
} from '../../contract/clubs.schema';
import { modules } from '../../server/db/schema/access';
import { clubs } from '../../server/db/schema/clubs';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub, memberOf, superAdmin } from './support/clubs';
import { describeEachDatabase, registerUser } from './support/test-app';

describeEachDatabase('Clubs API (/api/pla_club_teams)', (ctx) => {
  it('creates a club, makes the creator its owner and their current club, and derives timezone and currency', async () => {
    const owner = await registerUser(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/pla_club_teams',
      token: owner.token,
      body: {
        name: '  Atlético Sabana  ',
        description: 'Escuela de fútbol',
        sport: 'Fútbol',
        country: 'co',
        state: 'CUN',
        city: 'Chía',
        address: 'Calle 1 # 2-3',
        nit: ' 900.123.456-7 ',
        phone: '+57 300 123 4567',
        email: 'Club@Sabana.CO',
        logo_url: 'https://sabana.co/logo.png',
        color: '#1a2b3c',
        season_start_month: 2,
        season_end_month: 11,
        unknown_field: 'se ignora',
      },
    });

    expect(response.statusCode).toBe(201);
    const club = clubResponseSchema.parse(response.json()).data;
    expect(club).toMatchObject({
      name: 'Atlético Sabana',
      country: 'CO',
      nit: '900.123.456-7',
      email: 'club@sabana.co',
      color: '#1A2B3C',
      season_start_month: 2,
      season_end_month: 11,
      timezone: 'America/Bogota',
      currency: 'COP',
      status: 'active',
      roles: ['Propietario del Club'],
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.currentClubId).toBe(club.id);
  });

  it('defaults the season to January–December and keeps the current club on a second club', async () => {
    const owner = await registerUser(ctx);
    const first = await createClub(ctx, owner.token, { name: 'Primero' });
    const second = await createClub(ctx, owner.token, { name: 'Segundo' });

    expect(second).toMatchObject({
      season_start_month: 1,
      season_end_month: 12,
      description: null,
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.currentClubId).toBe(first.id);
  });

  it('refuses an anonymous creation with 401, before looking at the body', async () => {
    const response = await ctx.request({ method: 'POST', url: '/api/pla_club_teams', body: {} });
    expect(response.statusCode).toBe(401);
  });

  it('answers bad input with 400 and a Spanish message per field', async () => {
    const owner = await registerUser(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/pla_club_teams',
      token: owner.token,
      body: {
        name: 'x'.repeat(121),
        color: 'rojo',
        season_start_month: 13,
        season_end_month: 0,
        email: 'no-es-correo',
        country: 'Colombia',
        logo_url: 'javascript:alert(1)',
        status: 'deleted',
        nit: 'NIT 900',
      },
    });

    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
    const byPath = Object.fromEntries(errors.map((error) => [error.path, error.message]));
    expect(byPath).toMatchObject({
      name: 'El nombre del club no puede tener más de 120 caracteres',
      color: 'El color debe tener el formato #RRGGBB',
      nit: 'El NIT debe tener solo números, puntos y el dígito de verificación (por ejemplo, 900.123.456-7)',
      season_start_month: 'El mes de inicio de temporada debe estar entre 1 y 12',
      season_end_month: 'El mes de fin de temporada debe estar entre 1 y 12',
      email: 'El correo no es válido',
      country: 'El país debe ser un código de 2 letras (por ejemplo, CO)',
      status: "El estado debe ser 'active' o 'archived'",
    });
    expect(byPath.logo_url).toBeDefined();
  });

  it('requires a name and never answers 500 to wrong types', async () => {
    const owner = await registerUser(ctx);
    for (const body of [
      {},
      { name: '   ' },
      { name: 42 },
      { name: ['a'] },
      { name: 'A', season_start_month: '1x' },
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/pla_club_teams',
        token: owner.token,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const response = await ctx.request({
      method: 'POST',
      url: '/api/pla_club_teams',
      token: owner.token,
      body: {},
    });
    expect(response.json()).toMatchObject({
      errors: [{ path: 'name', message: 'El nombre del club es obligatorio' }],
    });
  });

  it("lists only the user's clubs with their roles in each; a super admin sees every club", async () => {
    const owner = await registerUser(ctx);
    const mine = await createClub(ctx, owner.token, { name: 'Mío' });
    const other = await registerUser(ctx);
    const theirs = await createClub(ctx, other.token, { name: 'Ajeno' });
    const trainer = await memberOf(ctx, theirs.id, 'Entrenador');
    await addMembership(ctx, trainer.id, theirs.id, 'Padre/Acudiente');

    const ownList = await ctx.request({
      method: 'GET',
      url: '/api/pla_club_teams',
      token: owner.token,
    });
    expect(ownList.statusCode).toBe(200);
    expect(clubListResponseSchema.parse(ownList.json()).data.map((club) => club.id)).toEqual([
      mine.id,
    ]);

    const trainerList = await ctx.request({
      method: 'GET',
      url: '/api/pla_club_teams',
      token: trainer.token,
    });
    expect(trainerList.json<{ data: Club[] }>().data).toMatchObject([
      { id: theirs.id, roles: ['Entrenador', 'Padre/Acudiente'] },
    ]);

    const admin = await superAdmin(ctx);
    const all = await ctx.request({
      method: 'GET',
      url: '/api/pla_club_teams',
      token: admin.token,
    });
    const ids = all.json<{ data: Club[] }>().data.map((club) => club.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    const anonymous = await ctx.request({ method: 'GET', url: '/api/pla_club_teams' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a club to its owner, 404 to a stranger or a missing id, 403 to a member without club.view', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token);
    const stranger = await registerUser(ctx);
    const player = await memberOf(ctx, club.id, 'Jugador');
    const url = `/api/pla_club_teams/${club.id}`;

    const own = await ctx.request({ method: 'GET', url, token: owner.token });
    expect(own.statusCode).toBe(200);
    expect(clubResponseSchema.parse(own.json()).data.id).toBe(club.id);

    for (const path of [url, '/api/pla_club_teams/999999', '/api/pla_club_teams/abc']) {
      const response = await ctx.request({ method: 'GET', url: path, token: stranger.token });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ message: clubMessages.notFound });
    }

    const refused = await ctx.request({ method: 'GET', url, token: player.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'No tienes permiso para realizar esta acción' });
  });

  it('updates only the fields sent, clears one with null and re-derives from the country', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { description: 'Antes', city: 'Cali' });
    const url = `/api/pla_club_teams/${club.id}`;

    const response = await ctx.request({
      method: 'PATCH',
      url,
      token: owner.token,
      body: { name: 'Nuevo nombre', description: null, country: 'CO', color: '#abcdef' },
    });

    expect(response.statusCode).toBe(200);
    expect(clubResponseSchema.parse(response.json()).data).toMatchObject({
      name: 'Nuevo nombre',
      description: null,
      city: 'Cali',
      country: 'CO',
      color: '#ABCDEF',
      timezone: 'America/Bogota',
      currency: 'COP',
    });

    const bad = await ctx.request({ method: 'PATCH', url, token: owner.token, body: { name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ path: 'name' }] });

    const trainer = await memberOf(ctx, club.id, 'Entrenador');
    const refused = await ctx.request({
      method: 'PATCH',
      url,
      token: trainer.token,
      body: { name: 'X' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('archives on DELETE and keeps the row', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token);

    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/pla_club_teams/${club.id}`,
      token: owner.token,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { id: club.id, status: 'archived' } });
    const [row] = await ctx.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(row?.status).toBe('archived');
  });

  it('refuses to delete a club with players with 409 and says why', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token);
    await memberOf(ctx, club.id, 'Jugador');

    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/pla_club_teams/${club.id}`,
      token: owner.token,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: clubMessages.hasPlayers(1) });
    const [row] = await ctx.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(row?.status).toBe('active');
  });

  it('switches a module off for everyone but a super admin', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token);
    const admin = await superAdmin(ctx);
    const url = `/api/pla_club_teams/${club.id}`;
    await ctx.db.update(modules).set({ isActive: false }).where(eq(modules.slug, 'club'));
    try {
      const refused = await ctx.request({ method: 'GET', url, token: owner.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: clubMessages.moduleDisabled });

      const allowed = await ctx.request({ method: 'GET', url, token: admin.token });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toMatchObject({ data: { id: club.id, roles: [] } });
    } finally {
      await ctx.db.update(modules).set({ isActive: true }).where(eq(modules.slug, 'club'));
    }
  });

  it('judges a person with roles in two clubs by their role in the club of the URL', async () => {
    const person = await registerUser(ctx);
    const own = await createClub(ctx, person.token, { name: 'Donde soy dueño' });
    const otherOwner = await registerUser(ctx);
    const other = await createClub(ctx, otherOwner.token, { name: 'Donde juego' });
    await addMembership(ctx, person.id, other.id, 'Jugador');

    const ownClub = await ctx.request({
      method: 'PATCH',
      url: `/api/pla_club_teams/${own.id}`,
      token: person.token,
      body: { city: 'Cali' },
    });
    expect(ownClub.statusCode).toBe(200);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.request({
        method,
        url: `/api/pla_club_teams/${other.id}`,
        token: person.token,
        ...(method === 'PATCH' ? { body: { name: 'Tomado' } } : {}),
      });
      expect(response.statusCode, method).toBe(403);
    }
    const [row] = await ctx.db.select().from(clubs).where(eq(clubs.id, other.id));
    expect(row).toMatchObject({ name: 'Donde juego', status: 'active' });
  });

  it('answers 404 to a super admin asking for a club that does not exist', async () => {
    const admin = await superAdmin(ctx);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/pla_club_teams/999999',
      token: admin.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: clubMessages.notFound });
  });
});
