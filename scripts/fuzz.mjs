// `npm run fuzz`: the fuzz project (tests/fuzz, issue #18) with a long budget — FUZZ_RUNS
// requests per operation and caller, 20 unless set (≥ 10,000 requests) — then the totals
// each database's run wrote to .tmp/fuzz-<driver>.json. FUZZ_SEED replays a run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const drivers = ['pglite', 'postgres'];
mkdirSync('.tmp', { recursive: true });
for (const driver of drivers) rmSync(`.tmp/fuzz-${driver}.json`, { force: true });

const started = Date.now();
const { status } = spawnSync('npx', ['vitest', 'run', '--project', 'fuzz'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '20' },
});

let requests = 0;
let serverErrors = 0;
console.log('\nFuzzing (issue #18):');
for (const driver of drivers) {
  const file = `.tmp/fuzz-${driver}.json`;
  if (!existsSync(file)) continue;
  const run = JSON.parse(readFileSync(file, 'utf8'));
  requests += run.requests;
  serverErrors += run.serverErrors;
  console.log(
    `  ${driver}: ${run.requests} requests, ${run.serverErrors} answers 5xx, ` +
      `${run.problems} problems, ${run.seconds} s (FUZZ_RUNS=${run.runs}, FUZZ_SEED=${run.seed})`,
  );
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`Requests: ${requests}, 5xx answers: ${serverErrors}, ${seconds} s in all`);
process.exit(status ?? 1);
