import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dataConsents, guardianLinks, photoConsents } from '../../server/db/schema/parents';
import { memberOf } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { MARCH_10, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';

/*
 * Issue #15 and the account's data (Ley 1581): a guardian's export lists their links and
 * the data-processing consents they accepted; deleting the account removes their links
 * (no child is reached through it any more) and keeps their consents (the clubs' proof of
 * the authorisation) and the photo consents they decided.
 */
describeEachDatabase('A guardian’s own data: export and deletion', (ctx) => {
  it('exports the links and consents, and deletion removes the links only', async () => {
    ctx.clock.set(MARCH_10);
    const f = await moneyClub(ctx);
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    const other = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.ana.id,
      guardianId: guardian.id,
      isPrimary: true,
    });
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.beto.id,
      guardianId: guardian.id,
      status: 'pending',
    });
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.ana.id, guardianId: other.id });
    await ctx.db.insert(dataConsents).values({
      userId: guardian.id,
      clubId: f.clubId,
      version: '2026-11-01',
      acceptedAt: MARCH_10,
      ip: '203.0.113.7',
      userAgent: 'Navegador de prueba',
    });
    await ctx.db.insert(photoConsents).values({
      clubId: f.clubId,
      playerId: f.ana.id,
      channel: 'internal',
      granted: true,
      decidedBy: guardian.id,
      decidedAt: MARCH_10,
    });

    const exported = await ctx.request({
      method: 'GET',
      url: '/api/account/export',
      token: guardian.token,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const body = exported.json() as {
      guardian_of: { club: string; player_name: string; status: string; is_primary: boolean }[];
      data_consents: { version: string; ip: string }[];
    };
    expect(body.guardian_of.map((l) => [l.club, l.player_name, l.status, l.is_primary])).toEqual([
      // By the child's last name, accents aside: Álvarez, Núñez.
      ['Club de Pagos', 'Beto', 'pending', false],
      ['Club de Pagos', 'Ana', 'authorized', true],
    ]);
    expect(body.data_consents).toMatchObject([{ version: '2026-11-01', ip: '203.0.113.7' }]);

    const deleted = await ctx.request({
      method: 'DELETE',
      url: '/api/account',
      token: guardian.token,
      body: { password: guardian.password, confirmation: 'ELIMINAR' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const links = await ctx.db
      .select()
      .from(guardianLinks)
      .where(eq(guardianLinks.clubId, f.clubId));
    expect(links.map((l) => [l.playerId, l.guardianId])).toEqual([[f.ana.id, other.id]]);
    const consents = await ctx.db
      .select()
      .from(dataConsents)
      .where(eq(dataConsents.userId, guardian.id));
    expect(consents).toHaveLength(1);
    const [photo] = await ctx.db
      .select()
      .from(photoConsents)
      .where(eq(photoConsents.playerId, f.ana.id));
    expect(photo).toMatchObject({ granted: true, decidedBy: guardian.id });
  });
});
