import os from 'node:os';
import path from 'node:path';

/*
 * The browser tests run in E2E_WORKERS workers, by default one more than the cores: a worker
 * often waits on its browser and its server, and with one per core the two cores of CI's
 * machine were busy 82 % of the time (the whole suite: 14.7 min; three workers: 10.4 min,
 * busy 96 %, no test retried). Worker i talks only to a server of
 * its own, on E2E_PORT + i with its own embedded database under E2E_DATA_DIR/server-i, so
 * no test sees another worker's writes. playwright.config.ts starts the servers; the
 * fixtures point each worker's pages and requests at its own (`parallelIndex`). This module
 * imports nothing of Playwright's test runner: the config reads it.
 */

export const E2E_WORKERS = Math.max(
  1,
  Number(process.env.E2E_WORKERS || os.availableParallelism() + 1),
);

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The server of worker `index`: its address and its data directory (mail files). */
export function e2eServer(index: number) {
  return {
    port: FIRST_PORT + index,
    url: `http://127.0.0.1:${FIRST_PORT + index}`,
    dataDir: path.join(process.env.E2E_DATA_DIR ?? '', `server-${index}`),
  };
}
