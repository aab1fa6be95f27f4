import { isDatabaseUnavailable } from '../lib/faults';

/*
 * A server started while its PostgreSQL is still away (both containers starting at once, a
 * database restarting) waits for it instead of exiting on the first refused connection
 * (docs/faults.md). Only the errors that say the database is out of reach are retried; any
 * other (a failed migration, a wrong password) ends the start at once.
 */

/** How the start waits for the database. */
export interface StartupWait {
  /** Between two attempts (2 s in the server). */
  everyMs: number;
  /** Giving up after this long since the first attempt (`DATABASE_STARTUP_WAIT_SECONDS`). */
  maxMs: number;
  /** Told about each failed attempt: its number, the error's code and the next wait. */
  onRetry(attempt: number, code: string, waitMs: number): void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Thrown when the database stayed out of reach for the whole wait. */
export class DatabaseStartupError extends Error {
  constructor(
    readonly attempts: number,
    readonly waitedMs: number,
    options: { cause: unknown },
  ) {
    super(
      `PostgreSQL did not answer after ${attempts} attempts in ${Math.round(waitedMs / 1000)} s ` +
        '(DATABASE_URL; DATABASE_STARTUP_WAIT_SECONDS sets the wait): the server stops.',
      options,
    );
    this.name = 'DatabaseStartupError';
  }
}

/** The error's code (ECONNREFUSED, 57P03…) or its class name: never its message (a URL may be in it). */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && cause !== error ? codeOf(cause) : error instanceof Error ? error.name : 'unknown';
}

/** Runs `attempt` until it succeeds, retrying while the database is out of reach. */
export async function untilDatabaseAnswers<T>(
  attempt: () => Promise<T>,
  wait: StartupWait,
): Promise<T> {
  const sleep = wait.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = wait.now ?? Date.now;
  const started = now();
  for (let attempts = 1; ; attempts++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const waited = now() - started;
      if (waited + wait.everyMs > wait.maxMs)
        throw new DatabaseStartupError(attempts, waited, { cause: error });
      wait.onRetry(attempts, codeOf(error), wait.everyMs);
      await sleep(wait.everyMs);
    }
  }
}
