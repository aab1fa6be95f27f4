import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import {
  type ClubRead,
  createClubSessionLoader,
  takeClubRead,
} from '../../server/auth/club-session';
import { clubs } from '../../server/db/schema/clubs';
import { clubMemberships } from '../../server/db/schema/memberships';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub } from './support/clubs';
import { demoClubId, signInDemoCallers } from './support/demo-callers';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * The club session (server/auth/club-session.ts): one statement reads the caller's user
 * row, deny-list and access in the club, and for a list every caller opens first (a
 * ClubRead: GET …/players) the list itself, once the caller has read that club's whole
 * list before. What the caller gets must be what the separate reads give, and every
 * refusal must still come, whatever the statement already read.
 */
describeEachDatabase(
  'the club session and the list read with it',
  (ctx) => {
    const playersOf = (clubId: number, token: string, query = '') =>
      ctx.request({ method: 'GET', url: `/api/pla_club_teams/${clubId}/players${query}`, token });

    it('answers a list read with the session exactly as the list read after it', async () => {
      const callers = await signInDemoCallers(ctx);
      const clubId = await demoClubId(ctx);
      const lists = {
        players: {
          callers: [callers.owner, callers.trainer, callers.superAdmin],
          queries: [
            '',
            '?sort=-birth_date&pageSize=10&page=2',
            '?q=a&status=active',
            '?q=nadie-se-llama-asi',
            '?page=400',
          ],
        },
        payments: {
          callers: [callers.owner, callers.accountant, callers.guardian, callers.player],
          queries: [
            '',
            '?sort=-amount_due&pageSize=10&page=2',
            '?q=a',
            '?status=pending',
            '?page=400',
          ],
        },
      };
      for (const [list, { callers: listCallers, queries }] of Object.entries(lists)) {
        for (const caller of listCallers) {
          for (const query of queries) {
            // The first request reads the session, then the list; the next ones both at once.
            const url = `/api/pla_club_teams/${clubId}/${list}${query}`;
            const answers = [];
            for (let i = 0; i < 3; i++)
              answers.push(await ctx.request({ method: 'GET', url, token: caller.token }));
            for (const answer of answers) expect(answer.statusCode, url).toBe(200);
            expect(answers[1]!.json(), url).toEqual(answers[0]!.json());
            expect(answers[2]!.json(), url).toEqual(answers[0]!.json());
          }
        }
      }
      // The trainer's list stays their categories' players, the guardian's their children's
      // payments: fewer than the club's.
      const totalOf = async (list: string, token: string) =>
        (
          await ctx.request({ method: 'GET', url: `/api/pla_club_teams/${clubId}/${list}`, token })
        ).json<{ total: number }>().total;
      expect(await totalOf('players', callers.trainer.token)).toBeLessThan(
        await totalOf('players', callers.owner.token),
      );
      expect(await totalOf('payments', callers.guardian.token)).toBeLessThan(
        await totalOf('payments', callers.accountant.token),
      );
    });

    it('refuses a caller the guard refuses although the list was read with the session', async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Sesión' });
      const player = await registerUser(ctx, { name: 'Lía', lastname: 'Sesión' });
      await addMembership(ctx, player.id, club.id, 'Jugador');
      const read = async () => {
        const answer = await playersOf(club.id, owner.token);
        return { status: answer.statusCode, body: answer.json<{ total?: number }>() };
      };
      // Twice: the second reads the whole club with the session.
      expect((await read()).body.total).toBe(1);
      expect((await read()).body.total).toBe(1);

      // No longer a member: 404, as to any stranger (the club is not revealed).
      await ctx.db
        .delete(clubMemberships)
        .where(and(eq(clubMemberships.userId, owner.id), eq(clubMemberships.clubId, club.id)));
      expect((await read()).status).toBe(404);

      // Back as a trainer of no category: their scope, not the whole club read before.
      await addMembership(ctx, owner.id, club.id, 'Propietario del Club');
      expect((await read()).body.total).toBe(1);
      await ctx.db
        .delete(clubMemberships)
        .where(and(eq(clubMemberships.userId, owner.id), eq(clubMemberships.clubId, club.id)));
      await addMembership(ctx, owner.id, club.id, 'Entrenador');
      expect(await read()).toEqual({ status: 200, body: { data: [], total: 0 } });
      expect(await read()).toEqual({ status: 200, body: { data: [], total: 0 } });

      // The owner again, then the club suspended: 423.
      await addMembership(ctx, owner.id, club.id, 'Propietario del Club');
      expect((await read()).body.total).toBe(1);
      expect((await read()).body.total).toBe(1);
      await ctx.db
        .update(clubs)
        .set({ suspendedAt: new Date(), suspensionReason: 'Prueba' })
        .where(eq(clubs.id, club.id));
      expect((await read()).status).toBe(423);
      await ctx.db.update(clubs).set({ suspendedAt: null }).where(eq(clubs.id, club.id));
      expect((await read()).body.total).toBe(1);

      // Signed out: 401, the token's entry on the deny-list read in the same statement.
      const logout = await ctx.request({ method: 'POST', url: '/api/logout', token: owner.token });
      expect(logout.statusCode).toBeLessThan(300);
      expect((await read()).status).toBe(401);
    });

    it('reads the list with the session only for a caller who read the whole club before', async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club Lectura' });
      const stranger = await registerUser(ctx);
      const runs: number[] = [];
      const read: ClubRead = {
        run(_request, session) {
          runs.push(session.sessionUserId);
          return Promise.resolve([]);
        },
      };
      const load = createClubSessionLoader(ctx.db)('players.view', read).load;
      const request = () => ({ params: { id: String(club.id) } }) as unknown as FastifyRequest;
      const jti = 'prueba';

      // A stranger, however often: never read (the guard refuses them before any handler
      // takes a read). The owner: read once a handler took their whole-club read.
      for (let i = 0; i < 3; i++) {
        const session = await load(request(), stranger.id, jti);
        expect(session?.user.id).toBe(stranger.id);
      }
      const first = request();
      await load(first, owner.id, jti);
      expect(takeClubRead(first, club.id, true)).toBeUndefined();
      expect(runs).toEqual([]);
      const second = request();
      await load(second, owner.id, jti);
      expect(runs).toEqual([owner.id]);
      expect(takeClubRead(second, club.id, true)).toEqual([]);
      // Read narrower (a trainer's scope): not again until they read the whole club.
      const narrowed = request();
      await load(narrowed, owner.id, jti);
      expect(runs).toHaveLength(2);
      expect(takeClubRead(narrowed, club.id, false)).toBeUndefined();
      const whole = request();
      await load(whole, owner.id, jti);
      expect(runs).toHaveLength(2);
      expect(takeClubRead(whole, club.id, true)).toBeUndefined();
      // Another club's id than the URL's: never the rows.
      const [other] = await ctx.db.insert(clubs).values({ name: 'Otro' }).returning();
      const elsewhere = request();
      await load(elsewhere, owner.id, jti);
      expect(runs).toHaveLength(3);
      expect(takeClubRead(elsewhere, other!.id, true)).toBeUndefined();
      // A user gone: no session, so requireUser answers 401.
      await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, stranger.id));
      expect((await load(request(), stranger.id, jti))?.user.status).toBe('inactive');
    });
  },
  { demo: true },
);
