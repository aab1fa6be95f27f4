import { eq, inArray, lt, sql } from 'drizzle-orm';
import { authMessages } from '../../../contract/auth.schema';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema/auth';
import { AppError } from '../../lib/app-error';
import { addMs, type Clock } from '../../lib/clock';
import { rowsOf } from '../../db/rows';

const MINUTE = 60_000;
/** Failed logins allowed per e-mail + IP within the window; the next one is refused. */
export const MAX_FAILED_LOGINS = 10;
/** Failed logins allowed per IP across every e-mail within the window (password spraying). */
export const MAX_FAILED_LOGINS_PER_IP = 30;
export const LOGIN_WINDOW_MS = 15 * MINUTE;

/** A counted attempt, to be settled once the password was checked. */
export interface LoginAttempt {
  id: number;
  /** Failures of this e-mail + IP that had ended before this attempt began. */
  earlierFailures: number[];
}

interface WindowRow {
  by_email: number;
  by_ip: number;
  oldest_email: Date | string | null;
  oldest_ip: Date | string | null;
  failed_ids: string | null;
  attempt_id: string | number | null;
}

/**
 * Counts login attempts in the database before the slow password check, so parallel
 * guesses cannot all be checked: at most MAX_FAILED_LOGINS per e-mail + IP and
 * MAX_FAILED_LOGINS_PER_IP per IP are ever verified within LOGIN_WINDOW_MS.
 */
export function createLoginThrottle(db: Db, clock: Clock) {
  /**
   * Counts the attempt, or refuses it with 429 and Retry-After (not counted) when a limit
   * is reached. Attempts from one IP take a transaction lock on that IP, and one statement
   * reads the window and inserts the attempt only when both counts are under their limit.
   */
  async function begin(email: string, ip: string): Promise<LoginAttempt> {
    const now = clock.now();
    const windowStart = addMs(now, -LOGIN_WINDOW_MS);
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}::text))`);
      const result = await tx.execute(sql`
        with recent as (
          select count(*) filter (where email = ${email})::int as by_email,
                 count(*)::int as by_ip,
                 min(attempted_at) filter (where email = ${email}) as oldest_email,
                 min(attempted_at) as oldest_ip,
                 string_agg(id::text, ',') filter (where email = ${email} and failed) as failed_ids
          from ${loginAttempts}
          where ip = ${ip} and attempted_at > ${windowStart.toISOString()}::timestamptz
        ), counted as (
          insert into ${loginAttempts} (email, ip, attempted_at)
          select ${email}::text, ${ip}::text, ${now.toISOString()}::timestamptz from recent
          where by_email < ${MAX_FAILED_LOGINS} and by_ip < ${MAX_FAILED_LOGINS_PER_IP}
          returning id
        )
        select recent.*, (select id::text from counted) as attempt_id from recent`);
      return rowsOf<WindowRow>(result)[0];
    });
    if (row?.attempt_id == null) throw tooMany(row, now);
    return {
      id: Number(row.attempt_id),
      earlierFailures: row.failed_ids ? row.failed_ids.split(',').map(Number) : [],
    };
  }

  /** A wrong password: the attempt stays counted until the window passes. */
  async function failed(attempt: LoginAttempt): Promise<void> {
    const windowStart = addMs(clock.now(), -LOGIN_WINDOW_MS);
    await db.transaction(async (tx) => {
      await tx.update(loginAttempts).set({ failed: true }).where(eq(loginAttempts.id, attempt.id));
      await tx.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
    });
  }

  /**
   * The right password: forgets this attempt and the failures that had ended before it
   * began, but not those made in parallel with it (a guess that hits does not wipe the
   * others' count).
   */
  async function succeeded(attempt: LoginAttempt): Promise<void> {
    await db
      .delete(loginAttempts)
      .where(inArray(loginAttempts.id, [attempt.id, ...attempt.earlierFailures]));
  }

  /** The right password of an account that may not sign in: not a guess, not a success. */
  async function withdrawn(attempt: LoginAttempt): Promise<void> {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
  }

  /** Forgets every failure of an e-mail (its password was just reset). */
  async function clear(email: string, executor: Db = db): Promise<void> {
    await executor.delete(loginAttempts).where(eq(loginAttempts.email, email));
  }

  return { begin, failed, succeeded, withdrawn, clear };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** 429 until the oldest attempt of the exhausted limit leaves the window. */
function tooMany(row: WindowRow | undefined, now: Date): AppError {
  const ends: number[] = [];
  if (row && row.by_email >= MAX_FAILED_LOGINS && row.oldest_email)
    ends.push(new Date(row.oldest_email).getTime() + LOGIN_WINDOW_MS);
  if (row && row.by_ip >= MAX_FAILED_LOGINS_PER_IP && row.oldest_ip)
    ends.push(new Date(row.oldest_ip).getTime() + LOGIN_WINDOW_MS);
  const retryAfter = Math.max(
    1,
    Math.ceil((Math.max(now.getTime(), ...ends) - now.getTime()) / 1000),
  );
  return new AppError(429, authMessages.tooManyAttempts, {
    headers: { 'retry-after': String(retryAfter) },
  });
}
