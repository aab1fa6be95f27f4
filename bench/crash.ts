/**
 * `npm run crash` (issue #18, part 3; bench/HISTORY.md "kill -9"): kills -9 the real
 * server during payment generation, a bulk approval, a players CSV import and a roll-call
 * sync, restarts it, does the same action again (twice) and checks that nothing is half
 * written, nothing is stored twice, no receipt number is skipped and the embedded PGlite
 * data dir opens again (the restarted server starts and answers). Prints a verdict line
 * per run and exits 1 on any failure.
 *
 * On PostgreSQL (DATABASE_URL: any database of a server the script may create databases
 * on) each scenario runs once in a database of its own (`gd_crash_<scenario>`, dropped
 * afterwards; CRASH_KEEP=1 keeps them), killed in the statement seen in pg_stat_activity
 * CRASH_KILL_DELAY_MS (200) after it shows. On PGlite (always) each scenario runs once
 * per delay from sending the request, each on a copy of a data dir seeded once: at 20, 50
 * and 80 % of the write's undisturbed duration (timed first on another copy), or at
 * CRASH_PGLITE_DELAYS_MS (a comma-separated list of ms). CRASH_ENGINES (postgres,pglite) and CRASH_SCENARIOS
 * (generation,approvals,import,roll-call) narrow the runs; CRASH_PLAYERS ×
 * CRASH_CHARGES (5000 × 20 on PostgreSQL, 1000 × 10 on PGlite) size the generation.
 */
import type { CrashClub } from './crash.db';
import {
  type CrashTarget,
  type Engine,
  pgliteTarget,
  postgresTarget,
  withHandle,
} from './crash.db';
import { approvalsScenario } from './crash-approvals';
import { generationScenario } from './crash-generation';
import { importScenario } from './crash-import';
import { type CrashReport, type KillAt, type Scenario, crashOnce, timeWrite } from './crash.run';
import { rollCallScenario } from './crash-roll-call';

const env = process.env;
const adminUrl = env.DATABASE_URL;
const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const engines = list(env.CRASH_ENGINES, adminUrl ? 'postgres,pglite' : 'pglite') as Engine[];
if (engines.includes('postgres') && !adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(1);
}
const wanted = list(env.CRASH_SCENARIOS, 'generation,approvals,import,roll-call');
const pgliteDelays = env.CRASH_PGLITE_DELAYS_MS && list(env.CRASH_PGLITE_DELAYS_MS, '').map(Number);
/** Fractions of the write's undisturbed duration the PGlite kills come at. */
const PGLITE_FRACTIONS = [0.2, 0.5, 0.8];
const killDelayMs = Number(env.CRASH_KILL_DELAY_MS ?? 200);

function scenarios(engine: Engine): [string, Scenario<CrashClub>][] {
  const big = engine === 'postgres';
  const players = Number(env.CRASH_PLAYERS ?? (big ? 5000 : 1000));
  const charges = Number(env.CRASH_CHARGES ?? (big ? 20 : 10));
  // Each scenario's seed feeds only its own write and checks: its type is erased here.
  const all = [
    ['generation', generationScenario(players, charges)],
    ['approvals', approvalsScenario(100)],
    ['import', importScenario(Number(env.CRASH_IMPORT_ROWS ?? 1000))],
    ['roll-call', rollCallScenario(200)],
  ] as unknown as [string, Scenario<CrashClub>][];
  return all.filter(([key]) => wanted.includes(key));
}

interface Row {
  engine: Engine;
  scenario: string;
  kill: string;
  report?: CrashReport;
  error?: string;
}
const rows: Row[] = [];

function print(row: Row) {
  const head = `${row.report?.ok ? 'OK    ' : 'FAILED'} ${row.engine} · ${row.scenario} · kill ${row.kill}`;
  const r = row.report;
  if (!r) return console.log(`${head}\n  error: ${row.error}`);
  console.log(`${head}
  at the kill:  ${r.at}
  after crash:  ${r.afterCrash.summary} → ${r.afterCrash.stored}${r.afterCrash.failures.map((f) => `\n    ✗ ${f}`).join('')}
  restarted:    ${r.restart ? `✗ ${r.restart}` : `the same action again did ${r.redone}, once more ${r.again}`}
  final:        ${r.final.summary} → ${r.final.stored}${r.final.failures.map((f) => `\n    ✗ ${f}`).join('')}`);
}

async function run(
  engine: Engine,
  scenario: Scenario<CrashClub>,
  target: CrashTarget,
  seeded: CrashClub,
  at: KillAt,
) {
  const kill = 'pgMs' in at ? `in the statement +${at.pgMs} ms` : `+${at.delayMs} ms`;
  const row: Row = { engine, scenario: scenario.name, kill };
  try {
    row.report = await crashOnce(target, scenario, seeded, at);
  } catch (error) {
    row.error = (error as Error).message;
  }
  rows.push(row);
  print(row);
}

/**
 * When the PGlite kills come: CRASH_PGLITE_DELAYS_MS, else fractions of how long the
 * write takes undisturbed on a copy of the seeded dir, so that they come during it.
 */
async function pgliteKills(
  scenario: Scenario<CrashClub>,
  template: CrashTarget,
  seeded: CrashClub,
) {
  if (pgliteDelays) return pgliteDelays;
  const copy = pgliteTarget(template);
  try {
    const ms = await timeWrite(copy, scenario, seeded);
    console.log(`       pglite · ${scenario.name} takes ${ms} ms undisturbed`);
    return PGLITE_FRACTIONS.map((fraction) => Math.round(ms * fraction));
  } finally {
    await copy.dispose();
  }
}

for (const engine of engines) {
  for (const [key, scenario] of scenarios(engine)) {
    if (engine === 'postgres') {
      const target = await postgresTarget(
        adminUrl!,
        `${env.CRASH_DATABASE ?? 'gd_crash'}_${key.replace('-', '_')}`,
        env.CRASH_KEEP === '1',
      );
      try {
        const seeded = await withHandle(target, (handle) => scenario.seed(handle));
        await run(engine, scenario, target, seeded, { pgMs: killDelayMs });
      } finally {
        await target.dispose();
      }
      continue;
    }
    const template = pgliteTarget();
    try {
      const seeded = await withHandle(template, (handle) => scenario.seed(handle));
      for (const delayMs of await pgliteKills(scenario, template, seeded)) {
        const target = pgliteTarget(template);
        try {
          await run(engine, scenario, target, seeded, { delayMs });
        } finally {
          await target.dispose();
        }
      }
    } finally {
      await template.dispose();
    }
  }
}

const failed = rows.filter((row) => !row.report?.ok);
console.log(
  failed.length === 0
    ? `OK: ${rows.length} kills, nothing half written, nothing twice, no receipt gap, every data dir opened`
    : `FAILED: ${failed.length} of ${rows.length} kills`,
);
process.exit(failed.length === 0 ? 0 : 1);
