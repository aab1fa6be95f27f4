import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountMessages } from '../../contract/account.schema';
import { clubMemberships } from '../../server/db/schema/memberships';
import { payments } from '../../server/db/schema/payments';
import { auditLog } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub, memberOf, superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

const DEMO_PASSWORD = 'Demo1234!';

const errorPaths = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

const leave = (ctx: TestContext, token: string, clubId: number) =>
  ctx.request({ method: 'POST', url: `/api/account/clubs/${clubId}/leave`, token });

const remove = (ctx: TestContext, token: string, body: unknown) =>
  ctx.request({ method: 'DELETE', url: '/api/account', token, body });

/** The audit rows of `action` written by `actorUserId`. */
const auditBy = (ctx: TestContext, action: string, actorUserId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, actorUserId)))
    .orderBy(auditLog.id);

async function tokenOf(ctx: TestContext, email: string) {
  const response = await login(ctx, email, DEMO_PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; user: { id: number } }>();
}

describeEachDatabase(
  'Account API: clubs, data export and deletion',
  (ctx) => {
    it('lets a member leave, refuses the last owner with 409 and a stranger with 404', async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Salida' });
      const trainer = await memberOf(ctx, club.id, 'Entrenador');
      const stranger = await registerUser(ctx);

      const last = await leave(ctx, owner.token, club.id);
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ message: accountMessages.lastOwner });
      expect((await leave(ctx, stranger.token, club.id)).statusCode).toBe(404);
      expect((await leave(ctx, stranger.token, 2_000_000)).statusCode).toBe(404);

      const left = await leave(ctx, trainer.token, club.id);
      expect(left.statusCode, left.body).toBe(200);
      const held = await ctx.db
        .select()
        .from(clubMemberships)
        .where(eq(clubMemberships.userId, trainer.id));
      expect(held).toEqual([]);

      // With a second owner, the first may leave.
      const second = await registerUser(ctx);
      await addMembership(ctx, second.id, club.id, 'Propietario del Club');
      expect((await leave(ctx, owner.token, club.id)).statusCode).toBe(200);
      expect((await leave(ctx, second.token, club.id)).statusCode).toBe(409);
    });

    it('exports my data as a JSON attachment without hashes or tokens', async () => {
      const jugador = await tokenOf(ctx, 'jugador@demo.club');
      const response = await ctx.request({
        method: 'GET',
        url: '/api/account/export',
        token: jugador.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const data = response.json<Record<string, unknown[]> & { profile: { email: string } }>();
      expect(data.profile.email).toBe('jugador@demo.club');
      expect(data.memberships!.length).toBeGreaterThan(0);
      expect(data.player_records!.length).toBeGreaterThan(0);
      const [owed] = await ctx.db
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.userId, jugador.user.id));
      expect(data.payments).toHaveLength(owed!.n);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, jugador.user.id));
      expect(response.body).not.toContain(row!.passwordHash!);
      expect(response.body).not.toMatch(/password|token_version|token_hash|"token"/i);
    });

    it('refuses deletion without ELIMINAR, with a wrong password, for the only owner or a super admin', async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Único' });
      const noWord = await remove(ctx, owner.token, {
        password: owner.password,
        confirmation: 'borrar',
      });
      expect(noWord.statusCode).toBe(400);
      expect(errorPaths(noWord)).toEqual(['confirmation']);
      const wrong = await remove(ctx, owner.token, {
        password: 'NoEsLaMia123',
        confirmation: 'ELIMINAR',
      });
      expect(wrong.statusCode).toBe(422);
      expect(errorPaths(wrong)).toEqual(['password']);
      const sole = await remove(ctx, owner.token, {
        password: owner.password,
        confirmation: 'ELIMINAR',
      });
      expect(sole.statusCode).toBe(409);
      expect(sole.json()).toMatchObject({
        message: accountMessages.onlyOwnerOfClub('Club Único'),
      });
      const [kept] = await ctx.db.select().from(users).where(eq(users.id, owner.id));
      expect(kept?.deletedAt).toBeNull();
      void club;

      const admin = await superAdmin(ctx);
      const refused = await remove(ctx, admin.token, {
        password: admin.password,
        confirmation: 'ELIMINAR',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: accountMessages.superAdminDelete });
    });

    it('deletes the account: anonymised, signed out, memberships gone, payments kept', async () => {
      const jugador = await tokenOf(ctx, 'jugador@demo.club');
      const id = jugador.user.id;
      const moneyBefore = await ctx.db.select().from(payments).where(eq(payments.userId, id));
      expect(moneyBefore.length).toBeGreaterThan(0);

      const deleted = await remove(ctx, jugador.token, {
        password: DEMO_PASSWORD,
        confirmation: ' ELIMINAR ',
      });
      expect(deleted.statusCode, deleted.body).toBe(200);

      const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({
        name: 'Usuario',
        lastname: 'eliminado',
        email: null,
        phone: null,
        documentNumber: null,
        photoUrl: null,
        passwordHash: null,
        status: 'inactive',
      });
      expect(row?.deletedAt).not.toBeNull();
      expect(
        await ctx.db.select().from(clubMemberships).where(eq(clubMemberships.userId, id)),
      ).toEqual([]);
      const moneyAfter = await ctx.db.select().from(payments).where(eq(payments.userId, id));
      expect(moneyAfter).toEqual(moneyBefore);

      const old = await ctx.request({ method: 'GET', url: '/api/account', token: jugador.token });
      expect(old.statusCode).toBe(401);
      expect((await login(ctx, 'jugador@demo.club', DEMO_PASSWORD)).statusCode).toBe(401);
    });

    it('audits leaving a club with the roles held there, and nothing for a refused leave', async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Auditoría Salida' });
      const trainer = await memberOf(ctx, club.id, 'Entrenador');
      await addMembership(ctx, trainer.id, club.id, 'Contador');
      expect((await leave(ctx, owner.token, club.id)).statusCode).toBe(409);
      expect(await auditBy(ctx, 'account.club_left', owner.id)).toEqual([]);

      const left = await leave(ctx, trainer.token, club.id);
      expect(left.statusCode, left.body).toBe(200);
      const rows = await auditBy(ctx, 'account.club_left', trainer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ clubId: club.id, targetType: 'club', targetId: club.id });
      expect((rows[0]!.details as { roles: string[] }).roles.sort()).toEqual([
        'Contador',
        'Entrenador',
      ]);
      expect((await leave(ctx, trainer.token, club.id)).statusCode).toBe(404);
      expect(await auditBy(ctx, 'account.club_left', trainer.id)).toHaveLength(1);
    });

    it('audits each download of my data, naming nothing of its content', async () => {
      const person = await registerUser(ctx);
      const download = () =>
        ctx.request({ method: 'GET', url: '/api/account/export', token: person.token });
      expect((await download()).statusCode).toBe(200);
      const rows = await auditBy(ctx, 'account.data_exported', person.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ targetType: 'user', targetId: person.id, details: {} });
      expect((await download()).statusCode).toBe(200);
      expect(await auditBy(ctx, 'account.data_exported', person.id)).toHaveLength(2);
      const anonymous = await ctx.request({ method: 'GET', url: '/api/account/export' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('audits an account deletion once, and nothing for a refused one', async () => {
      const person = await registerUser(ctx);
      const wrong = await remove(ctx, person.token, {
        password: 'NoEsLaMia123',
        confirmation: 'ELIMINAR',
      });
      expect(wrong.statusCode).toBe(422);
      expect(await auditBy(ctx, 'account.deleted', person.id)).toEqual([]);

      const deleted = await remove(ctx, person.token, {
        password: person.password,
        confirmation: 'ELIMINAR',
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const rows = await auditBy(ctx, 'account.deleted', person.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ targetType: 'user', targetId: person.id, details: {} });
      expect(JSON.stringify(rows[0])).not.toContain(person.email);
    });
  },
  { demo: true },
);
