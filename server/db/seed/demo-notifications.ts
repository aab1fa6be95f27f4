import { and, eq, lt, sql } from 'drizzle-orm';
import { announce } from '../../features/announcements/announce';
import { contactNotice } from '../../features/contact-messages/contact-messages.service';
import { createPaymentNotices } from '../../features/notifications/payment-notices';
import { createPaymentReminders } from '../../features/notifications/payment-reminders.job';
import { createNotifier } from '../../features/notifications/notify';
import type { Tx } from '../../features/people/people.service';
import { addMs } from '../../lib/clock';
import type { Db } from '../client';
import { notifications } from '../schema/notifications';
import { contactMessages } from '../schema/platform';
import { SeedClock } from './demo-payments-plan';

/*
 * The demo's notifications (issue #13 item 6), made by the real generators inside the
 * demo seed's transaction, each at the instant the seed's clock says: the payment notices
 * of the six months of payments (demo-payments.ts runs its proofs and reviews through
 * them), the escalating reminders of the last month (the hourly job, run once per
 * day), an announcement of the owner to the whole club and a system alert of the super
 * admin to everyone. Then older ones are read and the oldest archived, so every account
 * sees unread, read and several types and priorities. Nobody is e-mailed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reminders of this many past days: a month, whatever day the demo is seeded on. */
const REMINDER_DAYS = 31;
/** Older than this: read (two hours after it arrived); older than ARCHIVED_AFTER: archived. */
const READ_AFTER_DAYS = 4;
const ARCHIVED_AFTER_DAYS = 45;

const silent = { info: () => undefined, error: () => undefined };

/** The notifier of the seed: notifications at the seed clock's instant, and no e-mail. */
export function demoNotifier(clock: SeedClock) {
  return createNotifier({
    clock,
    outbox: {
      add: async (_executor, mail) => ({ ...mail, id: 0, createdAt: clock.now() }),
      dispatch: () => undefined,
    },
  });
}

/** The payment notices of the demo's proofs and reviews, dated by the seed's clock. */
export const demoPaymentNotices = (tx: Tx, clock: SeedClock) =>
  createPaymentNotices({ db: tx as unknown as Db, notifier: demoNotifier(clock), log: silent });

export async function seedDemoNotifications(
  tx: Tx,
  {
    clubId,
    now,
    ownerId,
    superAdminId,
  }: { clubId: number; now: Date; ownerId: number; superAdminId: number },
): Promise<void> {
  const db = tx as unknown as Db;
  const clock = new SeedClock();
  const notifier = demoNotifier(clock);
  for (let back = REMINDER_DAYS; back >= 0; back--) {
    // Each past day at 10:00 in Bogotá (15:00 UTC), today at the seed's instant.
    const day = new Date(now.getTime() - back * DAY_MS);
    const morning = new Date(`${day.toISOString().slice(0, 10)}T15:00:00Z`);
    clock.set(back === 0 || morning > now ? now : morning);
    await createPaymentReminders({ db, clock, log: silent, notifier, clubId });
  }
  clock.set(addMs(now, -2 * DAY_MS));
  await announce(
    { db, clock, notifier },
    {
      kind: 'club_announcement',
      clubId,
      senderId: ownerId,
      title: 'Horario de entrenamientos de diciembre',
      message:
        'En diciembre todas las categorías entrenan de 7:00 a 9:00 a. m. en la cancha principal. Lleven hidratación y el uniforme de entrenamiento.',
      priority: 'medium',
      actionUrl: null,
    },
  );
  clock.set(addMs(now, -1 * DAY_MS));
  await announce(
    { db, clock, notifier },
    {
      kind: 'system_alert',
      clubId: null,
      senderId: superAdminId,
      title: 'Mantenimiento programado',
      message:
        'El domingo de 2:00 a 4:00 a. m. la plataforma puede no estar disponible mientras la actualizamos.',
      priority: 'high',
      actionUrl: null,
    },
  );
  await seedDemoContactMessage(db, notifier, clock, { now, superAdminId });
  await markDemoNotificationsRead(tx, now);
}

/** A visitor's message through /contact three hours ago, unread in the super admin's bell. */
async function seedDemoContactMessage(
  db: Db,
  notifier: ReturnType<typeof demoNotifier>,
  clock: SeedClock,
  { now, superAdminId }: { now: Date; superAdminId: number },
) {
  const at = addMs(now, -3 * 60 * 60 * 1000);
  clock.set(at);
  const input = {
    name: 'Laura Gómez',
    email: 'laura.gomez@escuela-ejemplo.co',
    subject: 'Demostración para nuestra escuela',
    message:
      'Hola, tenemos una escuela de fútbol con 80 niños en cuatro categorías. ¿Podemos ver una demostración?',
  };
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, createdAt: at })
    .returning({ id: contactMessages.id });
  await notifier.notify(db, [superAdminId], contactNotice(row!.id, input));
}

/**
 * What people would have read by now: everything older than READ_AFTER_DAYS, except what
 * still asks for something (the latest reminder of a payment still owed, a proof still
 * waiting for review); read reminders older than ARCHIVED_AFTER_DAYS were archived.
 */
async function markDemoNotificationsRead(tx: Tx, now: Date) {
  const readBefore = addMs(now, -READ_AFTER_DAYS * DAY_MS).toISOString();
  const archiveBefore = addMs(now, -ARCHIVED_AFTER_DAYS * DAY_MS).toISOString();
  await tx.execute(sql`
    update notifications n set read_at = n.created_at + interval '2 hours'
    where n.created_at < ${readBefore}::timestamptz
      and not exists (
        select 1 from payment_records r
        where n.subject like 'record:%:received'
          and r.id = (n.data->>'record_id')::int and r.status = 'in_review')
      and n.id not in (
        select distinct on (l.user_id, l.data->>'payment_id') l.id
        from notifications l join payments p on p.id = (l.data->>'payment_id')::int
        where l.subject like 'payment:%:offset:%'
          and p.status in ('pending', 'partial', 'rejected') and p.amount_due > p.amount_paid
        order by l.user_id, l.data->>'payment_id', l.created_at desc)`);
  await tx
    .update(notifications)
    .set({ archivedAt: sql`${notifications.readAt} + interval '1 day'` })
    .where(
      and(
        lt(notifications.createdAt, new Date(archiveBefore)),
        eq(notifications.type, 'payment_due'),
        sql`${notifications.readAt} is not null`,
      ),
    );
}
