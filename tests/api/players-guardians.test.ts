import { beforeAll, expect, it } from 'vitest';
import { playerListResponseSchema, playerResponseSchema } from '../../contract/players.schema';
import { categoryTrainers } from '../../server/db/schema/trainers';
import { grantWholeModule } from './support/members';
import { addMembership, memberOf } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { base, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';

/*
 * Issue #15, players (player-scope.ts): a guardian reads the children they are authorised
 * for and nobody else, whatever the filters say; a pending or denied link reads nothing;
 * a Jugador reads themself where a role grants them players.view. Writes stay closed.
 */
describeEachDatabase('Players a guardian sees', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let guardian: Awaited<ReturnType<typeof memberOf>>;
  const get = (token: string, path: string) =>
    ctx.request({ method: 'GET', url: `${base(f.clubId)}/players${path}`, token });
  const idsOf = async (token: string, query = '') => {
    const response = await get(token, `?pageSize=50${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = playerListResponseSchema.parse(response.json());
    expect(page.total).toBe(page.data.length);
    return page.data.map((player) => player.id).sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    f = await moneyClub(ctx);
    guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.ana.id, guardianId: guardian.id });
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.carla.id,
      guardianId: guardian.id,
    });
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.beto.id,
      guardianId: guardian.id,
      status: 'pending',
    });
  });

  it('lists and opens exactly the authorised children, through every filter', async () => {
    expect(await idsOf(guardian.token)).toEqual(sorted(f.ana.id, f.carla.id));
    expect(await idsOf(guardian.token, `&categorySection=${f.sub10}`)).toEqual([f.ana.id]);
    expect(await idsOf(guardian.token, `&categorySection=${f.sub12}`)).toEqual([]);
    expect(await idsOf(guardian.token, '&categorySection=none')).toEqual([f.carla.id]);
    expect(await idsOf(guardian.token, '&q=Beto')).toEqual([]);
    expect(await idsOf(guardian.token, '&q=Carla&sort=-name')).toEqual([f.carla.id]);
    expect((await get(guardian.token, `/${f.ana.id}`)).statusCode).toBe(200);
    for (const other of [f.beto.id, f.juan.id]) {
      expect((await get(guardian.token, `/${other}`)).statusCode).toBe(404);
    }
    const edit = await ctx.request({
      method: 'PATCH',
      url: `${base(f.clubId)}/players/${f.ana.id}`,
      token: guardian.token,
      body: { position: 'Arquera' },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('shows in the list and the detail the photo consent a guardian gave, and false for every channel without rows', async () => {
    const consent = (channel: string, granted: boolean) =>
      ctx.request({
        method: 'PUT',
        url: `/api/parents/child/${f.ana.id}/photo-consent`,
        token: guardian.token,
        body: { club_id: f.clubId, channel, granted },
      });
    for (const [channel, granted] of [
      ['social', true],
      ['internal', true],
      ['internal', false],
    ] as const) {
      const answer = await consent(channel, granted);
      expect(answer.statusCode, answer.body).toBe(200);
    }

    const listed = await get(f.owner.token, '?pageSize=50');
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = playerListResponseSchema.parse(listed.json()).data;
    const consentOf = (id: number) => rows.find((row) => row.id === id)?.photo_consent;
    expect(consentOf(f.ana.id)).toEqual({ internal: false, public_web: false, social: true });
    const none = { internal: false, public_web: false, social: false };
    for (const other of [f.beto.id, f.carla.id, f.juan.id]) expect(consentOf(other)).toEqual(none);
    const detail = await get(f.owner.token, `/${f.ana.id}`);
    expect(playerResponseSchema.parse(detail.json()).data.photo_consent).toEqual({
      internal: false,
      public_web: false,
      social: true,
    });
    const other = await get(f.owner.token, `/${f.beto.id}`);
    expect(playerResponseSchema.parse(other.json()).data.photo_consent).toEqual(none);
    // The guardian reads the same on their child's row.
    const own = playerListResponseSchema.parse((await get(guardian.token, '?pageSize=50')).json());
    expect(own.data.find((row) => row.id === f.ana.id)?.photo_consent.social).toBe(true);
  });

  it('shows a pending or denied guardian nobody', async () => {
    for (const status of ['pending', 'denied'] as const) {
      const waiting = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
      await linkGuardian(ctx.db, {
        clubId: f.clubId,
        playerId: f.ana.id,
        guardianId: waiting.id,
        status,
      });
      expect(await idsOf(waiting.token)).toEqual([]);
      expect(await idsOf(waiting.token, `&categorySection=${f.sub10}`)).toEqual([]);
      expect((await get(waiting.token, `/${f.ana.id}`)).statusCode).toBe(404);
    }
  });

  it('shows a Jugador holding players.view themself, and a trainer-guardian both reaches', async () => {
    // A club that lets its players see the players module: each sees themself only.
    await grantWholeModule(ctx, f.clubId, 'Jugador', 'players');
    expect(await idsOf(f.juan.token)).toEqual([f.juan.id]);
    expect((await get(f.juan.token, `/${f.ana.id}`)).statusCode).toBe(404);
    // A guardian who also trains Sub-12: their child and the category's players.
    await addMembership(ctx, guardian.id, f.clubId, 'Entrenador');
    await ctx.db.insert(categoryTrainers).values({ categoryId: f.sub12, userId: guardian.id });
    expect(await idsOf(guardian.token)).toEqual(sorted(f.ana.id, f.beto.id, f.carla.id));
  });
});
