import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clubs } from '../../server/db/schema/clubs';
import { emailOutbox } from '../../server/db/schema/mail';
import { notifications } from '../../server/db/schema/notifications';
import { paymentRecords, payments } from '../../server/db/schema/payments';
import { contactMessages } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_CLUB_NAME, demoAccounts } from '../../server/db/seed/demo-accounts';
import { createPaymentReminders } from '../../server/features/notifications/payment-reminders.job';
import { memoryLog, reminderDeps } from './support/payment-reminders';
import { describeEachDatabase } from './support/test-app';

/*
 * Issue #13 item 6: every demo account has notifications of several types, priorities and
 * states, made by the real generators while the demo is seeded (fixed instant: the last
 * day of a month, so the month's reminders all lie behind it).
 */
const NOW = new Date('2026-03-31T15:00:00Z');
const OWED = new Set(['pending', 'partial', 'rejected']);

describeEachDatabase('the demo’s notifications', (ctx) => {
  let clubId = 0;
  const mine = (email: string) =>
    ctx.db
      .select({
        type: notifications.type,
        priority: notifications.priority,
        title: notifications.title,
        subject: notifications.subject,
        data: notifications.data,
        readAt: notifications.readAt,
        archivedAt: notifications.archivedAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.email, email));

  beforeAll(async () => {
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
    clubId = club!.id;
  });

  it('gives every account something unread, and club members at least two kinds', async () => {
    for (const account of demoAccounts) {
      const rows = await mine(account.email);
      expect(
        rows.filter((row) => !row.readAt),
        account.email,
      ).not.toHaveLength(0);
      // The super admin is no member of the club: their bell holds the platform's notices.
      if (account.role && !account.isSuperAdmin) {
        expect(new Set(rows.map((row) => row.type)).size, account.email).toBeGreaterThan(1);
      }
    }
  });

  it("rings the player's bell with the latest reminder of a payment still owed", async () => {
    const rows = await mine('jugador@demo.club');
    const reminders = rows.filter((row) => row.subject.includes(':offset:'));
    const unread = reminders.filter((row) => !row.readAt);
    expect(unread.length).toBeGreaterThan(0);
    for (const row of unread) {
      // One reminder per family and offset lists its payments (issue #34).
      const ids = row.data.payment_ids as number[];
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, id));
        expect(OWED.has(payment!.status)).toBe(true);
      }
      expect(row.data.action_url).toBe('/home/payments');
    }
    expect(new Set(rows.map((row) => row.priority)).size).toBeGreaterThan(2);
  });

  it("leaves unread exactly the accountant's notices of proofs still in review", async () => {
    const waiting = await ctx.db
      .select({ id: paymentRecords.id })
      .from(paymentRecords)
      .where(and(eq(paymentRecords.clubId, clubId), eq(paymentRecords.status, 'in_review')));
    const received = (await mine('contador@demo.club')).filter(
      (row) => row.title === 'Comprobante recibido',
    );
    const unread = received.filter((row) => !row.readAt).map((row) => row.data.record_id);
    expect(new Set(unread)).toEqual(new Set(waiting.map((record) => record.id)));
    expect(received.some((row) => row.archivedAt)).toBe(true);
    expect(received.some((row) => row.readAt && !row.archivedAt)).toBe(true);
  });

  it("rings the super admin's bell with a visitor's contact message, unread", async () => {
    const contact = (await mine('admin@demo.club')).filter((row) =>
      row.subject.startsWith('contact:'),
    );
    expect(contact).toHaveLength(1);
    expect(contact[0]).toMatchObject({
      type: 'system_alert',
      title: 'Nuevo mensaje de contacto',
      readAt: null,
    });
    const [message] = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, Number(contact[0]!.data.contact_message_id)));
    expect(message?.email).toBe('laura.gomez@escuela-ejemplo.co');
  });

  it('e-mails nobody, and the hourly job finds nothing left to send today', async () => {
    const [mails] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(mails!.n).toBe(0);
    ctx.clock.set(NOW);
    const [run] = await createPaymentReminders({ ...reminderDeps(ctx, memoryLog().log), clubId });
    expect(run).toMatchObject({ clubId, created: 0 });
  });
});
