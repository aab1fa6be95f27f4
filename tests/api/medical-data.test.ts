import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { medicalDataResponseSchema, medicalMessages } from '../../contract/medical-data.schema';
import { players } from '../../server/db/schema/players';
import { addMembership, createClub, memberOf } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * An adult player's own medical data (issue #15, the Jugador onboarding's "medical data"
 * step): GET and PUT /api/profile/medical read and write the health fields of their
 * player row in their working club, and nobody else's.
 */
describeEachDatabase('An adult player’s medical data', (ctx: TestContext) => {
  let clubId = 0;
  let player: { id: number; token: string };

  beforeAll(async () => {
    const owner = await registerUser(ctx);
    clubId = (await createClub(ctx, owner.token)).id;
    player = await memberOf(ctx, clubId, 'Jugador');
    await ctx.db.insert(players).values({ clubId, userId: player.id, eps: 'Sanitas' });
  });

  const medical = (token: string | undefined, method: 'GET' | 'PUT', body?: object) =>
    ctx.request({ method, url: '/api/profile/medical', token, ...(body ? { body } : {}) });

  it('reads and saves the player’s own fields; an empty field clears it', async () => {
    const before = await medical(player.token, 'GET');
    expect(before.statusCode, before.body).toBe(200);
    expect(medicalDataResponseSchema.parse(before.json()).data.eps).toBe('Sanitas');

    const saved = await medical(player.token, 'PUT', {
      eps: 'Sura',
      blood_type: 'O+',
      allergies: 'Penicilina',
      emergency_contact_name: 'Ana Pérez',
      emergency_contact_phone: '3001234567',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(players)
      .where(and(eq(players.clubId, clubId), eq(players.userId, player.id)));
    expect(row).toMatchObject({
      eps: 'Sura',
      bloodType: 'O+',
      allergies: 'Penicilina',
      emergencyContactName: 'Ana Pérez',
    });

    const cleared = await medical(player.token, 'PUT', { blood_type: '', allergies: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(medicalDataResponseSchema.parse(cleared.json()).data).toMatchObject({
      eps: 'Sura',
      blood_type: null,
      allergies: null,
    });
  });

  it('refuses a wrong blood type on its field, in Spanish', async () => {
    const response = await medical(player.token, 'PUT', { blood_type: 'Z+' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('El tipo de sangre no es válido');
  });

  it('lets an invited player with no row yet read nothing on file and save, creating the row', async () => {
    const invited = await memberOf(ctx, clubId, 'Jugador');
    const before = await medical(invited.token, 'GET');
    expect(before.statusCode, before.body).toBe(200);
    expect(medicalDataResponseSchema.parse(before.json()).data).toEqual({
      eps: null,
      blood_type: null,
      allergies: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
    });
    const saved = await medical(invited.token, 'PUT', { eps: 'Nueva EPS', blood_type: 'A-' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(players)
      .where(and(eq(players.clubId, clubId), eq(players.userId, invited.id)));
    expect(row).toMatchObject({ eps: 'Nueva EPS', bloodType: 'A-', inClub: true, status: 'active' });
  });

  it('answers 404 to someone who is no player of their working club, and 401 to nobody', async () => {
    const guardian = await memberOf(ctx, clubId, 'Padre/Acudiente');
    for (const method of ['GET', 'PUT'] as const) {
      const response = await medical(
        guardian.token,
        method,
        method === 'PUT' ? { eps: 'X' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ message: medicalMessages.notAPlayer });
    }
    const loner = await registerUser(ctx);
    expect((await medical(loner.token, 'GET')).statusCode).toBe(404);
    expect((await medical(undefined, 'GET')).statusCode).toBe(401);
  });

  it('writes only the working club’s row of a player of two clubs', async () => {
    const owner = await registerUser(ctx);
    const other = (await createClub(ctx, owner.token)).id;
    await addMembership(ctx, player.id, other, 'Jugador');
    await ctx.db.insert(players).values({ clubId: other, userId: player.id, eps: 'Otra' });
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/profile/medical',
      token: player.token,
      headers: { 'x-club-id': String(other) },
      body: { eps: 'Compensar' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ctx.db
      .select({ clubId: players.clubId, eps: players.eps })
      .from(players)
      .where(eq(players.userId, player.id));
    expect(Object.fromEntries(rows.map((row) => [row.clubId, row.eps]))).toEqual({
      [clubId]: 'Sura',
      [other]: 'Compensar',
    });
  });
});
