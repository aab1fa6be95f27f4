import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Workers of the unit, machine and component files: one per core. Left unset, vitest takes
 * one core fewer, which on a 2-core machine (CI's) ran them all in one worker.
 */
const FILE_WORKERS = Math.max(2, os.availableParallelism());

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Files share each worker's module cache (no component, no module mock here):
          // 58 files took 33.9 → 19.2 s of CPU (72 → 52 s), all 3,970 tests passing. What a test stubs
          // (a global, an env var) is put back after it, so it never reaches the next file.
          isolate: false,
          maxWorkers: FILE_WORKERS,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/components/setup.ts'],
          maxWorkers: FILE_WORKERS,
          // Isolated: sharing the page and module cache between files (isolate: false)
          // took ~120 s of imports off 23 files but made their tests ~340 s slower.
          // Lazy screens and MUI transitions are slow on a loaded 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own database; PGlite is one WASM thread, so keep files few at once.
          // A project with its own worker count runs in a group of its own, after the others.
          maxWorkers: 2,
          // Files share each worker's module cache: importing the server (every feature,
          // schema and contract) took longer than the tests themselves when each file did it
          // again. Every suite still builds its own app on its own database (test-app.ts).
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Issue #18: requests made from the OpenAPI document, on a bounded budget here;
          // `npm run fuzz` raises it (FUZZ_RUNS).
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          // Beside the unit and component files (same group, same workers), not alone at the
          // end with the other core idle.
          maxWorkers: FILE_WORKERS,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
