import { and, eq } from 'drizzle-orm';
import { clubs } from '../../../server/db/schema/clubs';
import { notifications } from '../../../server/db/schema/notifications';
import { createNotifier } from '../../../server/features/notifications/notify';
import type {
  ReminderJobDeps,
  ReminderLog,
} from '../../../server/features/notifications/payment-reminders.job';
import { MailOutbox } from '../../../server/mail/outbox';
import { createClub } from './clubs';
import { addCharge, addPayment, addPlayer } from './payments';
import { type TestContext, registerUser } from './test-app';

/*
 * A club for the payment reminder tests: three players and a monthly fee for March 2026
 * due on March 5, with three owed payments (pending, partial, rejected) and four that are
 * not owed (paid, exempt, cancelled, in review) due the same day.
 */

/** 10:00 in Bogotá (UTC−5) on `day` ('YYYY-MM-DD'). */
export const bogotaMorning = (day: string) => new Date(`${day}T15:00:00Z`);

export async function reminderClub(ctx: TestContext, name: string, offsets?: number[]) {
  const owner = await registerUser(ctx);
  const { id: clubId } = await createClub(ctx, owner.token, { name });
  if (offsets) {
    await ctx.db.update(clubs).set({ paymentReminderOffsets: offsets }).where(eq(clubs.id, clubId));
  }
  const player = (first: string) =>
    addPlayer(ctx, owner.token, clubId, { name: first, lastname: 'Recordada' });
  const [ana, beto, carla] = [await player('Ana'), await player('Beto'), await player('Carla')];
  const monthly = await addCharge(ctx, clubId, 'Mensualidad', 100_000);
  const uniform = await addCharge(ctx, clubId, 'Uniforme', 80_000);
  const mar = { chargeId: monthly, base: 100_000, period: '2026-03', due: '2026-03-05' };
  const kit = { chargeId: uniform, base: 80_000, period: '2026-03', due: '2026-03-05' };
  const add = (p: Parameters<typeof addPayment>[2]) => addPayment(ctx, clubId, p);
  const owed = [
    await add({ ...mar, userId: ana.id, status: 'pending' }),
    await add({ ...mar, userId: beto.id, status: 'partial', discount: 15_000, paid: 40_000 }),
    await add({ ...mar, userId: carla.id, status: 'rejected', reason: 'Ilegible' }),
  ];
  const notOwed = [
    await add({ ...kit, userId: ana.id, status: 'paid', paid: 80_000 }),
    await add({ ...kit, userId: beto.id, status: 'exempt', reason: 'Beca' }),
    await add({ ...kit, userId: carla.id, status: 'cancelled', reason: 'Se retiró' }),
    await add({ ...kit, period: '2026-02', userId: carla.id, status: 'in_review' }),
  ];
  return { clubId, owed, notOwed, owner };
}

/** The club's payment reminders, in a stable order. */
export const remindersOf = (ctx: TestContext, clubId: number) =>
  ctx.db
    .select({
      userId: notifications.userId,
      subject: notifications.subject,
      day: notifications.day,
      priority: notifications.priority,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
    })
    .from(notifications)
    .where(and(eq(notifications.clubId, clubId), eq(notifications.type, 'payment_due')))
    .orderBy(notifications.day, notifications.subject);

/** A logger that keeps what the job said. */
export function memoryLog() {
  const lines: { level: 'info' | 'error'; data: Record<string, unknown>; message: string }[] = [];
  const log: ReminderLog = {
    info: (data, message) => void lines.push({ level: 'info', data: { ...data }, message }),
    error: (data, message) => void lines.push({ level: 'error', data: { ...data }, message }),
  };
  return { log, lines };
}

/** What the job runs with in a test: the suite's db and fake clock, a real outbox and notifier. */
export function reminderDeps(
  ctx: TestContext,
  log: ReminderLog = memoryLog().log,
): ReminderJobDeps & { outbox: MailOutbox } {
  const outbox = new MailOutbox(ctx.db, ctx.mailer, ctx.clock, ctx.app.log);
  const notifier = createNotifier({ clock: ctx.clock, outbox, appUrl: 'http://app.test' });
  return { db: ctx.db, clock: ctx.clock, log, notifier, outbox };
}

/** Every day from `from` to `to` inclusive, as 'YYYY-MM-DD'. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at <= new Date(`${to}T00:00:00Z`);) {
    days.push(at.toISOString().slice(0, 10));
    at = new Date(at.getTime() + 24 * 60 * 60 * 1000);
  }
  return days;
}
