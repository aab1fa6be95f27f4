import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { paymentGenerationResultSchema } from '../../contract/payment-generation.schema';
import {
  clubReceiptCounters,
  paymentEvents,
  paymentRecords,
  payments,
} from '../../server/db/schema/payments';
import { moneySummary } from '../../server/features/payments/money-figures';
import { createClub } from './support/clubs';
import { answered, clubMethods, post } from './support/payment-actions';
import { expectPaymentCollectionsAgree } from './support/payment-collections';
import { expectPaymentCountsAgree } from './support/payment-counts';
import { expectPaymentDebtorsAgree } from './support/payment-debtors';
import { addCharge, addDiscount, addPlayer } from './support/payment-generation';
import { pdf, postForm } from './support/payment-proofs';
import {
  MONTHS,
  type ModelPayment,
  type Step,
  accepts,
  amountOf,
  balanceOf,
  bogotaMonth,
  historyArb,
  monthsBetween,
  paidOf,
  statusAfterReject,
  statusByMoney,
} from './support/payment-history';
import { MARCH_10, base } from './support/payments';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Property tests of the money (issue #12 "Reliability"): fast-check draws histories of
 * generate / record / send a proof / approve / reject / cancel / exempt on random payments of one fresh
 * club, with a clock that only moves forward, and after each history checks the
 * invariants of docs/money.md against the database and moneySummary. What the test
 * expects comes from the club it built and the actions it sent (support/payment-history.ts),
 * not from the code under test. A failure prints fast-check's seed and the shrunk history.
 */

const NUM_RUNS = 50;
const OWING = new Set(['pending', 'partial', 'in_review', 'rejected']);
const key = (p: { chargeId: number; userId: number; period: string }) =>
  `${p.chargeId}:${p.userId}:${p.period.slice(0, 7)}`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The club of a run: three players; 'Mensualidad' 100.000 monthly with a 100 % 'Beca'
 * (Ana) and a fixed 30.000 'Convenio' (Beto); 'Transporte' 45.000 monthly with the
 * 'Convenio' only; 'Torneo' 60.000 quarterly from January for Ana and Caro.
 */
async function freshClub(ctx: TestContext, token: string, run: number) {
  const { id: clubId } = await createClub(ctx, token, { name: `Club Propiedades ${run}` });
  const [ana, beto, caro] = [
    await addPlayer(ctx, token, clubId, 'Ana'),
    await addPlayer(ctx, token, clubId, 'Beto'),
    await addPlayer(ctx, token, clubId, 'Caro'),
  ] as [number, number, number];
  const { cash } = await clubMethods(ctx, clubId);
  const beca = await addDiscount(ctx, clubId, 'Beca', 'percentage', 100, [ana]);
  const convenio = await addDiscount(ctx, clubId, 'Convenio', 'fixed', 30_000, [beto]);
  const monthly = { frequency: 'monthly' as const, validFrom: '2026-01-01' };
  const mensualidad = await addCharge(ctx, clubId, {
    ...monthly,
    name: 'Mensualidad',
    amount: 100_000,
    dueDay: 5,
    discountIds: [beca, convenio],
  });
  const transporte = await addCharge(ctx, clubId, {
    ...monthly,
    name: 'Transporte',
    amount: 45_000,
    dueDay: 31,
    discountIds: [convenio],
  });
  const torneo = await addCharge(ctx, clubId, {
    name: 'Torneo',
    amount: 60_000,
    frequency: 'quarterly',
    dueDay: 15,
    validFrom: '2026-01-01',
    scope: 'players',
    playerIds: [ana, caro],
  });
  /** What `month` bills, worked out by hand from the above. */
  const expected = (month: string) => [
    { chargeId: mensualidad, userId: ana, due: 0 },
    { chargeId: mensualidad, userId: beto, due: 70_000 },
    { chargeId: mensualidad, userId: caro, due: 100_000 },
    { chargeId: transporte, userId: ana, due: 45_000 },
    { chargeId: transporte, userId: beto, due: 15_000 },
    { chargeId: transporte, userId: caro, due: 45_000 },
    ...(month === '2026-01' || month === '2026-04'
      ? [
          { chargeId: torneo, userId: ana, due: 60_000 },
          { chargeId: torneo, userId: caro, due: 60_000 },
        ]
      : []),
  ];
  return { clubId, cash, expected };
}

type Club = Awaited<ReturnType<typeof freshClub>>;

/** Every money row of the club, to compare before and after a refused action. */
async function snapshot(ctx: TestContext, clubId: number) {
  const ofClub = sql`${paymentEvents.paymentId} in (select id from payments where club_id = ${clubId})`;
  return {
    payments: await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.clubId, clubId))
      .orderBy(asc(payments.id)),
    records: await ctx.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.clubId, clubId))
      .orderBy(asc(paymentRecords.id)),
    events: await ctx.db.select().from(paymentEvents).where(ofClub).orderBy(asc(paymentEvents.id)),
    counter: await ctx.db
      .select()
      .from(clubReceiptCounters)
      .where(eq(clubReceiptCounters.clubId, clubId)),
    files: [...ctx.storage.files.keys()].filter((k) => k.startsWith(`proofs/${clubId}-`)).sort(),
  };
}

describeEachDatabase('Payments: properties of random histories', (ctx) => {
  /** Plays one history on a fresh club, checking each answer; returns the model it built. */
  async function play(token: string, club: Club, steps: Step[]) {
    const model = new Map<number, ModelPayment>();
    const generated = new Set<string>();
    let approved = 0;
    for (const step of steps) {
      ctx.clock.advanceMinutes(step.wait);
      if (step.kind === 'generate') {
        const month = MONTHS[step.month]!;
        generated.add(month);
        const response = await ctx.request({
          method: 'POST',
          url: `${base(club.clubId)}/payments/generation`,
          token,
          body: { period: month },
        });
        expect(response.statusCode, response.body).toBe(200);
        const result = paymentGenerationResultSchema.parse(response.json());
        const known = new Set([...model.values()].map(key));
        const missing = club
          .expected(month)
          .filter((e) => !known.has(key({ ...e, period: month })));
        expect(result.created_total).toBe(missing.length);
        const rows = await ctx.db
          .select()
          .from(payments)
          .where(and(eq(payments.clubId, club.clubId), eq(payments.period, `${month}-01`)));
        for (const row of rows.filter((r) => !model.has(r.id))) {
          const want = missing.find((e) => e.chargeId === row.chargeId && e.userId === row.userId);
          expect(want, `unexpected payment ${key(row)}`).toBeDefined();
          // Nothing owed (the 100 % Beca): generated exempt, never a debtor's (trap 5).
          const status = want!.due > 0 ? 'pending' : 'exempt';
          expect([row.amountDue, row.amountPaid, row.status]).toEqual([want!.due, 0, status]);
          model.set(row.id, { ...row, period: month, due: row.amountDue, records: [] });
        }
        continue;
      }
      const list = [...model.values()].sort((a, b) => a.id - b.id);
      // A review picks a record of the club (and its payment), one in review for an even
      // recordPick when there is one; without any record, a 404.
      const recordPick = step.kind === 'approve' || step.kind === 'reject' ? step.recordPick : -1;
      const all = list.flatMap((payment) => payment.records.map((r) => ({ payment, r })));
      const waiting = all.filter(({ r }) => r.status === 'in_review');
      const from = recordPick % 2 === 0 && waiting.length > 0 ? waiting : all;
      const target =
        recordPick >= 0 && from.length > 0 ? from[recordPick % from.length] : undefined;
      const p = target?.payment ?? list[step.pick % list.length]!;
      const record = target?.r;
      const amount = step.kind === 'record' || step.kind === 'proof' ? amountOf(step, p) : 0;
      const ok = accepts(step, p, amount, record);
      const before = ok ? undefined : await snapshot(ctx, club.clubId);
      const reason = { reason: 'Motivo de la prueba' };
      const recordPath = `records/${record?.id ?? 2_000_000_000}`;
      const fields = { amount, payment_method_id: club.cash, paid_on: '2026-03-01' };
      const proofFile = {
        filename: 'comprobante.pdf',
        contentType: 'application/pdf',
        bytes: pdf(),
      };
      const response = await {
        record: () => post(ctx, token, club.clubId, p.id, 'records', fields),
        proof: () => postForm(ctx, token, club.clubId, p.id, fields, proofFile),
        approve: () => post(ctx, token, club.clubId, p.id, `${recordPath}/approve`),
        reject: () => post(ctx, token, club.clubId, p.id, `${recordPath}/reject`, reason),
        cancel: () => post(ctx, token, club.clubId, p.id, 'cancel', reason),
        exempt: () => post(ctx, token, club.clubId, p.id, 'exempt', reason),
      }[step.kind]();
      if (!ok) {
        expect([404, 409, 422], response.body).toContain(response.statusCode);
        expect(await snapshot(ctx, club.clubId)).toEqual(before);
        continue;
      }
      const created = step.kind === 'record' || step.kind === 'proof';
      const answer = answered(response, created ? 201 : 200);
      const approvedIn = bogotaMonth(ctx.clock.now());
      if (step.kind === 'record') {
        p.records.push({
          id: answer.record!.id,
          proof: false,
          amount,
          status: 'approved',
          approvedIn,
        });
      } else if (step.kind === 'proof') {
        p.records.push({ id: answer.record!.id, proof: true, amount, status: 'in_review' });
      } else if (record) {
        record.status = step.kind === 'approve' ? 'approved' : 'rejected';
        if (step.kind === 'approve') record.approvedIn = approvedIn;
      }
      if (step.kind === 'record' || step.kind === 'approve') {
        approved += 1;
        expect(answer.record!.receipt_number).toBe(approved);
      }
      p.status =
        step.kind === 'cancel'
          ? 'cancelled'
          : step.kind === 'exempt'
            ? 'exempt'
            : step.kind === 'proof'
              ? 'in_review'
              : step.kind === 'reject'
                ? statusAfterReject(p)
                : statusByMoney(p);
      expect([answer.payment.status, answer.payment.amount_paid]).toEqual([p.status, paidOf(p)]);
    }
    return { model, generated, approved };
  }

  /** The invariants, from the database and moneySummary against the model. */
  async function check(
    clubId: number,
    { model, generated, approved }: Awaited<ReturnType<typeof play>>,
  ) {
    const rows = await ctx.db.select().from(payments).where(eq(payments.clubId, clubId));
    const records = await ctx.db
      .select()
      .from(paymentRecords)
      .where(eq(paymentRecords.clubId, clubId));
    expect(new Set(rows.map(key)).size).toBe(rows.length); // no payment twice
    expect(rows.length).toBe(model.size);
    for (const row of rows) {
      const m = model.get(row.id)!;
      const approvedSum = sum(
        records
          .filter((r) => r.paymentId === row.id && r.status === 'approved')
          .map((r) => r.amount),
      );
      expect([row.amountDue, row.amountPaid, row.status]).toEqual([m.due, paidOf(m), m.status]);
      expect(row.amountPaid).toBe(approvedSum);
      expect(row.amountPaid).toBeGreaterThanOrEqual(0);
      expect(row.amountPaid).toBeLessThanOrEqual(row.amountDue);
    }
    await expectPaymentCountsAgree(ctx, clubId);
    await expectPaymentDebtorsAgree(ctx, clubId);
    await expectPaymentCollectionsAgree(ctx, clubId);
    const numbers = records.flatMap((r) => (r.status === 'approved' ? [r.receiptNumber] : []));
    expect(numbers.sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: approved }, (_, i) => i + 1),
    );
    expect(records.filter((r) => r.status !== 'approved' && r.receiptNumber !== null)).toEqual([]);
    const proofs = [...model.values()].flatMap((p) => p.records.filter((r) => r.proof));
    for (const sent of proofs) {
      const path = records.find((r) => r.id === sent.id)?.proofPath;
      expect(path && ctx.storage.files.has(path), `proof of record ${sent.id}`).toBe(true);
    }

    const now = ctx.clock.now();
    for (const month of generated) {
      const s = await moneySummary(ctx.db, clubId, { month, now, scope: undefined });
      const of = [...model.values()].filter((p) => p.period === month);
      const live = of.filter((p) => p.status !== 'cancelled');
      expect(s.billed).toBe(s.paid + s.debt + s.exempt);
      expect(s.billed).toBe(sum(live.map((p) => p.due)));
      expect(s.billed).toBe(
        sum(
          rows
            .filter((r) => r.period === `${month}-01` && r.status !== 'cancelled')
            .map((r) => r.amountDue),
        ),
      );
      expect(s.paid).toBe(sum(live.map(paidOf)));
      expect(s.debt).toBe(sum(of.filter((p) => OWING.has(p.status)).map(balanceOf)));
      expect(s.exempt).toBe(sum(of.filter((p) => p.status === 'exempt').map(balanceOf)));
    }
    const approvedRecords = [...model.values()].flatMap((p) =>
      p.records.filter((r) => r.status === 'approved'),
    );
    let collected = 0;
    for (const month of monthsBetween(bogotaMonth(MARCH_10), bogotaMonth(now))) {
      const s = await moneySummary(ctx.db, clubId, { month, now, scope: undefined });
      const inMonth = approvedRecords.filter((r) => r.approvedIn === month);
      expect(s.collected).toBe(sum(inMonth.map((r) => r.amount)));
      collected += s.collected;
    }
    expect(collected).toBe(sum(approvedRecords.map((r) => r.amount)));
  }

  it('keeps billed = paid + debt + exempt, amounts paid, one payment per key and receipts 1..n', async () => {
    const owner = await registerUser(ctx);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(historyArb, async (steps) => {
        ctx.clock.set(MARCH_10);
        const club = await freshClub(ctx, owner.token, (run += 1));
        await check(club.clubId, await play(owner.token, club, steps));
      }),
      { numRuns: NUM_RUNS },
    );
  }, 180_000);
});
