import { and, eq, inArray } from 'drizzle-orm';
import { categories } from '../../../server/db/schema/categories';
import { emailOutbox } from '../../../server/db/schema/mail';
import { notifications } from '../../../server/db/schema/notifications';
import { players } from '../../../server/db/schema/players';
import { categoryTrainers } from '../../../server/db/schema/trainers';
import type { RoleName } from '../../../contract/roles.schema';
import { users } from '../../../server/db/schema/users';
import { addMembership, createClub, memberOf } from './clubs';
import { linkGuardian } from './guardian-links';
import { type TestContext, registerUser, uniqueEmail } from './test-app';

/*
 * A club with one person per role and two categories, for the announcement tests:
 * U10 has a player (whose guardian is the parent) and a trainer; U12 a player and
 * another trainer; the accountant belongs to no category.
 */

/**
 * An account holding `role` in the club, written straight to the database (no token:
 * registering through the API is rate-limited to 60 per 10 minutes per address).
 */
export async function personIn(ctx: TestContext, clubId: number, role: RoleName) {
  const email = uniqueEmail('anuncio');
  const [row] = await ctx.db
    .insert(users)
    .values({ name: 'Persona', lastname: 'De Prueba', email })
    .returning({ id: users.id });
  await addMembership(ctx, row!.id, clubId, role);
  return { id: row!.id, email };
}

export async function announcementClub(ctx: TestContext, name: string) {
  const owner = await registerUser(ctx);
  const { id: clubId } = await createClub(ctx, owner.token, { name });
  const category = async (label: string) => {
    const [row] = await ctx.db
      .insert(categories)
      .values({ clubId, name: label, gender: 'mixed', birthYearFrom: 2014 })
      .returning({ id: categories.id });
    return row!.id;
  };
  const u10 = await category('U10');
  const u12 = await category('U12');
  const trainer10 = await memberOf(ctx, clubId, 'Entrenador');
  const trainer12 = await personIn(ctx, clubId, 'Entrenador');
  await ctx.db.insert(categoryTrainers).values([
    { categoryId: u10, userId: trainer10.id },
    { categoryId: u12, userId: trainer12.id },
  ]);
  const parent = await personIn(ctx, clubId, 'Padre/Acudiente');
  const player10 = await personIn(ctx, clubId, 'Jugador');
  const player12 = await personIn(ctx, clubId, 'Jugador');
  await ctx.db.insert(players).values([
    { clubId, userId: player10.id, categoryId: u10, guardianEmail: parent.email },
    { clubId, userId: player12.id, categoryId: u12 },
  ]);
  await linkGuardian(ctx.db, { clubId, playerId: player10.id, guardianId: parent.id });
  const accountant = await personIn(ctx, clubId, 'Contador');
  return { owner, clubId, u10, u12, trainer10, trainer12, parent, player10, player12, accountant };
}

/** Who got the notifications of announcement `id` (user ids, ascending). */
export async function recipientsOf(ctx: TestContext, id: number) {
  const rows = await ctx.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.subject, `announcement:${id}`))
    .orderBy(notifications.userId);
  return rows.map((row) => row.userId);
}

/** The notifications of announcement `id`, all fields. */
export const notificationsOf = (ctx: TestContext, id: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.subject, `announcement:${id}`));

/** The addresses an e-mail with this subject was queued for, sorted. */
export async function mailedTo(ctx: TestContext, subject: string, among: string[]) {
  const rows = await ctx.db
    .select({ to: emailOutbox.to })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.subject, subject), inArray(emailOutbox.to, among)));
  return rows.map((row) => row.to).sort();
}

export const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
