import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import {
  type AccessCaller,
  type AccessRow,
  accessCallers,
  accessRowOf,
  accessTable,
} from '../../contract/access-table';
import { clubMessages } from '../../contract/clubs.schema';
import { buildApp } from '../../server/app';
import { createAccessRowCheck } from '../../server/auth/access-rows';
import { isClubScopedUrl } from '../../server/auth/require-club-permission';
import { createTokenService } from '../../server/auth/tokens';
import { categories } from '../../server/db/schema/categories';
import { charges, clubPaymentMethods, discounts } from '../../server/db/schema/money';
import { paymentRecords, payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { sessions } from '../../server/db/schema/sessions';
import { users } from '../../server/db/schema/users';
import {
  type SignedIn,
  addSecondFamily,
  authorisedChildren,
  demoClubId,
  signInDemoCallers,
} from './support/demo-callers';
import {
  FakeClock,
  MemoryMailer,
  type RegisteredRoute,
  type RequestOptions,
  describeEachDatabase,
  testConfig,
} from './support/test-app';

/*
 * The authorisation matrix (issues #4 and #33): every route Fastify registers × every
 * caller of the role × operation table (contract/access-table.ts) — anonymous, a
 * signed-in person of no club, the demo club's owner, trainer, accountant, player and
 * guardian, a second family's guardian, the super admin — compared with the table's row,
 * never with the code: 'no' is 401 (anonymous), 404 'Club no encontrado' (an outsider on
 * a club route) or 403 (anyone else); 'all' and 'own' are never 401 or 403, nor the
 * club's 404. Reads use real ids of the demo club (padre@'s child, its payment, a session
 * of its category); writes use an id that does not exist, so nothing is changed, and
 * the session-ending routes run last.
 */

/** An id no object has: a write reaches its checks and changes nothing. */
const NOWHERE = '999999';

/** Routes that end the caller's session: logout gets a throwaway token, logout-all runs last. */
const LOGOUT = 'POST /api/logout';
const LOGOUT_ALL = 'POST /api/logout-all';

type Caller = AccessCaller | 'secondGuardian';

// Seeding the demo and walking ~180 routes × 9 callers takes a while on a loaded machine.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 240_000 });

/** Routes outside the club path that name their club in the query or the body (the club guard's rules). */
const NAMES_ITS_CLUB = ['GET /api/validate-document', 'POST /api/parents/invite'];

describeEachDatabase(
  'Role × operation matrix of every route',
  (ctx) => {
    let clubId = 0;
    let signedIn: Record<Exclude<AccessCaller, 'anonymous'>, SignedIn>;
    let secondGuardian: SignedIn;
    /** Real ids for the reads, by path parameter. */
    let readParams: Record<string, string> = {};

    const signatureOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;
    /** The routes to call: no HEAD (Fastify answers it as the GET), the session enders last. */
    const walked = () => {
      const rank = (route: RegisteredRoute) => {
        const signature = signatureOf(route);
        if (signature === LOGOUT_ALL) return 4;
        if (route.method === 'DELETE') return 3;
        if (route.method === 'GET') return 1;
        return 2;
      };
      return ctx.routes
        .filter((route) => route.method !== 'HEAD')
        .sort((a, b) => rank(a) - rank(b));
    };

    const urlOf = (route: RegisteredRoute) => {
      const reading = route.method === 'GET';
      if (signatureOf(route) === NAMES_ITS_CLUB[0])
        return `${route.url}?type=CC&number=1234567890&typeUser=player&clubId=${clubId}`;
      return route.url
        .replace(/\*$/, 'index.html')
        .replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
          if (name === 'id' && isClubScopedUrl(route.url)) return String(clubId);
          return reading ? (readParams[name] ?? NOWHERE) : NOWHERE;
        });
    };

    async function tokenOf(caller: Caller, route: RegisteredRoute): Promise<string | undefined> {
      if (caller === 'anonymous') return undefined;
      const account = caller === 'secondGuardian' ? secondGuardian : signedIn[caller];
      if (signatureOf(route) !== LOGOUT) return account.token;
      // A throwaway session of the same person, so logging it out ends nothing else.
      const [user] = await ctx.db
        .select({ version: users.tokenVersion })
        .from(users)
        .where(eq(users.id, account.id));
      return createTokenService(ctx.config.jwtSecret, ctx.clock).sign({
        userId: account.id,
        tokenVersion: user!.version,
      });
    }

    /** What is wrong with `status`/`body` for `caller` on the route of `row`, or undefined. */
    function mismatch(
      row: AccessRow,
      caller: Caller,
      signature: string,
      status: number,
      body: string,
    ) {
      const url = signature.split(' ')[1]!;
      const clubScoped = isClubScopedUrl(url) || NAMES_ITS_CLUB.includes(signature);
      const answer = row.who[caller === 'secondGuardian' ? 'guardian' : caller];
      const clubNotFound = (() => {
        try {
          return (
            JSON.stringify(JSON.parse(body)) === JSON.stringify({ message: clubMessages.notFound })
          );
        } catch {
          return false;
        }
      })();
      if (answer === 'no') {
        if (caller === 'anonymous') return status === 401 ? undefined : 'expected 401';
        if (caller === 'outsider' && clubScoped)
          return status === 404 && clubNotFound ? undefined : "expected 404 'Club no encontrado'";
        return status === 403 ? undefined : 'expected 403';
      }
      if (status === 401 || status === 403) return `expected access (${answer})`;
      if (clubScoped && status === 404 && clubNotFound)
        return `expected access (${answer}), got the club's 404`;
      return undefined;
    }

    beforeAll(async () => {
      clubId = await demoClubId(ctx);
      signedIn = await signInDemoCallers(ctx);
      const [childId] = await authorisedChildren(ctx, signedIn.guardian.id, clubId);
      const second = await addSecondFamily(ctx, clubId, [signedIn.player.id, childId!]);
      secondGuardian = second.guardian;

      const [child] = await ctx.db
        .select({ categoryId: players.categoryId })
        .from(players)
        .where(and(eq(players.clubId, clubId), eq(players.userId, childId!)));
      const [payment] = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.clubId, clubId), eq(payments.userId, childId!)))
        .orderBy(asc(payments.id))
        .limit(1);
      const [record] = await ctx.db
        .select({ id: paymentRecords.id })
        .from(paymentRecords)
        .where(eq(paymentRecords.paymentId, payment!.id))
        .limit(1);
      const [session] = await ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.clubId, clubId), eq(sessions.categoryId, child!.categoryId!)))
        .limit(1);
      const [charge] = await ctx.db
        .select({ id: charges.id })
        .from(charges)
        .where(eq(charges.clubId, clubId))
        .limit(1);
      const [discount] = await ctx.db
        .select({ id: discounts.id })
        .from(discounts)
        .where(eq(discounts.clubId, clubId))
        .limit(1);
      const [method] = await ctx.db
        .select({ id: clubPaymentMethods.paymentMethodId })
        .from(clubPaymentMethods)
        .where(eq(clubPaymentMethods.clubId, clubId))
        .limit(1);
      const [category] = await ctx.db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, child!.categoryId!));
      readParams = {
        playerId: String(childId),
        paymentId: String(payment!.id),
        recordId: String(record?.id ?? NOWHERE),
        sessionId: String(session!.id),
        chargeId: String(charge!.id),
        discountId: String(discount!.id),
        methodId: String(method!.id),
        categoryId: String(category!.id),
        userId: String(signedIn.player.id),
        birthday: '2010-05-01',
        gender: 'male',
        role: 'jugador',
        step: '1',
        permission: 'view',
        report: 'clubs',
        format: 'csv',
        slug: 'terminos',
        name: 'foto.webp',
        token: 'token-que-no-existe',
      };
    });

    it('has a row for every route Fastify registers, and a route for every row', () => {
      const routes = ctx.routes.map(signatureOf);
      const withoutRow = routes.filter((signature) => {
        const [method = '', url = ''] = signature.split(' ');
        return accessRowOf(method, url) === undefined;
      });
      expect(withoutRow).toEqual([]);
      const used = new Set(ctx.routes.map((route) => accessRowOf(route.method, route.url)?.route));
      expect(accessTable.map((row) => row.route).filter((route) => !used.has(route))).toEqual([]);
      expect(accessTable.length).toBeGreaterThan(200);
    });

    it("answers every route as its row says, for every caller (reads with the demo club's real ids)", async () => {
      const callers: Caller[] = [...accessCallers, 'secondGuardian'];
      const wrong: string[] = [];
      for (const route of walked()) {
        const row = accessRowOf(route.method, route.url)!;
        const url = urlOf(route);
        // A club-scoped write is refused on onRequest, before its body is read.
        const body =
          signatureOf(route) === NAMES_ITS_CLUB[1]
            ? { club_id: clubId, player_ids: [Number(NOWHERE)] }
            : ['POST', 'PUT', 'PATCH'].includes(route.method)
              ? {}
              : undefined;
        for (const caller of callers) {
          const response = await ctx.request({
            method: route.method as RequestOptions['method'],
            url,
            token: await tokenOf(caller, route),
            ...(body ? { body } : {}),
          });
          const problem = mismatch(
            row,
            caller,
            signatureOf(route),
            response.statusCode,
            response.body,
          );
          if (problem)
            wrong.push(
              `${signatureOf(route)} as ${caller}: ${problem}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    });

    it('refuses to start an app with an /api route that has no row, or a permission other than its row’s', async () => {
      const handler = async () => ({ ok: true });
      const variants: [string, RegExp, (app: ReturnType<typeof buildApp>) => void][] = [
        [
          'club-scoped, no marker',
          /club-scoped but not guarded/,
          (app) => app.get('/api/pla_club_teams/:id/olvidada', handler),
        ],
        [
          'outside the club, no row',
          /has no row in the access table/,
          (app) =>
            app.register(
              async (feature) => {
                feature.get('/sin-fila', handler);
              },
              { prefix: '/api' },
            ),
        ],
      ];
      for (const [label, message, addRoute] of variants) {
        const app = buildApp({
          db: ctx.handle,
          config: testConfig(),
          clock: new FakeClock(),
          mailer: new MemoryMailer(),
        });
        try {
          await expect(
            (async () => {
              addRoute(app);
              await app.ready();
            })(),
            label,
          ).rejects.toThrow(message);
        } finally {
          await app.close().catch(() => undefined);
        }
      }
    });

    it('refuses a club route whose permission differs from its row’s, and one with no row', () => {
      const check = createAccessRowCheck();
      const route = (method: string, url: string, clubPermission?: string) =>
        ({ method, url, config: { clubPermission }, handler: () => undefined }) as never;
      // The row of POST …/charges requires payments.update (issue #33): payments.create is refused.
      expect(() =>
        check(route('POST', '/api/pla_club_teams/:id/charges', 'payments.create')),
      ).toThrow(
        /checks clubRoute\('payments.create'\) but its access table row requires payments.update/,
      );
      expect(() =>
        check(route('POST', '/api/pla_club_teams/:id/charges', 'payments.update')),
      ).not.toThrow();
      expect(() => check(route('GET', '/api/nueva-sin-fila'))).toThrow(/has no row/);
      // Outside the API (the SPA's files) nothing is asked.
      expect(() => check(route('GET', '/assets/*'))).not.toThrow();
    });
  },
  { demo: true },
);
