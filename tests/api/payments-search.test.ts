import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { paymentListResponseSchema } from '../../contract/payments.schema';
import { players } from '../../server/db/schema/players';
import { type PaymentRow, base, moneyClub } from './support/payments';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * The payments search reads the players' stored text (players.search_text) rather than
 * folding every payment's name (bench/HISTORY.md "The payments grid at 60,000 payments"):
 * the same answers as folding "name lastname" and the document, including for a player
 * whose row the club has not filled in (Juan, a Jugador member by account: his row holds
 * only the ids, its text comes from his account), and never a guardian's name, which the
 * stored text also holds.
 */

async function search(ctx: TestContext, token: string, clubId: number, q: string) {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/payments?pageSize=100&q=${encodeURIComponent(q)}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return paymentListResponseSchema.parse(response.json());
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describeEachDatabase('Payments search (/api/pla_club_teams/:id/payments?q=)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  const ofPlayer = (userId: number) =>
    idsOf(f.list.filter((row: PaymentRow) => row.userId === userId));
  beforeAll(async () => {
    f = await moneyClub(ctx);
    await ctx.db
      .update(players)
      .set({ guardianName: 'Rosa Pérez' })
      .where(eq(players.userId, f.ana.id));
  });

  it('finds a player whose row the club has not filled in, by the name of his account', async () => {
    const [row] = await ctx.db.select().from(players).where(eq(players.userId, f.juan.id));
    expect(row).toMatchObject({ categoryId: null, position: null });
    const found = await search(ctx, f.owner.token, f.clubId, 'JUAN PEREZ');
    expect(ofPlayer(f.juan.id).length).toBeGreaterThan(0);
    expect(idsOf(found.data)).toEqual(ofPlayer(f.juan.id));
    expect(found.total).toBe(ofPlayer(f.juan.id).length);
  });

  it('finds a player by "name lastname" and by document, never by the guardian', async () => {
    expect(idsOf((await search(ctx, f.owner.token, f.clubId, 'ana núñez')).data)).toEqual(
      ofPlayer(f.ana.id),
    );
    expect(idsOf((await search(ctx, f.owner.token, f.clubId, f.carla.document)).data)).toEqual(
      ofPlayer(f.carla.id),
    );
    // Ana's guardian is Rosa Pérez: 'rosa' finds no one, 'pérez' only Juan.
    expect((await search(ctx, f.owner.token, f.clubId, 'rosa')).total).toBe(0);
    expect(idsOf((await search(ctx, f.owner.token, f.clubId, 'pérez')).data)).toEqual(
      ofPlayer(f.juan.id),
    );
  });
});
