import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { clubs } from '../../server/db/schema/clubs';
import { charges } from '../../server/db/schema/money';
import {
  clubReceiptCounters,
  paymentEvents,
  paymentRecords,
  payments,
} from '../../server/db/schema/payments';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { DEMO_CLUB_NAME, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { demoMonths } from '../../server/db/seed/demo-payments';
import { monthLabel } from '../../server/features/payment-generation/periods';
import { moneySummary } from '../../server/features/payments/money-figures';
import { describeEachDatabase, login } from './support/test-app';

/*
 * Issue #12 item 7: the demo club's six months of payments, made by the generation,
 * actions and proofs services with the seed's clock. The seed runs at a fixed instant, the
 * last day of a month whose five months before cross a new year (October to March).
 */
const NOW = new Date('2026-03-31T15:00:00Z');
const TIME_ZONE = 'America/Bogota';
const MONTHS = demoMonths(NOW, TIME_ZONE).map(monthLabel);
const monthIn = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);

describeEachDatabase('the demo club’s payments', (ctx) => {
  let clubId = 0;
  const clubPayments = () =>
    ctx.db.select().from(payments).where(eq(payments.clubId, clubId)).orderBy(asc(payments.id));

  beforeAll(async () => {
    expect(await seedDemoIfEmpty(ctx.db, { storage: ctx.storage, now: NOW })).toBe(true);
    const [club] = await ctx.db.select().from(clubs).where(eq(clubs.name, DEMO_CLUB_NAME));
    clubId = club!.id;
  });

  it('bills the current month and the five before, in every status', async () => {
    expect(MONTHS).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    const rows = await clubPayments();
    expect(new Set(rows.map((p) => p.period.slice(0, 7)))).toEqual(new Set(MONTHS));
    expect(new Set(rows.map((p) => p.status))).toEqual(
      new Set(['pending', 'partial', 'in_review', 'paid', 'rejected', 'cancelled', 'exempt']),
    );
    // The three older months are settled; what is owed and overdue is in the last three.
    const owing = ['pending', 'partial', 'in_review', 'rejected'];
    const older = rows.filter((p) => p.period < `${MONTHS[3]}-01`);
    expect(older.length).toBeGreaterThan(40);
    expect(older.filter((p) => owing.includes(p.status))).toEqual([]);
    expect(older.filter((p) => p.status === 'paid').length / older.length).toBeGreaterThan(0.9);
    const overdue = rows.filter(
      (p) => ['pending', 'partial', 'rejected'].includes(p.status) && p.dueDate < '2026-03-31',
    );
    for (const month of MONTHS.slice(3)) {
      expect(
        overdue.some((p) => p.period.startsWith(month)),
        month,
      ).toBe(true);
    }
    // A 100 % Beca bills 0, generated exempt.
    const scholarships = rows.filter((p) => p.amountDue === 0);
    expect(scholarships.length).toBeGreaterThan(0);
    expect(scholarships.every((p) => p.status === 'exempt')).toBe(true);
    expect(rows.filter((p) => p.status === 'exempt' && p.amountDue > 0)).toHaveLength(2);
  });

  it('cancels exactly one payment, with the reason', async () => {
    const cancelled = (await clubPayments()).filter((p) => p.status === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.statusReason).toBe('Se retiró del club en marzo de 2026');
  });

  it('keeps every proof in review readable from the app’s storage', async () => {
    const rows = await ctx.db
      .select({ record: paymentRecords, period: payments.period })
      .from(paymentRecords)
      .innerJoin(payments, eq(payments.id, paymentRecords.paymentId))
      .where(and(eq(paymentRecords.clubId, clubId), eq(paymentRecords.status, 'in_review')));
    for (const month of MONTHS.slice(4)) {
      expect(rows.filter((r) => r.period.startsWith(month)).length, month).toBeGreaterThan(1);
    }
    for (const { record } of rows) {
      const file = await ctx.storage.get(record.proofPath!);
      expect(file?.contentType, record.proofPath!).toBe('image/webp');
      expect(file!.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    // And through the API, as the accountant reads it.
    const token = (await login(ctx, 'contador@demo.club', DEMO_PASSWORD)).json().token as string;
    const { record } = rows[0]!;
    const response = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}/payments/${record.paymentId}/records/${record.id}/proof`,
      token,
    });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'image/webp']);

    const rejected = await ctx.db
      .select()
      .from(paymentRecords)
      .where(and(eq(paymentRecords.clubId, clubId), eq(paymentRecords.status, 'rejected')));
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((r) => (r.rejectionReason ?? '').length > 10 && r.proofPath)).toBe(true);
  });

  it('numbers the receipts 1..n without gaps, in the order they were approved', async () => {
    const approved = await ctx.db
      .select()
      .from(paymentRecords)
      .where(and(eq(paymentRecords.clubId, clubId), eq(paymentRecords.status, 'approved')))
      .orderBy(asc(paymentRecords.receiptNumber));
    expect(approved.length).toBeGreaterThan(100);
    expect(approved.map((r) => r.receiptNumber)).toEqual(approved.map((_, i) => i + 1));
    // In the order of the days they were approved.
    const instants = approved.map((r) => r.reviewedAt!.getTime());
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    const [counter] = await ctx.db
      .select()
      .from(clubReceiptCounters)
      .where(eq(clubReceiptCounters.clubId, clubId));
    expect(counter?.lastNumber).toBe(approved.length);
  });

  it('adds up every month: billed = paid + debt + exempt', async () => {
    for (const month of MONTHS) {
      const summary = await moneySummary(ctx.db, clubId, { month, now: NOW, scope: undefined });
      expect(summary.billed, month).toBeGreaterThan(0);
      expect(summary.paid + summary.debt + summary.exempt, month).toBe(summary.billed);
    }
    const march = await moneySummary(ctx.db, clubId, {
      month: '2026-03',
      now: NOW,
      scope: undefined,
    });
    expect(march.collected).toBeGreaterThan(0);
    expect(march.overdue.count).toBeGreaterThan(0);
  });

  it('dates every event, the generation first, in its payment’s month', async () => {
    const rows = await clubPayments();
    const events = await ctx.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.paymentId,
          rows.map((p) => p.id),
        ),
      );
    const periodOf = new Map(rows.map((p) => [p.id, p.period.slice(0, 7)]));
    const generated = events.filter((e) => e.action === 'generated');
    expect(generated).toHaveLength(rows.length);
    for (const event of events) {
      expect(monthIn(event.at), `${event.action} of ${event.paymentId}`).toBe(
        periodOf.get(event.paymentId),
      );
      expect(event.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    // The generation's run of a month is by the server's job (no actor).
    expect(generated.every((e) => e.actorId === null)).toBe(true);
    // The one-off enrollment and uniform are billed once, in the current month.
    const oneOffs = await ctx.db
      .select({ period: payments.period })
      .from(payments)
      .innerJoin(charges, eq(charges.id, payments.chargeId))
      .where(and(eq(payments.clubId, clubId), inArray(charges.concept, ['enrollment', 'uniform'])));
    expect(new Set(oneOffs.map((p) => p.period))).toEqual(new Set(['2026-03-01']));
  });
});
