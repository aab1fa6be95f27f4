import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClub, superAdmin } from '../api/support/clubs';
import { MARCH_10, moneyClub } from '../api/support/payments';
import { insertSession } from '../api/support/sessions';
import { describeEachDatabase, registerUser } from '../api/support/test-app';
import {
  FUZZ_RUNS,
  FUZZ_SEED,
  type Callers,
  type FuzzStats,
  forAdmins,
  fuzzOperation,
  sessionOf,
} from './support/fuzzer';
import { type Operation, operationsOf, routeUrlOf } from './support/operations';

/*
 * Issue #18, part 1: every operation of the OpenAPI document (/api/docs/json) gets
 * requests drawn from its own schemas and mutations of them (tests/fuzz/support/), each
 * sent as a club's owner, as a member of another club and anonymously. No answer
 * may be a 5xx, hold a stack, SQL or a server path, or let through a caller the
 * authorisation matrix refuses. `npm test` runs a bounded budget; `npm run fuzz` a long one.
 */

// The document is read once the app is up, after vitest has listed the tests: one test
// walks every operation, and its failure lists the first problems of each.
describeEachDatabase('Fuzzing every operation of the OpenAPI document', (ctx) => {
  const stats: FuzzStats = { requests: 0, serverErrors: 0, statuses: {}, problems: [] };
  let started = 0;
  let operations: Operation[] = [];
  let callers: Callers;
  let outsiderClubId = 0;

  /** Undoes what a fuzzed admin operation may have done to the callers: a lock, a suspension. */
  async function restoreCallers() {
    const token = await sessionOf(ctx, callers.admin);
    const undo = [
      `/api/admin/users/${callers.owner.userId}/unlock`,
      `/api/admin/users/${callers.outsider.userId}/unlock`,
      `/api/admin/clubs/${callers.clubId}/reactivate`,
      `/api/admin/clubs/${outsiderClubId}/reactivate`,
    ];
    for (const url of undo) await ctx.request({ method: 'POST', url, token });
  }

  beforeAll(async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    operations = operationsOf(response.json());
    // A club with categories, players, charges, payments in every status, receipts and
    // sessions (the money tests' club): the small ids the fuzzer draws find real rows.
    // The demo seed would hold more, at ~25 s a database: too slow for `npm test`.
    ctx.clock.set(MARCH_10);
    const club = await moneyClub(ctx);
    await insertSession(ctx, club.clubId, club.sub10);
    await insertSession(ctx, club.clubId, null, { type: 'match', title: 'Partido' });
    const admin = await superAdmin(ctx);
    const outsider = await registerUser(ctx);
    outsiderClubId = (await createClub(ctx, outsider.token, { name: 'Club de otra persona' })).id;
    callers = {
      owner: { userId: club.owner.id },
      outsider: { userId: outsider.id },
      admin: { userId: admin.id },
      clubId: club.clubId,
    };
    started = Date.now();
  });

  afterAll(() => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = {
      driver: ctx.driver,
      runs: FUZZ_RUNS,
      seed: FUZZ_SEED,
      operations: operations.length,
      requests: stats.requests,
      serverErrors: stats.serverErrors,
      problems: stats.problems.length,
      // Operations where the owner or the super admin got at least one 2xx: how deep it went.
      reached: Object.entries(stats.statuses).filter(
        ([who, counts]) => who.includes(' /api/') && Object.keys(counts).some((s) => s < '300'),
      ).length,
      statuses: stats.statuses,
      seconds: Number(seconds),
    };
    mkdirSync('.tmp', { recursive: true });
    writeFileSync(`.tmp/fuzz-${ctx.driver}.json`, JSON.stringify(summary));
    console.log(
      `Fuzz [${ctx.driver}]: ${stats.requests} requests over ${operations.length} operations, ` +
        `${stats.serverErrors} answers 5xx, ${stats.problems.length} problems, ` +
        `${summary.reached} operations answered 2xx, ${seconds} s ` +
        `(FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED})`,
    );
  });

  it('reads every operation of the document, the public ones from their missing security', () => {
    expect(operations.length).toBeGreaterThan(150);
    const open = operations.filter((operation) => !operation.secured);
    expect(open.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /api/login', 'POST /api/register', 'GET /api/health']),
    );
    // Nothing under a club is public.
    expect(open.filter((operation) => operation.clubScoped)).toEqual([]);
    // Every API route is in the document, so none escapes the fuzzing.
    const documented = new Set(operations.map((o) => `${o.method} ${routeUrlOf(o.path)}`));
    const missing = ctx.routes
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((signature) => !documented.has(signature));
    expect(missing).toEqual([]);
  });

  it(
    'answers every fuzzed request below 500, without leaks, refusing whom it must',
    async () => {
      for (const operation of operations) {
        await fuzzOperation(ctx, operation, callers, stats);
        if (forAdmins(operation)) await restoreCallers();
        // A run may take the owner out of the club (a role change): the rest would stop at
        // the guard, so say so instead of fuzzing on without reaching a handler.
        const check = await ctx.request({
          method: 'GET',
          url: `/api/pla_club_teams/${callers.clubId}`,
          token: await sessionOf(ctx, callers.owner),
        });
        if (operation.method !== 'DELETE' || operation.path !== '/api/pla_club_teams/{id}') {
          expect(
            check.statusCode,
            `the owner's club after ${operation.method} ${operation.path}`,
          ).toBe(200);
        }
      }
      expect(stats.problems.join('\n\n')).toBe('');
    },
    Math.max(120_000, FUZZ_RUNS * 30_000),
  );
});
