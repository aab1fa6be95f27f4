import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RoleName } from '../../../contract/roles.schema';
import { createTokenService } from '../../../server/auth/tokens';
import { categories } from '../../../server/db/schema/categories';
import { players } from '../../../server/db/schema/players';
import { sessions } from '../../../server/db/schema/sessions';
import { categoryTrainers, trainers } from '../../../server/db/schema/trainers';
import { users } from '../../../server/db/schema/users';
import { addMembership, createClub } from './clubs';
import { linkGuardian } from './guardian-links';
import { type TestContext, registerUser, uniqueEmail } from './test-app';

/*
 * A club for the calendar tests: categories A and B, a trainer of A, a player of A whose
 * guardian is the parent, a player of B. People are written straight to the database
 * (registering is rate-limited) and get a token signed with the app's secret.
 */

/** A bearer token for `userId`, as the app signs one (valid 12 h from the fake clock's now). */
export const tokenOf = (ctx: TestContext, userId: number) =>
  createTokenService(ctx.config.jwtSecret, ctx.clock).sign({ userId, tokenVersion: 0 });

/** An account with `role` in club `clubId` (none when null), and a token. */
export async function personIn(ctx: TestContext, clubId: number, role: RoleName | null) {
  const email = uniqueEmail('calendario');
  const [row] = await ctx.db
    .insert(users)
    .values({ name: 'Persona', lastname: 'Del Calendario', email })
    .returning({ id: users.id });
  if (role) await addMembership(ctx, row!.id, clubId, role);
  return { id: row!.id, email, token: await tokenOf(ctx, row!.id) };
}

export type Person = Awaited<ReturnType<typeof personIn>>;

export async function addCategory(ctx: TestContext, clubId: number, name: string) {
  const [row] = await ctx.db
    .insert(categories)
    .values({ clubId, name, gender: 'mixed', birthYearFrom: 2014 })
    .returning({ id: categories.id });
  return row!.id;
}

/** A trainer (role, trainers row, category_trainers) of `categoryIds`. */
export async function trainerOf(ctx: TestContext, clubId: number, categoryIds: number[]) {
  const trainer = await personIn(ctx, clubId, 'Entrenador');
  await ctx.db.insert(trainers).values({ clubId, userId: trainer.id, status: 'active' });
  if (categoryIds.length > 0) {
    await ctx.db
      .insert(categoryTrainers)
      .values(categoryIds.map((categoryId) => ({ categoryId, userId: trainer.id })));
  }
  return trainer;
}

/** A current, active player of `categoryId`, optionally with a guardian e-mail. */
export async function playerOf(
  ctx: TestContext,
  clubId: number,
  categoryId: number | null,
  guardianEmail: string | null = null,
) {
  const player = await personIn(ctx, clubId, 'Jugador');
  await ctx.db.insert(players).values({ clubId, userId: player.id, categoryId, guardianEmail });
  return player;
}

/** The owner's club with categories A and B and one person of each narrow role. */
export async function calendarClub(ctx: TestContext, name = 'Club del Calendario') {
  const owner = await registerUser(ctx);
  const { id: clubId } = await createClub(ctx, owner.token, { name });
  const catA = await addCategory(ctx, clubId, 'Sub-10');
  const catB = await addCategory(ctx, clubId, 'Sub-12');
  const trainerA = await trainerOf(ctx, clubId, [catA]);
  const parent = await personIn(ctx, clubId, 'Padre/Acudiente');
  // The guardian e-mail is contact data only: the authorised link is what reaches the child.
  const playerA = await playerOf(ctx, clubId, catA, parent.email);
  await linkGuardian(ctx.db, { clubId, playerId: playerA.id, guardianId: parent.id });
  const playerB = await playerOf(ctx, clubId, catB);
  return { owner, clubId, catA, catB, trainerA, parent, playerA, playerB };
}

export type CalendarClub = Awaited<ReturnType<typeof calendarClub>>;

/** A session row written directly (for scope tests and history rows). */
export async function insertSession(
  ctx: TestContext,
  clubId: number,
  categoryId: number | null,
  fields: Partial<typeof sessions.$inferInsert> = {},
) {
  const startsAt = fields.startsAt ?? new Date('2026-12-01T23:00:00Z');
  const [row] = await ctx.db
    .insert(sessions)
    .values({
      clubId,
      categoryId,
      type: 'training',
      title: 'Entrenamiento',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * 60_000),
      ...fields,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** What the club guard and requireUser would hand a route, for calling a scope helper directly. */
export const fakeRequest = (userId: number, clubId: number, isSuperAdmin = false) =>
  ({
    currentUser: { id: userId, isSuperAdmin },
    params: { id: clubId },
  }) as unknown as FastifyRequest;

export const sessionsUrl = (clubId: number) => `/api/pla_club_teams/${clubId}/sessions`;

/** The field errors of an answer as [path, message] pairs. */
export const errorsOf = (response: { body: string }) =>
  (
    (JSON.parse(response.body) as { errors?: { path: string; message: string }[] }).errors ?? []
  ).map(({ path, message }) => [path, message]);

/** `POST …/sessions` with the defaults of an 18:00–19:30 Bogotá training. */
export const postSession = (
  ctx: TestContext,
  token: string,
  clubId: number,
  body: Record<string, unknown>,
) =>
  ctx.request({
    method: 'POST',
    url: sessionsUrl(clubId),
    token,
    body: {
      type: 'training',
      title: 'Entrenamiento',
      starts_at: '2026-11-02T18:00:00-05:00',
      ends_at: '2026-11-02T19:30:00-05:00',
      ...body,
    },
  });

/** The club's stored sessions, in start order. */
export const storedSessions = (ctx: TestContext, clubId: number) =>
  ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.clubId, clubId))
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
