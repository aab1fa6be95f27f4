import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTokenService } from '../../../server/auth/tokens';
import { users } from '../../../server/db/schema/users';
import type { TestContext } from '../../api/support/test-app';
import { problemsOf } from './checks';
import { type Operation, endsSessions } from './operations';
import { type FuzzRequest, requestsOf } from './requests';

/** Requests per operation and caller: FUZZ_RUNS, or a bounded default for `npm test`. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** FUZZ_SEED replays a run; each failure message prints the seed it came from. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

export interface FuzzStats {
  requests: number;
  serverErrors: number;
  /** How many answers each status had, per caller: how far the requests got. */
  statuses: Record<string, Record<number, number>>;
  /** The problems found, one line each (the first few per operation are kept). */
  problems: string[];
}

/**
 * Admin writes that change what every club may reach (modules, role grants). A super
 * admin's fuzzed write there (a module switched off or deleted, a grant taken back) would
 * shut the owner out of every operation fuzzed after it, so these go only to the three
 * callers who must be refused there.
 */
const reshapesAccess = (operation: Operation): boolean =>
  operation.method !== 'GET' && /^\/api\/admin\/(modules|roles)\b/.test(operation.path);

/** Operations only a super admin gets past: fuzzed as one too, to reach their handlers. */
export const forAdmins = (operation: Operation): boolean =>
  (operation.path.startsWith('/api/admin/') || operation.path.endsWith('/super-admin')) &&
  !reshapesAccess(operation);

/** A signed-in caller: the club's owner or a member of another club. */
export interface Account {
  userId: number;
}

export interface Callers {
  owner: Account;
  outsider: Account;
  /** The platform's super admin: the admin operations only, which refuse the others. */
  admin: Account;
  /** The owner's club: the `:id` of most club-scoped requests. */
  clubId: number;
}

/** What an anonymous caller sends for authorisation: nothing, or a token that is not one. */
const ANONYMOUS_HEADERS: Record<string, string>[] = [
  {},
  { authorization: 'Bearer ' },
  { authorization: 'Bearer no.es.untoken' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: `Bearer ${'x'.repeat(5000)}` },
];

let address = 0;
/** Each request from another IP, so the per-IP limits (429) do not hide the handlers. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

const clip = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** Signs a new session for `account` with its current token version, as login would. */
export async function sessionOf(ctx: TestContext, account: Account): Promise<string> {
  const [row] = await ctx.db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, account.userId));
  const tokens = createTokenService(ctx.config.jwtSecret, ctx.clock);
  return tokens.sign({ userId: account.userId, tokenVersion: row?.tokenVersion ?? 0 });
}

/**
 * Sends FUZZ_RUNS requests drawn from `operation`'s schemas, each as the owner, as a member
 * of another club and anonymously (and as a super admin on the admin operations), and adds
 * what it found to `stats`.
 */
export async function fuzzOperation(
  ctx: TestContext,
  operation: Operation,
  callers: Callers,
  stats: FuzzStats,
  runs = FUZZ_RUNS,
): Promise<string[]> {
  const found: string[] = [];
  const send = async (who: string, request: FuzzRequest, headers: Record<string, string>) => {
    const response: LightMyRequestResponse = await ctx.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...headers },
      remoteAddress: nextAddress(),
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    stats.requests += 1;
    if (response.statusCode >= 500) stats.serverErrors += 1;
    const key =
      who === 'owner' || who === 'super admin'
        ? `${who} ${operation.method} ${operation.path}`
        : who;
    const counts = (stats.statuses[key] ??= {});
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return response;
  };
  const report = (
    who: string,
    request: FuzzRequest,
    response: LightMyRequestResponse,
    problems: string[],
  ) => {
    if (problems.length === 0 || found.length >= 5) return;
    found.push(
      `${operation.method} ${operation.path} as ${who} (seed ${FUZZ_SEED}): ${problems.join('; ')}\n` +
        `  ${request.method} ${clip(request.url)} ${JSON.stringify(request.headers)} ` +
        `${clip(JSON.stringify(request.payload ?? null))}\n` +
        `  → ${response.statusCode} ${clip(response.body, 300)}`,
    );
  };

  // A logout (or logout-all) revokes the token it is sent with: such an operation gets a
  // fresh session each run, or every later run would only test a revoked token. Other
  // operations share one session per operation, signed again in case one was revoked.
  const perRun = endsSessions(operation);
  let owner = await sessionOf(ctx, callers.owner);
  let outsider = await sessionOf(ctx, callers.outsider);
  const admin = forAdmins(operation) ? await sessionOf(ctx, callers.admin) : undefined;
  const sqlShown = operation.path === '/api/admin/platform-health';

  await fc.assert(
    fc.asyncProperty(
      requestsOf(operation, callers.clubId),
      fc.constantFrom(...ANONYMOUS_HEADERS),
      async (request, anonymous) => {
        if (perRun) {
          owner = await sessionOf(ctx, callers.owner);
          outsider = await sessionOf(ctx, callers.outsider);
        }
        const asOwner = await send('owner', request, { authorization: `Bearer ${owner}` });
        report('owner', request, asOwner, problemsOf(asOwner, false));
        const asOutsider = await send('outsider', request, { authorization: `Bearer ${outsider}` });
        const refuseOutsider = request.ownersClub;
        report(
          'member of another club',
          request,
          asOutsider,
          problemsOf(asOutsider, refuseOutsider),
        );
        if (admin) {
          const asAdmin = await send('super admin', request, { authorization: `Bearer ${admin}` });
          report('super admin', request, asAdmin, problemsOf(asAdmin, false, { sqlShown }));
        }
        const asAnonymous = await send('anonymous', request, anonymous);
        report('anonymous', request, asAnonymous, problemsOf(asAnonymous, operation.secured));
        return true;
      },
    ),
    { numRuns: runs, seed: FUZZ_SEED, endOnFailure: true },
  );
  stats.problems.push(...found);
  return found;
}
