import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dashboardMessages } from '../../contract/dashboards.schema';
import { parentDashboardResponseSchema } from '../../contract/parents.schema';
import { playerResponseSchema } from '../../contract/players.schema';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * The family dashboards span every club (server/features/dashboards/dashboard-access.ts):
 * a guardian whose working club is A (where they are, say, the owner) and whose child
 * plays in club B gets the child of B, with charts when the link is authorised, whatever
 * club they work in or name in the header. Without the family role in any club the answer
 * is a 403 that says so. A link request accepted for a child makes the guardian
 * Padre/Acudiente of the new club, so this is their everyday case.
 */

const THIS_YEAR = new Date().getUTCFullYear();

async function childOfClubB(ctx: TestContext) {
  const owner = await registerUser(ctx);
  const clubB = await createClub(ctx, owner.token, { name: 'Club B' });
  const response = await ctx.request({
    method: 'POST',
    url: `/api/pla_club_teams/${clubB.id}/players`,
    token: owner.token,
    body: {
      name: 'Tomás',
      lastname: 'Ruiz',
      document_type: 'TI',
      document_number: String(1_200_000_000 + Math.floor(Math.random() * 90_000_000)),
      birth_date: `${THIS_YEAR - 10}-05-05`,
      gender: 'male',
      guardian_name: 'Carolina Ruiz',
      guardian_phone: '3005556677',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { clubB, child: playerResponseSchema.parse(response.json()).data };
}

/** A guardian who owns club A and works in it. */
async function guardianWorkingInA(ctx: TestContext) {
  const guardian = await registerUser(ctx, { name: 'Carolina', lastname: 'Ruiz' });
  const clubA = await createClub(ctx, guardian.token, { name: 'Club A' });
  await ctx.db.update(users).set({ currentClubId: clubA.id }).where(eq(users.id, guardian.id));
  return { guardian, clubA };
}

const parentDashboard = (ctx: TestContext, token: string, clubHeader?: number) =>
  ctx.request({
    method: 'GET',
    url: '/api/dashboard/parent',
    token,
    ...(clubHeader ? { headers: { 'x-club-id': String(clubHeader) } } : {}),
  });

describeEachDatabase('the family dashboards across clubs', (ctx) => {
  it('gives a guardian working in club A their authorised child of club B, charts included, whatever club the header names', async () => {
    const { clubB, child } = await childOfClubB(ctx);
    const { guardian, clubA } = await guardianWorkingInA(ctx);
    await addMembership(ctx, guardian.id, clubB.id, 'Padre/Acudiente');
    await linkGuardian(ctx.db, { clubId: clubB.id, playerId: child.id, guardianId: guardian.id });

    for (const header of [undefined, clubA.id, clubB.id]) {
      const response = await parentDashboard(ctx, guardian.token, header);
      expect(response.statusCode, response.body).toBe(200);
      const [entry, ...rest] = parentDashboardResponseSchema.parse(response.json()).data;
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        club: { id: clubB.id, name: 'Club B' },
        player: { id: child.id, name: 'Tomás' },
        status: 'authorized',
      });
      expect(entry?.summary).not.toBeNull();
      expect(entry?.charts).not.toBeNull();
    }
  });

  it('shows a pending link of club B without its data', async () => {
    const { clubB, child } = await childOfClubB(ctx);
    const { guardian } = await guardianWorkingInA(ctx);
    await addMembership(ctx, guardian.id, clubB.id, 'Padre/Acudiente');
    await linkGuardian(ctx.db, {
      clubId: clubB.id,
      playerId: child.id,
      guardianId: guardian.id,
      status: 'pending',
    });
    const response = await parentDashboard(ctx, guardian.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(parentDashboardResponseSchema.parse(response.json()).data).toMatchObject([
      { club: { id: clubB.id }, status: 'pending', summary: null, charts: null },
    ]);
  });

  it('refuses, saying so, someone who is Padre/Acudiente in no club, and the player dashboard to a guardian', async () => {
    const { guardian } = await guardianWorkingInA(ctx);
    const refused = await parentDashboard(ctx, guardian.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: dashboardMessages.notYourFamilyRole('Padre/Acudiente'),
    });

    const { clubB } = await childOfClubB(ctx);
    await addMembership(ctx, guardian.id, clubB.id, 'Padre/Acudiente');
    const asPlayer = await ctx.request({
      method: 'GET',
      url: '/api/dashboard/player',
      token: guardian.token,
    });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json()).toEqual({ message: dashboardMessages.notYourFamilyRole('Jugador') });
  });
});
