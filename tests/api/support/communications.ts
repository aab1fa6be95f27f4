import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { CommunicationSendInput } from '../../../contract/communications.schema';
import { clubs } from '../../../server/db/schema/clubs';
import { emailOutbox } from '../../../server/db/schema/mail';
import { notifications } from '../../../server/db/schema/notifications';
import { users } from '../../../server/db/schema/users';
import { announcementClub } from './announcements';
import { addMembership, superAdmin } from './clubs';
import { type TestContext, uniqueEmail } from './test-app';

/*
 * The platform the mass communication tests send to: two clubs with one person per role
 * (tests/api/support/announcements.ts), a person in both, a locked, a deleted and an
 * inactive account, a member without an e-mail, and an archived club's trainer.
 */

async function person(ctx: TestContext, values: Partial<typeof users.$inferInsert> = {}) {
  const email = values.email === null ? null : uniqueEmail('masivo');
  const [row] = await ctx.db
    .insert(users)
    .values({ name: 'Persona', lastname: 'Masiva', email, ...values })
    .returning({ id: users.id, email: users.email });
  return { id: row!.id, email: row!.email };
}

export async function communicationsPlatform(ctx: TestContext) {
  const admin = await superAdmin(ctx);
  const a = await announcementClub(ctx, 'Club Masivo A');
  const b = await announcementClub(ctx, 'Club Masivo B');
  const both = await person(ctx, { name: 'Ana', lastname: 'Doble' });
  await addMembership(ctx, both.id, a.clubId, 'Jugador');
  await addMembership(ctx, both.id, b.clubId, 'Entrenador');
  const locked = await person(ctx, { lockedAt: new Date(), lockedReason: 'Prueba' });
  await addMembership(ctx, locked.id, a.clubId, 'Entrenador');
  const deleted = await person(ctx, { deletedAt: new Date() });
  await addMembership(ctx, deleted.id, a.clubId, 'Entrenador');
  const inactive = await person(ctx, { status: 'inactive' });
  await addMembership(ctx, inactive.id, b.clubId, 'Entrenador');
  const noEmail = await person(ctx, { email: null, name: 'Niño', lastname: 'Sin Correo' });
  await addMembership(ctx, noEmail.id, b.clubId, 'Jugador');
  const [archived] = await ctx.db
    .insert(clubs)
    .values({ name: 'Club Archivado', status: 'archived' })
    .returning({ id: clubs.id });
  const archivedTrainer = await person(ctx);
  await addMembership(ctx, archivedTrainer.id, archived!.id, 'Entrenador');
  return { admin, a, b, both, locked, deleted, inactive, noEmail, archivedTrainer };
}

export type CommunicationsPlatform = Awaited<ReturnType<typeof communicationsPlatform>>;

/** Every account, as the test reads it to compute who should be reached. */
export const allUsers = (ctx: TestContext) =>
  ctx.db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      lockedAt: users.lockedAt,
      deletedAt: users.deletedAt,
    })
    .from(users);

export const isReachable = (user: Awaited<ReturnType<typeof allUsers>>[number]) =>
  user.status === 'active' && user.lockedAt === null && user.deletedAt === null;

/** A send body: a title of its own and a new idempotency key each call, unless given. */
export const message = (
  body: Partial<CommunicationSendInput> & Pick<CommunicationSendInput, 'audience'>,
): CommunicationSendInput => ({
  kind: 'announcement',
  title: `Aviso ${uniqueEmail('t')}`,
  body: 'La plataforma estará en mantenimiento el sábado.',
  channels: ['in_app'],
  idempotency_key: randomUUID(),
  ...body,
});

export const post = (ctx: TestContext, token: string, url: string, body: unknown) =>
  ctx.request({ method: 'POST', url, token, body });

/** Who got the in-app notifications of communication `id`, ascending. */
export async function notifiedBy(ctx: TestContext, id: number) {
  const rows = await ctx.db
    .select({
      userId: notifications.userId,
      clubId: notifications.clubId,
      type: notifications.type,
    })
    .from(notifications)
    .where(eq(notifications.subject, `communication:${id}`))
    .orderBy(notifications.userId);
  return rows;
}

/** The addresses an e-mail titled `title` was queued for, sorted. */
export async function mailedWith(ctx: TestContext, title: string) {
  const rows = await ctx.db
    .select({ to: emailOutbox.to })
    .from(emailOutbox)
    .where(like(emailOutbox.subject, title));
  return rows.map((row) => row.to).sort();
}

export const ascending = (ids: number[]) => [...ids].sort((x, y) => x - y);

export type Reach = 'all' | 'trainers' | 'clubA+B';

/** Who each audience should reach, computed from the fixture, not by the server's SQL. */
export async function expectedReach(ctx: TestContext, p: CommunicationsPlatform, kind: Reach) {
  const everyone = await allUsers(ctx);
  const reachable = new Set(everyone.filter(isReachable).map((u) => u.id));
  reachable.delete(p.admin.id);
  const clubPeople = (c: CommunicationsPlatform['a']) => [
    c.owner.id,
    c.trainer10.id,
    c.trainer12.id,
    c.parent.id,
    c.player10.id,
    c.player12.id,
    c.accountant.id,
  ];
  const candidates =
    kind === 'all'
      ? [...reachable]
      : kind === 'trainers'
        ? [
            p.a.trainer10.id,
            p.a.trainer12.id,
            p.b.trainer10.id,
            p.b.trainer12.id,
            p.both.id,
            p.locked.id,
            p.deleted.id,
            p.inactive.id,
            // not p.archivedTrainer: a role held in an archived club does not count
          ]
        : [
            ...clubPeople(p.a),
            ...clubPeople(p.b),
            p.both.id,
            p.locked.id,
            p.deleted.id,
            p.inactive.id,
            p.noEmail.id,
          ];
  return ascending([...new Set(candidates)].filter((id) => reachable.has(id)));
}
