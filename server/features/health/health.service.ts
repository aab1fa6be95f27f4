import { sql } from 'drizzle-orm';
import {
  type ReadinessCheckName,
  type ReadinessChecks,
  readinessMessages,
} from '../../../contract/health.schema';
import type { DbHandle } from '../../db/client';
import type { FileStorage } from '../../storage/storage';

/** Answers only when the database answers `select 1`. */
export async function checkHealth(handle: DbHandle): Promise<{ status: 'ok' }> {
  await handle.db.execute(sql`select 1`);
  return { status: 'ok' };
}

/**
 * One thing `GET /api/health/ready` asks before a load balancer sends traffic here:
 * `check` resolves when it can be used now, and rejects (or takes too long) otherwise.
 */
export interface ReadinessCheck {
  name: ReadinessCheckName;
  check(): Promise<void>;
}

/** How long one check may take before it counts as failed: a balancer probes every few seconds. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The database answers `select 1`. */
export const databaseCheck = (handle: DbHandle): ReadinessCheck => ({
  name: 'database',
  check: async () => {
    await handle.db.execute(sql`select 1`);
  },
});

/** The uploads' storage answers its ping (disk folder writable, bucket reachable). */
export const storageCheck = (storage: FileStorage): ReadinessCheck => ({
  name: 'storage',
  check: () => storage.ping(),
});

/** A check's failure, with the error kept for the log (never for the answer). */
export interface ReadinessFailure {
  name: ReadinessCheckName;
  error: unknown;
}

/** `promise`, or a rejection once `ms` have passed. */
function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Runs every check at once, each bounded by `timeoutMs`; which passed and which failed. */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<{ checks: ReadinessChecks; failures: ReadinessFailure[] }> {
  const outcomes = await Promise.allSettled(
    // A check that throws before returning a promise fails like one that rejects.
    checks.map(({ check }) => within(Promise.resolve().then(check), timeoutMs)),
  );
  const result: ReadinessChecks = {};
  const failures: ReadinessFailure[] = [];
  outcomes.forEach((outcome, index) => {
    const { name } = checks[index]!;
    result[name] = outcome.status === 'fulfilled' ? 'ok' : 'failed';
    if (outcome.status === 'rejected') failures.push({ name, error: outcome.reason });
  });
  return { checks: result, failures };
}

/** 'El servicio no está listo: falla la base de datos' (or the list of what failed). */
export function notReadyMessage(failures: readonly ReadinessFailure[]): string {
  const names = failures.map(({ name }) => readinessMessages.names[name]);
  const listed =
    names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
  return `${readinessMessages.notReady}: ${names.length > 1 ? 'fallan' : 'falla'} ${listed}`;
}
