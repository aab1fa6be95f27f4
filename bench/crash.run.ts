/**
 * One kill -9 of the kill -9 script (bench/crash.ts): the real server on a seeded
 * database, one write over HTTP, SIGKILL in its middle, what is stored after the crash,
 * a restart, the same write again (twice) and what is stored at the end.
 *
 * "In its middle": on PostgreSQL the script catches the server's statement in
 * pg_stat_activity, either running with rows written (`backend_xid` set) or waiting on a
 * lock the script holds in a transaction of its own (a table or row lock taken before the
 * request, released after the kill). The dead server never sends COMMIT: PostgreSQL rolls
 * its transaction back once it finds the client gone. On PGlite (in the server's process)
 * there is nothing to watch: the kill comes a given delay after the request was sent.
 */
import pg from 'pg';
import type { DbHandle } from '../server/db/client';
import { type CrashClub, type CrashTarget, backendsOf, withClient, withHandle } from './crash.db';
import { type Call, signIn, sleep, startServer, stopServer, waitFor } from './crash.server';

/** What is stored of the write: nothing, all of it, or a part (never, for most scenarios). */
export type Stored = 'none' | 'all' | 'part';

export interface Check {
  stored: Stored;
  /** What was counted, for the report. */
  summary: string;
  /** Broken invariants (duplicates, gaps, counters that disagree); empty when sound. */
  failures: string[];
}

/** How the server's statement looks in pg_stat_activity while it is in the middle. */
export interface PgMiddle {
  /** SQL the script runs in its own transaction before the request (a lock), if any. */
  hold?: string;
  /** The statement caught: a LIKE pattern of it when running, its name when blocked. */
  statement: string;
}

export interface Scenario<S extends CrashClub = CrashClub> {
  name: string;
  /** Migrates the empty database and seeds what the write needs. */
  seed(handle: DbHandle): Promise<S>;
  /** The write the server is killed in. */
  write(call: Call, seeded: S): Promise<Response>;
  middle(seeded: S): PgMiddle;
  /** The same action again after the restart: how many things it created or changed. */
  redo(call: Call, seeded: S): Promise<number>;
  check(handle: DbHandle, seeded: S): Promise<Check>;
  /** A part is sound (bulk approvals: one transaction per payment). */
  partSound?: boolean;
}

/** How to kill: in the statement seen in pg_stat_activity (PostgreSQL), or after a delay. */
export type KillAt = { pgMs: number } | { delayMs: number };

export interface CrashReport {
  /** Where the kill came, in words. */
  at: string;
  afterCrash: Check;
  /** Why the restart or the same action again failed, if it did. */
  restart?: string;
  redone: number;
  again: number;
  final: Check;
  ok: boolean;
}

/** Runs `fn` with the pid of an open transaction of the script holding `hold`, rolled back afterwards. */
async function holding<T>(
  url: string,
  hold: string | undefined,
  fn: (holder?: number) => Promise<T>,
) {
  if (!hold) return fn();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(hold);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return await fn(rows[0]!.pid);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/**
 * The server's backend in the middle of the write, if it is there now: blocked by the
 * script's `holder` (its statement text may still be the previous one: a statement of the
 * extended protocol takes its table locks while parsed, before pg_stat_activity shows it),
 * or running `middle.statement` with rows written.
 */
async function inTheMiddle(c: pg.Client, database: string, middle: PgMiddle, holder?: number) {
  const { rows } = await c.query<{ ms: number }>(
    `select (extract(epoch from clock_timestamp() - state_change) * 1000)::int as ms
       from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid()
        and (case when $3::int is not null then $3::int = any(pg_blocking_pids(pid))
             else state = 'active' and query like $2 and backend_xid is not null end)`,
    [database, middle.statement, holder ?? null],
  );
  return rows[0];
}

/** Kills the server in the write; returns where the kill came. */
async function killInWrite<S extends CrashClub>(
  target: CrashTarget,
  scenario: Scenario<S>,
  seeded: S,
  call: Call,
  kill: () => Promise<void>,
  at: KillAt,
): Promise<string> {
  let settled = false;
  const cut = scenario.write(call, seeded).then(
    (r) => `answered ${r.status} before the kill`,
    () => 'cut by the kill',
  );
  void cut.finally(() => (settled = true));
  if ('delayMs' in at) {
    await sleep(at.delayMs);
    await kill();
    return `${at.delayMs} ms after the request, which was ${await cut}`;
  }
  const middle = scenario.middle(seeded);
  const seen = await holding(target.url!, middle.hold, (holder) =>
    withClient(target.url!, async (c) => {
      await waitFor('the statement in pg_stat_activity', async () => {
        if (settled) throw new Error(`the write ended before it was seen: ${await cut}`);
        return inTheMiddle(c, target.database, middle, holder);
      });
      await sleep(at.pgMs);
      const now = await inTheMiddle(c, target.database, middle, holder);
      await kill();
      return now;
    }),
  );
  const how = middle.hold
    ? `${middle.statement} blocked by the held lock`
    : 'its statement running, rows written,';
  return `${seen ? `${how} for ${seen.ms} ms` : 'after its statement'}; the request was ${await cut}`;
}

/** Opens the database and checks it; a PGlite dir that does not open is a failure of its own. */
async function checked<S extends CrashClub>(target: CrashTarget, scenario: Scenario<S>, seeded: S) {
  try {
    return await withHandle(target, (handle) => scenario.check(handle, seeded));
  } catch (error) {
    const failure = `the database does not open: ${(error as Error).message}`;
    return { stored: 'part', summary: failure, failures: [failure] } satisfies Check;
  }
}

/** One crash of `scenario` on the seeded `target`. */
export async function crashOnce<S extends CrashClub>(
  target: CrashTarget,
  scenario: Scenario<S>,
  seeded: S,
  at: KillAt,
): Promise<CrashReport> {
  let server = await startServer(target);
  try {
    const call = await signIn(server, seeded.email, seeded.password);
    const dying = server;
    const where = await killInWrite(
      target,
      scenario,
      seeded,
      call,
      () => stopServer(dying, 'SIGKILL'),
      at,
    );
    if (target.url) {
      // The dead server's backends end once PostgreSQL notices its closed sockets.
      await waitFor(
        "PostgreSQL to close the dead server's connections",
        async () =>
          (await backendsOf(target.url!, target.database)).length === 0 ? true : undefined,
        20,
      );
    }
    const afterCrash = await checked(target, scenario, seeded);
    let redone = -1;
    let twice = -1;
    let restart: string | undefined;
    try {
      // The restart opens the PGlite data dir the kill left: it must start and answer.
      server = await startServer(target);
      const again = await signIn(server, seeded.email, seeded.password);
      redone = await scenario.redo(again, seeded);
      twice = await scenario.redo(again, seeded);
      await stopServer(server, 'SIGTERM');
    } catch (error) {
      restart = (error as Error).message;
    }
    const final = await checked(target, scenario, seeded);
    const ok =
      restart === undefined &&
      afterCrash.failures.length === 0 &&
      (scenario.partSound || afterCrash.stored !== 'part') &&
      final.failures.length === 0 &&
      final.stored === 'all' &&
      twice === 0;
    return { at: where, afterCrash, restart, redone, again: twice, final, ok };
  } finally {
    await stopServer(server, 'SIGKILL');
  }
}

/** How long the write takes on `target` when nobody kills the server (ms, send to answer). */
export async function timeWrite<S extends CrashClub>(
  target: CrashTarget,
  scenario: Scenario<S>,
  seeded: S,
) {
  const server = await startServer(target);
  try {
    const call = await signIn(server, seeded.email, seeded.password);
    const started = performance.now();
    const response = await scenario.write(call, seeded);
    if (!response.ok) throw new Error(`${scenario.name}: ${response.status}`);
    return Math.round(performance.now() - started);
  } finally {
    await stopServer(server, 'SIGTERM');
  }
}
