/**
 * Runs at most `concurrency` tasks at once, the others wait their turn in order. Password
 * hashing goes through one (`passwordQueue`): scrypt takes libuv's worker threads and
 * 32 MiB each, so a burst of anonymous logins would otherwise starve every other
 * request that needs a thread (files, DNS, compression) and the signed-in users with it.
 */
export function createTaskQueue(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];

  function release(): void {
    const next = waiting.shift();
    if (next) return next();
    running -= 1;
    if (running > 0) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  }

  return {
    /** Runs `task` when a slot is free; resolves or rejects with it. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      // The slot is handed over directly by `release`, so `running` stays the same.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Resolves once no task runs or waits. */
    idle(): Promise<void> {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Tasks running and waiting now. */
    stats(): { running: number; waiting: number } {
      return { running, waiting: waiting.length };
    },
  };
}

/** Password hashes computed at once in this process; libuv has 4 threads by default. */
export const PASSWORD_HASH_CONCURRENCY = 2;

/** The one queue every scrypt of the process goes through (server/auth/passwords.ts). */
export const passwordQueue = createTaskQueue(PASSWORD_HASH_CONCURRENCY);
