import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import type { Clock } from '../../lib/clock';
import { type ScheduledJob } from '../../lib/scheduled-job';
import { jobNames } from '../platform-health/job-runs';
import { type GenerationLog, createPaymentGenerationService } from './payment-generation.service';
import { currentMonth, monthLabel } from './periods';

/*
 * The daily run of payment generation (DOMAIN.md "Generating payments", trap 12): for
 * every active club, the current period (the month of today in the club's timezone).
 * Each club runs in its own transaction, so one club's failure is logged and the others
 * still bill. Started by server/main.ts only (buildApp does not, so tests do not run it).
 */

/** Every hour at :05 (a club's new period begins at its own midnight; a run is idempotent). */
export const PAYMENT_GENERATION_CRON = '5 * * * *';

export interface JobLog extends GenerationLog {
  error(data: object, message: string): void;
}

export interface JobOptions {
  db: Db;
  clock: Clock;
  log: JobLog;
}

/** What one run did per club: the period billed and how many payments it created. */
export interface ClubRun {
  clubId: number;
  period: string;
  created: number | null;
}

/** Runs the generation once for every active club; never throws. */
export async function runPaymentGeneration({ db, clock, log }: JobOptions): Promise<ClubRun[]> {
  const generation = createPaymentGenerationService({ db, clock });
  let active: { id: number; timezone: string }[];
  try {
    active = await db
      .select({ id: clubs.id, timezone: clubs.timezone })
      .from(clubs)
      .where(eq(clubs.status, 'active'))
      .orderBy(clubs.id);
  } catch (error) {
    log.error({ err: error }, 'payment generation job: could not list the clubs');
    return [];
  }
  const runs: ClubRun[] = [];
  for (const club of active) {
    let period = '';
    try {
      period = monthLabel(currentMonth(clock.now(), club.timezone));
      const result = await generation.generate(club.id, period, { actorId: null, log });
      runs.push({ clubId: club.id, period, created: result.created_total });
    } catch (error) {
      log.error({ err: error, clubId: club.id, period }, 'payment generation job: club failed');
      runs.push({ clubId: club.id, period, created: null });
    }
  }
  log.info(
    { clubs: runs.length, created: runs.reduce((sum, run) => sum + (run.created ?? 0), 0) },
    'payment generation job: run done',
  );
  return runs;
}

/** The generation as a scheduled job: every active club's current period, daily. */
export const paymentGenerationJob = (options: JobOptions): ScheduledJob<ClubRun[], ClubRun[]> => ({
  name: jobNames.paymentGeneration,
  label: 'payment generation job',
  cron: PAYMENT_GENERATION_CRON,
  work: () => runPaymentGeneration(options),
  // Each run is also the panel's job_runs row (failed when a club failed).
  summarize: (runs) => ({
    clubs: runs.length,
    created: runs.reduce((sum, each) => sum + (each.created ?? 0), 0),
    failed_clubs: runs.filter((each) => each.created === null).length,
  }),
  failed: (runs) => runs.some((each) => each.created === null),
  fallback: [],
});
