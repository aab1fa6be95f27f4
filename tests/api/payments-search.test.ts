import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { paymentListResponseSchema } from '../../contract/payments.schema';
import { players } from '../../server/db/schema/players';
import { type PaymentRow, addPayment, base, moneyClub } from './support/payments';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * The payments search reads the players' stored text (players.search_text) rather than
 * folding every payment's name (bench/HISTORY.md "The payments grid at 60,000 payments"):
 * the same answers as folding "name lastname" and the document, including for a player
 * whose row the club has not filled in (Juan, a Jugador member by account: his row holds
 * only the ids, its text comes from his account), and never a guardian's name, which the
 * stored text also holds. Each payment keeps that text (payments.player_search, migration
 * 0043), so a new name or document must reach the payments already billed. Within a period
 * the search reads keys of the club's period and a trigram (migration 0045), across periods
 * the club's matching players: the second suite checks both against the names themselves.
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

  it("follows a player's new name and document to the payments already billed, and bills new ones searchable", async () => {
    const before = ofPlayer(f.carla.id);
    const patched = await ctx.request({
      method: 'PATCH',
      url: `${base(f.clubId)}/players/${f.carla.id}`,
      token: f.owner.token,
      body: { name: 'Carolina', lastname: 'Ñústez', document_number: '7770001' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    for (const q of ['carolina nustez', 'ÑÚSTEZ', '7770001']) {
      expect(idsOf((await search(ctx, f.owner.token, f.clubId, q)).data), q).toEqual(before);
    }
    for (const q of ['carla zapata', f.carla.document]) {
      expect((await search(ctx, f.owner.token, f.clubId, q)).total, q).toBe(0);
    }
    // A guardian's name is never searched, before or after it changes.
    await ctx.db
      .update(players)
      .set({ guardianName: 'Carolina Ñústez' })
      .where(eq(players.userId, f.beto.id));
    expect(idsOf((await search(ctx, f.owner.token, f.clubId, 'nustez')).data)).toEqual(before);

    const added = await addPayment(ctx, f.clubId, {
      userId: f.carla.id,
      chargeId: f.monthly,
      period: '2026-02',
      due: '2026-02-05',
      base: 100_000,
      status: 'pending',
    });
    const found = await search(ctx, f.owner.token, f.clubId, 'Carolina');
    expect(idsOf(found.data)).toEqual(idsOf([...before.map((id) => ({ id })), added]));
    const period = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments?period=2026-02&q=carolina`,
      token: f.owner.token,
    });
    expect(paymentListResponseSchema.parse(period.json()).data.map((row) => row.id)).toEqual([
      added.id,
    ]);
  });
});

/** "Núñez" as the search compares it: no accents, lower case (the query is folded alike). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describeEachDatabase('Payments search keys (migration 0045)', (ctx) => {
  // Two clubs of the same people by name: each search must stay in its own club.
  let club: Awaited<ReturnType<typeof moneyClub>>;
  let other: Awaited<ReturnType<typeof moneyClub>>;
  beforeAll(async () => {
    club = await moneyClub(ctx);
    other = await moneyClub(ctx);
  });

  it("finds exactly the club's payments whose player's name or document holds the text, with and without a period", async () => {
    const people = [
      { ...club.ana, name: 'Ana Núñez' },
      { ...club.beto, name: 'Beto Álvarez' },
      { ...club.carla, name: 'Carla Zapata' },
      { id: club.juan.id, document: '', name: 'Juan Pérez' },
    ];
    const texts = people.map((person) => ({ ...person, name: fold(person.name) }));
    // Every two and three letters of each name (within a word or across the space, where
    // the keys have no trigram), whole names with accents, part of a document, LIKE's
    // wildcards taken as letters, and nothing.
    const queries = new Set([
      'NÚÑEZ',
      'Beto Álvarez',
      'pérez',
      'zz',
      'a%',
      'n_',
      club.carla.document.slice(2, 7),
    ]);
    for (const { name } of texts)
      for (const size of [2, 3])
        for (let at = 0; at + size <= name.length; at++) queries.add(name.slice(at, at + size));
    const monthOf = (row: PaymentRow) => row.period.slice(0, 7);
    const periods = [...new Set(club.list.map(monthOf))];
    expect(periods.length).toBeGreaterThan(1);
    for (const q of queries) {
      // The list trims `q` (an empty one lists everything).
      const wanted = fold(q.trim());
      const holders = texts
        .filter(({ name, document }) => name.includes(wanted) || document.includes(wanted))
        .map(({ id }) => id);
      for (const period of [undefined, periods[0]!]) {
        const expected = idsOf(
          club.list.filter(
            (row: PaymentRow) =>
              holders.includes(row.userId) && (period === undefined || monthOf(row) === period),
          ),
        );
        const response = await ctx.request({
          method: 'GET',
          url: `${base(club.clubId)}/payments?pageSize=100&q=${encodeURIComponent(q)}${period ? `&period=${period}` : ''}`,
          token: club.owner.token,
        });
        expect(response.statusCode, response.body).toBe(200);
        const found = paymentListResponseSchema.parse(response.json());
        expect(idsOf(found.data), `${q} ${period ?? ''}`).toEqual(expected);
        expect(found.total, q).toBe(expected.length);
      }
    }
    // The other club's same names answer there, with its own payments only.
    const there = await search(ctx, other.owner.token, other.clubId, 'núñez');
    expect(idsOf(there.data)).toEqual(
      idsOf(other.list.filter((row: PaymentRow) => row.userId === other.ana.id)),
    );
  });
});
