import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEFAULT_PLANS, type Plan, type Subscription } from '../../contract/plans.schema';
import { clubs } from '../../server/db/schema/clubs';
import { platformSettings } from '../../server/db/schema/platform';
import { players } from '../../server/db/schema/players';
import { createClub, memberOf, superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const subscriptionOf = (ctx: TestContext, clubId: number, token?: string) =>
  ctx.request({ method: 'GET', url: `/api/pla_club_teams/${clubId}/subscription`, token });

const plansNow = async (ctx: TestContext) => {
  const response = await ctx.request({ method: 'GET', url: '/api/plans' });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Plan[] }>().data;
};

const storedPlans: Plan[] = [
  { ...DEFAULT_PLANS[0]!, features: ['Hasta 50 jugadores'], max_players: 50 },
  { ...DEFAULT_PLANS[1]!, price: '$ 49.900 al mes', available: true },
];

describeEachDatabase('Plans and subscription API', (ctx) => {
  it('answers the default plans to anyone, without a session', async () => {
    const plans = await plansNow(ctx);
    expect(plans.map((plan) => [plan.id, plan.name, plan.available])).toEqual([
      ['free', 'Gratis', true],
      ['pro', 'Pro', false],
    ]);
    expect(plans[0]!.max_players).toBe(200);
    expect(plans[1]!.max_players).toBeNull();
    expect(plans[1]!.price).toBe('Próximamente');
  });

  it("answers the super admin's stored plans, and the defaults when the setting is malformed", async () => {
    await ctx.db.insert(platformSettings).values({ key: 'plans', value: storedPlans });
    expect(await plansNow(ctx)).toEqual(storedPlans);

    await ctx.db
      .update(platformSettings)
      .set({ value: [{ id: 'gold', name: '' }] })
      .where(eq(platformSettings.key, 'plans'));
    expect((await plansNow(ctx)).map((plan) => plan.id)).toEqual(['free', 'pro']);
    await ctx.db.delete(platformSettings).where(eq(platformSettings.key, 'plans'));
  });

  it("shows the owner the club's plan, what it includes and its active players and members", async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { name: 'Club Suscrito' });
    const trainer = await memberOf(ctx, club.id, 'Entrenador');
    const first = await memberOf(ctx, club.id, 'Jugador');
    const second = await memberOf(ctx, club.id, 'Jugador');
    await ctx.db.insert(players).values([
      { clubId: club.id, userId: first.id },
      { clubId: club.id, userId: second.id, status: 'inactive' },
    ]);

    const response = await subscriptionOf(ctx, club.id, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: Subscription }>().data;
    expect(data).toMatchObject({
      club_id: club.id,
      club_name: 'Club Suscrito',
      plan: { id: 'free', name: 'Gratis', max_players: 200 },
      // Owner, trainer and two players; one of the players is inactive.
      usage: { players: 1, members: 4 },
    });
    expect(trainer.id).toBeGreaterThan(0);

    await ctx.db.update(clubs).set({ plan: 'pro' }).where(eq(clubs.id, club.id));
    const pro = (await subscriptionOf(ctx, club.id, owner.token)).json<{ data: Subscription }>();
    expect(pro.data.plan).toMatchObject({ id: 'pro', name: 'Pro', max_players: null });
  });

  it('refuses a trainer (403), a stranger (404) and no session (401); a super admin sees it', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { name: 'Club Reservado' });
    const trainer = await memberOf(ctx, club.id, 'Entrenador');
    const stranger = await registerUser(ctx);
    const admin = await superAdmin(ctx);

    expect((await subscriptionOf(ctx, club.id, trainer.token)).statusCode).toBe(403);
    const hidden = await subscriptionOf(ctx, club.id, stranger.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Club no encontrado' });
    expect((await subscriptionOf(ctx, club.id)).statusCode).toBe(401);
    const seen = await subscriptionOf(ctx, club.id, admin.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ data: Subscription }>().data.usage.members).toBe(2);
    expect((await subscriptionOf(ctx, 2_000_000, admin.token)).statusCode).toBe(404);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/pla_club_teams/abc/subscription',
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});
