import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { identityEditableSql, mayManagePerson } from '../../server/features/people/person-ties';
import { addMembership, createClub } from './support/clubs';
import { nodesOf, preparedPlan } from './support/plans';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Whether a club may edit a person's identity (identityEditableSql, person-ties.ts) is a
 * column of every row of the players and trainers lists, which read it from the row's
 * person (their password) and their ties to other clubs; it must answer as the write's
 * check (mayManagePerson) does. It asks whether the person trains in another club. With 20,000 trainers in other clubs and no index on trainers.user_id,
 * PostgreSQL read them all on every players page (0.75 → 3.9 ms of its CPU per page,
 * bench/HISTORY.md). The check must read trainers through trainers_user_idx (migration
 * 0047), whatever the number of clubs: prepared with its parameters as the server's
 * driver sends it, under the pool's plan_cache_mode (force_generic_plan) and under custom
 * plans, on a table whose statistics are current.
 */

const OTHER_TRAINERS = 3_000;
const INDEX = 'trainers_user_idx';

/** `count` new people who train in club `clubId`; the first one's id. */
async function insertTrainers(ctx: TestContext, clubId: number, count: number): Promise<number> {
  const inserted = await ctx.db.execute(sql`
    with people as (
      insert into users (name, lastname)
      select 'Entrenador', 'Número ' || n from generate_series(1, ${count}) n
      returning id)
    insert into trainers (club_id, user_id) select ${clubId}, id from people
    returning user_id`);
  const rows = (inserted as unknown as { rows: { user_id: number }[] }).rows;
  return Math.min(...rows.map((row) => Number(row.user_id)));
}

/** The identity check of `personId` for `clubId` and its plan under `mode`. */
async function identityPlan(
  ctx: TestContext,
  clubId: number,
  personId: number,
  mode: 'force_generic_plan' | 'force_custom_plan',
) {
  const query = ctx.db
    .select({ ok: identityEditableSql(clubId, personId) })
    .from(sql`(select 1) as one`)
    .toSQL();
  const { rows, plan } = await preparedPlan<Record<string, unknown>>(ctx, query, mode);
  // Drizzle names no column of a raw SQL field: the first one is the answer.
  return { editable: Object.values(rows[0]!)[0], plan };
}

/** The identity_editable of each person of a list's rows, by user id. */
async function listed(ctx: TestContext, token: string, url: string) {
  const response = await ctx.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json<{ data: { id: number; identity_editable: boolean }[] }>().data;
  return new Map(rows.map((row) => [row.id, row.identity_editable]));
}

/** The identity_editable of one answer (`data`), e.g. a player's for the form. */
async function answered(ctx: TestContext, token: string, url: string) {
  const response = await ctx.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { identity_editable: boolean } }>().data.identity_editable;
}

describeEachDatabase('The identity rule', (ctx) => {
  it("answers on each row of the trainers list and on each player's form as the check of a write does", async () => {
    const owner = await registerUser(ctx);
    const club = (await createClub(ctx, owner.token, { name: 'Club Alfa' })).id;
    const other = await registerUser(ctx);
    const otherClub = (await createClub(ctx, other.token, { name: 'Club Beta' })).id;
    // The club's own (no account, nowhere else), an account holder, a trainer of Beta.
    const managed = await insertTrainers(ctx, club, 1);
    const account = await registerUser(ctx);
    const elsewhere = await insertTrainers(ctx, otherClub, 1);
    const people = { [managed]: true, [account.id]: false, [elsewhere]: false };
    for (const id of [managed, account.id, elsewhere]) {
      await addMembership(ctx, id, club, 'Jugador');
      if (id !== managed) await addMembership(ctx, id, club, 'Entrenador');
    }
    await addMembership(ctx, managed, club, 'Entrenador');

    const base = `/api/pla_club_teams/${club}`;
    const trainers = await listed(ctx, owner.token, `${base}/trainers?pageSize=100`);
    for (const [id, editable] of Object.entries(people).map(
      ([id, v]) => [Number(id), v] as const,
    )) {
      expect(await mayManagePerson(ctx.db, club, id), `person ${id}`).toBe(editable);
      expect(trainers.get(id), `trainer ${id}`).toBe(editable);
      expect(await answered(ctx, owner.token, `${base}/players/${id}`), `player ${id}`).toBe(
        editable,
      );
    }
    // The players grid leaves the rule to the form: no row pays for it.
    const grid = await ctx.request({
      method: 'GET',
      url: `${base}/players?pageSize=100`,
      token: owner.token,
    });
    expect(grid.json<{ data: object[] }>().data.every((row) => !('identity_editable' in row))).toBe(
      true,
    );
  });

  it('asks whether a person trains elsewhere through trainers_user_idx, not by reading every trainer', async () => {
    const owner = await registerUser(ctx);
    const club = (await createClub(ctx, owner.token, { name: 'Club Alfa' })).id;
    const other = await registerUser(ctx);
    const otherClub = (await createClub(ctx, other.token, { name: 'Club Beta' })).id;
    const trainsElsewhere = await insertTrainers(ctx, otherClub, OTHER_TRAINERS);
    const loner = await insertTrainers(ctx, club, 1);
    await ctx.db.execute(sql`analyze trainers`);

    for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
      for (const [personId, editable] of [
        [trainsElsewhere, false],
        [loner, true],
      ] as const) {
        const answer = await identityPlan(ctx, club, personId, mode);
        expect(answer.editable, `${mode}, person ${personId}`).toBe(editable);
        const described = JSON.stringify(answer.plan);
        const onTrainers = nodesOf(answer.plan).filter(
          (node) => node['Relation Name'] === 'trainers',
        );
        expect(onTrainers.length, described).toBeGreaterThan(0);
        for (const node of onTrainers) {
          expect(['Index Scan', 'Index Only Scan'], described).toContain(node['Node Type']);
          expect(node['Index Name'], described).toBe(INDEX);
        }
      }
    }
  });
});
