import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { type SessionCreateInput, sessionCreateSchema } from '../../../contract/sessions.schema';
import { createAttendanceService } from '../../features/attendance/attendance.service';
import { createCalendarNotices } from '../../features/notifications/calendar-notices';
import type { Tx } from '../../features/people/people.service';
import { sendSessionReminders } from '../../features/sessions/session-reminders.job';
import { sessionAccessFor } from '../../features/sessions/session-scope';
import { createSessionsService } from '../../features/sessions/sessions.service';
import type { Caller } from '../../features/sessions/sessions.types';
import { addMs } from '../../lib/clock';
import type { Db } from '../client';
import { categories } from '../schema/categories';
import { sessions } from '../schema/sessions';
import { categoryTrainers } from '../schema/trainers';
import {
  ATTENDANCE_DAYS,
  DEMO_ONE_OFFS,
  DEMO_TRAININGS,
  clubInstant,
  clubToday,
  demoSeason,
  markOf,
} from './demo-calendar-plan';
import { demoNotifier } from './demo-notifications';
import { SeedClock, seededRandom } from './demo-payments-plan';

/*
 * The demo club's calendar (issue #14 item 5), made by the real sessions and attendance
 * services with a clock the seed moves, never by inserting sessions or marks: the owner
 * plans each category's weekly trainings for the season (demo-calendar-plan.ts) before
 * it starts, the matches and the parents' meeting; the played matches get their results
 * after the final whistle; the trainings of the past four weeks get their roll call and
 * are closed a quarter of an hour after they end (absent minors' guardians are told);
 * one upcoming training is cancelled; and the 24-hours-before reminders go out at the
 * seed's now. Everything runs inside the demo seed's transaction. Nobody is e-mailed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_SEED = 20_261_124;
const silent = { info: () => undefined, error: () => undefined };

/** What the attendance service reads from a request: the owner, in the demo club. */
const ownerRequest = (ownerId: number, clubId: number) =>
  ({
    currentUser: { id: ownerId, isSuperAdmin: false },
    params: { id: clubId },
  }) as unknown as FastifyRequest;

export async function seedDemoCalendar(
  tx: Tx,
  {
    clubId,
    timeZone,
    now,
    ownerId,
  }: { clubId: number; timeZone: string; now: Date; ownerId: number },
): Promise<void> {
  const db = tx as unknown as Db;
  const clock = new SeedClock();
  const notices = createCalendarNotices({ notifier: demoNotifier(clock), clock, log: silent });
  const service = createSessionsService({ db, clock, notices });
  const caller: Caller = {
    clubId,
    userId: ownerId,
    access: await sessionAccessFor(db, clubId, ownerId),
  };
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.clubId, clubId));
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]));
  const trainerRows = await db
    .select({ categoryId: categoryTrainers.categoryId, userId: categoryTrainers.userId })
    .from(categoryTrainers)
    .orderBy(asc(categoryTrainers.userId));
  // A category's first trainer by account age: the demo trainer for Sub-10 and Sub-12.
  const trainerOf = (id: number) => trainerRows.find((row) => row.categoryId === id)?.userId;
  const create = (input: SessionCreateInput) =>
    service.create(caller, sessionCreateSchema.parse(input));

  // The season is planned ten days before it starts.
  const season = demoSeason(now, timeZone);
  clock.set(addMs(clubInstant(season.from, '09:00', timeZone), -10 * DAY_MS));
  for (const plan of DEMO_TRAININGS) {
    const id = categoryId.get(plan.category)!;
    await create({
      type: 'training',
      title: `Entrenamiento ${plan.category}`,
      category_id: id,
      starts_at: clubInstant(season.from, plan.start, timeZone).toISOString(),
      ends_at: clubInstant(season.from, plan.start, timeZone, plan.minutes).toISOString(),
      location: plan.location,
      trainer_id: trainerOf(id) ?? null,
      recurrence: { weekdays: plan.weekdays, until: season.until },
    });
  }

  // Matches and the meeting are announced three weeks ahead; results come after the game.
  const today = clubToday(now, timeZone);
  for (const plan of DEMO_ONE_OFFS) {
    const day = plan.day(today);
    const startsAt = clubInstant(day, plan.start, timeZone);
    const id = plan.category ? categoryId.get(plan.category)! : null;
    clock.set(new Date(Math.min(addMs(startsAt, -21 * DAY_MS).getTime(), now.getTime())));
    const { session } = await create({
      type: plan.type,
      title: plan.title,
      category_id: id,
      starts_at: startsAt.toISOString(),
      ends_at: clubInstant(day, plan.start, timeZone, plan.minutes).toISOString(),
      location: plan.location,
      trainer_id: id === null ? null : (trainerOf(id) ?? null),
      opponent: plan.opponent ?? null,
      home_away: plan.homeAway ?? null,
      competition: plan.competition ?? null,
      notes:
        plan.type === 'meeting'
          ? 'Calendario del segundo semestre, uniformes y transporte a los partidos de visitante.'
          : null,
    });
    if (plan.score) {
      clock.set(clubInstant(day, plan.start, timeZone, plan.minutes + 30));
      await service.setResult(caller, session.id, {
        score_ours: plan.score[0],
        score_theirs: plan.score[1],
      });
    }
  }

  await seedDemoRollCalls(db, { clubId, ownerId, now, clock, notices });

  // A field under maintenance next week: one training is cancelled (the family is told).
  const [nextWeek] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.clubId, clubId),
        eq(sessions.categoryId, categoryId.get('Sub-14')!),
        gte(sessions.startsAt, addMs(now, 6 * DAY_MS)),
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(1);
  clock.set(addMs(now, -DAY_MS));
  if (nextWeek) {
    await service.cancel(caller, nextWeek.id, {
      scope: 'this',
      reason: 'La Cancha 1 está en mantenimiento',
    });
  }

  clock.set(now);
  await sendSessionReminders({ db, clock, log: silent, notices });
}

/**
 * The roll calls of the trainings that ended within the past ATTENDANCE_DAYS: every
 * player of the sheet marked (seeded, so the demo is the same every time) and the list
 * closed a quarter of an hour after the end.
 */
async function seedDemoRollCalls(
  db: Db,
  options: {
    clubId: number;
    ownerId: number;
    now: Date;
    clock: SeedClock;
    notices: ReturnType<typeof createCalendarNotices>;
  },
) {
  const { clubId, ownerId, now, clock, notices } = options;
  const attendance = createAttendanceService({ db, clock, notices });
  const request = ownerRequest(ownerId, clubId);
  const random = seededRandom(DEMO_SEED);
  const taken = await db
    .select({ id: sessions.id, endsAt: sessions.endsAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.clubId, clubId),
        eq(sessions.type, 'training'),
        eq(sessions.status, 'scheduled'),
        gte(sessions.startsAt, addMs(now, -ATTENDANCE_DAYS * DAY_MS)),
        lte(sessions.endsAt, now),
      ),
    )
    .orderBy(asc(sessions.startsAt), asc(sessions.id));
  for (const session of taken) {
    clock.set(addMs(session.endsAt, -10 * 60_000));
    const sheet = await attendance.sheet(request, session.id);
    if (sheet.records.length === 0) continue;
    await attendance.save(request, session.id, {
      version: sheet.version,
      force: false,
      records: sheet.records.map((record) => ({
        player_id: record.player_id,
        ...markOf(random()),
      })),
    });
    clock.set(addMs(session.endsAt, 15 * 60_000));
    await attendance.close(request, session.id);
  }
}
