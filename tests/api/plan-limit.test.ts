import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { playerImportColumns as H } from '../../contract/player-imports.columns';
import { PLAN_LIMIT_CODE } from '../../contract/plan-limit.schema';
import type { SettingsPlan } from '../../contract/platform-settings.schema';
import { categories } from '../../server/db/schema/categories';
import { players } from '../../server/db/schema/players';
import { addMembership, createClub, superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const free = (maxPlayers: number | null): SettingsPlan => ({
  id: 'free',
  name: 'Gratis',
  price_cop: 0,
  description: 'Para empezar.',
  features: ['Jugadores limitados'],
  max_players: maxPlayers,
  available: true,
});
const pro: SettingsPlan = {
  id: 'pro',
  name: 'Pro',
  price_cop: 49_900,
  description: 'Para crecer.',
  features: ['Jugadores ilimitados'],
  max_players: null,
  available: false,
};

/** The free plan's limit, through the super admin's platform settings API. */
async function setFreeLimit(ctx: TestContext, maxPlayers: number | null) {
  const admin = await superAdmin(ctx);
  const response = await ctx.request({
    method: 'PUT',
    url: '/api/admin/platform-settings',
    token: admin.token,
    body: { whatsapp_number: null, plans: [free(maxPlayers), pro] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

let sequence = 0;
const cc = () => String(30_000_000 + ++sequence);
const adult = () => ({
  name: 'Laura',
  lastname: 'Mejía',
  document_type: 'CC',
  document_number: cc(),
  birth_date: '1996-02-03',
  gender: 'female',
});

const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;
const createPlayer = (ctx: TestContext, token: string, clubId: number, body = adult()) =>
  ctx.request({ method: 'POST', url: `${base(clubId)}/players`, token, body });

async function clubWithPlayers(ctx: TestContext, count: number) {
  const owner = await registerUser(ctx);
  const clubId = (await createClub(ctx, owner.token, { name: `Club Límite ${++sequence}` })).id;
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await createPlayer(ctx, owner.token, clubId);
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json<{ data: { id: number } }>().data.id);
  }
  return { owner, clubId, ids };
}

async function activeCount(ctx: TestContext, clubId: number) {
  const rows = await ctx.db
    .select({ id: players.userId })
    .from(players)
    .where(and(eq(players.clubId, clubId), eq(players.status, 'active')));
  return rows.length;
}

const planLimitError = (response: { json: () => unknown }) =>
  (response.json() as { errors?: { path: string; message: string }[] }).errors?.find(
    (error) => error.path === PLAN_LIMIT_CODE,
  );

/** A CSV import of `count` new adult players. */
function importBody(count: number) {
  const header = [H.name, H.lastname, H.document_type, H.document_number, H.birth_date, H.gender]
    .map((column) => column.header)
    .join(',');
  const lines = Array.from(
    { length: count },
    (_, index) => `Importado ${index},Ruiz,CC,${cc()},1994-05-06,Masculino`,
  );
  const file = Buffer.from([header, ...lines].join('\r\n'), 'utf8');
  const boundary = `----limite${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jugadores.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDatabase('The plan limits the active players (issue #17)', (ctx) => {
  it('refuses one more player than the plan allows with 409 plan_limit, in Spanish', async () => {
    await setFreeLimit(ctx, 2);
    const { owner, clubId } = await clubWithPlayers(ctx, 2);
    const refused = await createPlayer(ctx, owner.token, clubId);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ message: string }>();
    expect(body.message).toBe(
      'Tu plan Gratis permite hasta 2 jugadores activos. Actualiza a Pro para agregar más.',
    );
    expect(planLimitError(refused)?.message).toBe(body.message);
    expect(await activeCount(ctx, clubId)).toBe(2);
  });

  it('lets an inactive player come back only while there is room', async () => {
    await setFreeLimit(ctx, 2);
    const { owner, clubId, ids } = await clubWithPlayers(ctx, 2);
    const status = (id: number, value: 'active' | 'inactive') =>
      ctx.request({
        method: 'PATCH',
        url: `${base(clubId)}/players/${id}/status`,
        token: owner.token,
        body: { status: value },
      });
    expect((await status(ids[0]!, 'inactive')).statusCode).toBe(200);
    expect((await createPlayer(ctx, owner.token, clubId)).statusCode).toBe(201);
    const refused = await status(ids[0]!, 'active');
    expect(refused.statusCode).toBe(409);
    expect(planLimitError(refused)).toBeDefined();
    // An active player set active again adds nobody: not refused at the limit.
    expect((await status(ids[1]!, 'active')).statusCode).toBe(200);
    expect(await activeCount(ctx, clubId)).toBe(2);
  });

  it("refuses a category's assignment that would give rows past the limit, whole", async () => {
    await setFreeLimit(ctx, 3);
    const { owner, clubId } = await clubWithPlayers(ctx, 2);
    // Two Jugador members the club has no players row for yet (invited by account).
    const members = [await registerUser(ctx), await registerUser(ctx)];
    for (const member of members) await addMembership(ctx, member.id, clubId, 'Jugador');
    const [category] = await ctx.db
      .insert(categories)
      .values({ clubId, name: 'Sub-20', gender: 'mixed', birthYearFrom: 2000 })
      .returning();
    const assign = (add: number[]) =>
      ctx.request({
        method: 'PATCH',
        url: `${base(clubId)}/categories/${category!.id}/players`,
        token: owner.token,
        body: { add },
      });
    const refused = await assign(members.map((member) => member.id));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(planLimitError(refused)?.message).toBe(
      'Tu plan Gratis permite hasta 3 jugadores activos. Actualiza a Pro para agregar más.',
    );
    expect(await activeCount(ctx, clubId)).toBe(2);
    expect((await assign([members[0]!.id])).statusCode).toBe(200);
    expect(await activeCount(ctx, clubId)).toBe(3);
  });

  it('sets no limit when the plan has none', async () => {
    await setFreeLimit(ctx, 1);
    await setFreeLimit(ctx, null);
    const { owner, clubId } = await clubWithPlayers(ctx, 3);
    expect(await activeCount(ctx, clubId)).toBe(3);
    const subscription = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/subscription`,
      token: owner.token,
    });
    expect(subscription.json()).toMatchObject({
      data: { plan: { id: 'free', max_players: null }, usage: { players: 3 } },
    });
  });

  it('refuses a whole import over the limit, writes nothing and says how many fit', async () => {
    await setFreeLimit(ctx, 3);
    const { owner, clubId } = await clubWithPlayers(ctx, 1);
    const refused = await ctx.request({
      method: 'POST',
      url: `${base(clubId)}/player-imports`,
      token: owner.token,
      ...importBody(4),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(planLimitError(refused)?.message).toBe(
      'Tu plan Gratis permite hasta 3 jugadores activos y este archivo dejaría 5: el club ' +
        'puede recibir 2 más. No se importó nada. Actualiza a Pro para agregar más.',
    );
    expect(await activeCount(ctx, clubId)).toBe(1);

    const fits = await ctx.request({
      method: 'POST',
      url: `${base(clubId)}/player-imports`,
      token: owner.token,
      ...importBody(2),
    });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await activeCount(ctx, clubId)).toBe(3);
  });

  it('lets exactly one of two creations at once through at limit − 1', async () => {
    await setFreeLimit(ctx, 3);
    const { owner, clubId } = await clubWithPlayers(ctx, 2);
    const answers = await Promise.all([
      createPlayer(ctx, owner.token, clubId),
      createPlayer(ctx, owner.token, clubId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await activeCount(ctx, clubId)).toBe(3);
  });
});
