/**
 * `DATABASE_URL=postgres://… npx tsx bench/payment-generation-crash.ts`: kill -9 the
 * server while it generates a large period and show that nothing is half written and
 * that a rerun after the restart completes it (issue #12, "Reliability"; bench/README.md).
 *
 * What the code promises (payment-generation.service.ts): a run bills every charge of the
 * period in ONE transaction, under an advisory lock on club + period, by ONE statement
 * that inserts the payments and their 'generated' events. So whatever instant the server
 * dies at, the period's run is stored entirely or not at all: every payment has exactly
 * one 'generated' event, and every charge has all of its players' payments or none (all
 * charges alike, being one transaction). The rerun creates exactly what is missing.
 *
 * Settings: CRASH_PLAYERS (5000), CRASH_CHARGES (20), CRASH_KILL_DELAY_MS (500: how long
 * after the INSERT shows in pg_stat_activity the kill comes), CRASH_DATABASE (gd_crash,
 * created and dropped), CRASH_KEEP=1 keeps it.
 */
import { crashRun } from './payment-generation-crash.run';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(1);
}
const players = Number(process.env.CRASH_PLAYERS ?? 5000);
const charges = Number(process.env.CRASH_CHARGES ?? 20);

const report = await crashRun({
  adminUrl,
  database: process.env.CRASH_DATABASE ?? 'gd_crash',
  players,
  charges,
  killDelayMs: Number(process.env.CRASH_KILL_DELAY_MS ?? 500),
  keep: process.env.CRASH_KEEP === '1',
  log: (line) => console.log(`  ${line}`),
});

const stored = (s: typeof report.final) =>
  `${s.payments} payments, ${s.events} 'generated' events, ${s.withoutOneEvent} payments without exactly one, ` +
  `${s.payments - s.distinctKeys} keys twice; per charge ${[...new Set(s.perCharge)].join('/')} → ${s.verdict}`;

console.log(`period ${report.period}: ${players} players × ${charges} charges = ${report.expected} payments
  at the kill:   ${report.atKill.runningMs < 0 ? 'the INSERT had ended' : `the server's backend ${report.atKill.state}, its INSERT running for ${report.atKill.runningMs} ms`}
  after:         PostgreSQL closed the dead server's connections ${report.backendsGoneMs} ms after the kill
  after crash:   ${stored(report.afterCrash)}
  restart+rerun: ${report.rerun.created} created in ${report.rerun.seconds.toFixed(2)} s
  rerun again:   ${report.again.created} created
  final:         ${stored(report.final)}`);

const ok =
  report.afterCrash.verdict !== 'half written' &&
  report.final.verdict === 'complete' &&
  report.final.payments === report.expected &&
  report.rerun.created === report.expected - report.afterCrash.payments &&
  report.again.created === 0;
console.log(ok ? 'OK: nothing half written; the rerun completed the period' : 'FAILED');
process.exit(ok ? 0 : 1);
