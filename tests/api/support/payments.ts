import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentStatus } from '../../../contract/payments.schema';
import { categories } from '../../../server/db/schema/categories';
import { charges } from '../../../server/db/schema/money';
import {
  type AppliedDiscount,
  clubReceiptCounters,
  paymentRecords,
  payments,
} from '../../../server/db/schema/payments';
import { players } from '../../../server/db/schema/players';
import { frequencies } from '../../../server/db/schema/reference';
import { addMembership, createClub } from './clubs';
import { type TestContext, registerUser } from './test-app';

/*
 * A club with payments in every status around the February–March 2026 boundary (club in
 * America/Bogota, UTC−5), inserted straight in the tables, and records approved (with
 * receipt numbers from club_receipt_counters), in review and rejected. The tests' clock is
 * 2026-03-10 10:00 in Bogotá unless a test moves it.
 */

export const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;

/** 2026-03-10 10:00 in Bogotá. */
export const MARCH_10 = new Date('2026-03-10T15:00:00Z');

let documents = 3_100_000_000;

/** A player added through the API (a person with a document, in `categoryId`). */
export async function addPlayer(
  ctx: TestContext,
  token: string,
  clubId: number,
  person: { name: string; lastname: string; categoryId?: number },
) {
  const document = String(documents++);
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/players`,
    token,
    body: {
      name: person.name,
      lastname: person.lastname,
      document_type: 'CC',
      document_number: document,
      birth_date: '2000-01-15',
      gender: 'female',
      ...(person.categoryId ? { category_id: person.categoryId } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: (response.json() as { data: { id: number } }).data.id, document };
}

/** A charge of the club, inserted straight in the table. */
export async function addCharge(ctx: TestContext, clubId: number, name: string, amount: number) {
  const [frequency] = await ctx.db
    .select()
    .from(frequencies)
    .where(eq(frequencies.code, 'monthly'));
  const [row] = await ctx.db
    .insert(charges)
    .values({
      clubId,
      name,
      concept: name === 'Uniforme' ? 'uniform' : 'training_fee',
      amount,
      frequencyId: frequency!.id,
      dueDay: 5,
      validFrom: '2026-01-01',
    })
    .returning();
  return row!.id;
}

export interface PaymentRow {
  id: number;
  userId: number;
  chargeId: number;
  period: string;
  dueDate: string;
  amountDue: number;
  amountPaid: number;
  status: PaymentStatus;
}

/** One payment, inserted straight in the table (the period's month covered). */
export async function addPayment(
  ctx: TestContext,
  clubId: number,
  p: {
    userId: number;
    chargeId: number;
    period: string;
    due: string;
    base: number;
    discount?: number;
    paid?: number;
    status: PaymentStatus;
    reason?: string;
    discounts?: AppliedDiscount[];
  },
): Promise<PaymentRow> {
  const [y, m] = p.period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const discount = p.discount ?? 0;
  // A payment bills a players row (migration 0023); the generator bills only those.
  await ctx.db.insert(players).values({ clubId, userId: p.userId }).onConflictDoNothing();
  const [row] = await ctx.db
    .insert(payments)
    .values({
      clubId,
      userId: p.userId,
      chargeId: p.chargeId,
      period: `${p.period}-01`,
      coversFrom: `${p.period}-01`,
      coversTo: `${p.period}-${last}`,
      dueDate: p.due,
      baseAmount: p.base,
      discountAmount: discount,
      amountDue: p.base - discount,
      amountPaid: p.paid ?? 0,
      discountsApplied: p.discounts ?? [],
      status: p.status,
      statusReason: p.reason ?? null,
    })
    .returning();
  return row as PaymentRow;
}

/** The fixture: two categories, four players, two charges, eleven payments, five records. */
export async function moneyClub(ctx: TestContext) {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name: 'Club de Pagos' });
  const clubId = club.id;
  const category = async (name: string) =>
    (
      await ctx.db
        .insert(categories)
        .values({ clubId, name, gender: 'mixed', birthYearFrom: 2000 })
        .returning()
    )[0]!.id;
  const sub10 = await category('Sub-10');
  const sub12 = await category('Sub-12');
  const ana = await addPlayer(ctx, owner.token, clubId, {
    name: 'Ana',
    lastname: 'Núñez',
    categoryId: sub10,
  });
  const beto = await addPlayer(ctx, owner.token, clubId, {
    name: 'Beto',
    lastname: 'Álvarez',
    categoryId: sub12,
  });
  const carla = await addPlayer(ctx, owner.token, clubId, { name: 'Carla', lastname: 'Zapata' });
  // A player with an account (signs in as Jugador).
  const juan = await registerUser(ctx, { name: 'Juan', lastname: 'Pérez' });
  await addMembership(ctx, juan.id, clubId, 'Jugador');
  // His players row holds nothing the club filled in (addPayment writes it, migration 0023).
  const monthly = await addCharge(ctx, clubId, 'Mensualidad', 100_000);
  const uniform = await addCharge(ctx, clubId, 'Uniforme', 80_000);
  const hermanos: AppliedDiscount = {
    id: 1,
    name: 'Plan Hermanos',
    kind: 'percentage',
    value: 15,
    amount: 15_000,
  };
  const add = (p: Parameters<typeof addPayment>[2]) => addPayment(ctx, clubId, p);
  const m = { chargeId: monthly, base: 100_000 };
  const u = { chargeId: uniform, base: 80_000 };
  const mar = { period: '2026-03', due: '2026-03-05' };
  const feb = { period: '2026-02', due: '2026-02-05' };
  const list = [
    await add({ ...m, ...mar, userId: ana.id, status: 'pending' }),
    await add({
      ...m,
      ...mar,
      userId: beto.id,
      status: 'partial',
      discount: 15_000,
      paid: 40_000,
      discounts: [hermanos],
    }),
    await add({ ...m, ...mar, userId: carla.id, status: 'in_review' }),
    await add({ ...m, ...mar, userId: juan.id, status: 'paid', paid: 100_000 }),
    await add({
      ...u,
      ...mar,
      due: '2026-03-20',
      userId: ana.id,
      status: 'rejected',
      reason: 'Ilegible',
    }),
    await add({ ...u, ...mar, userId: beto.id, status: 'cancelled', reason: 'Se retiró' }),
    await add({
      ...u,
      ...mar,
      due: '2026-03-01',
      userId: carla.id,
      status: 'exempt',
      reason: 'Beca',
    }),
    await add({ ...u, ...mar, due: '2026-03-10', userId: juan.id, status: 'pending' }),
    await add({ ...m, ...feb, userId: ana.id, status: 'paid', paid: 100_000 }),
    await add({ ...m, ...feb, userId: beto.id, status: 'rejected', reason: 'Otro valor' }),
    await add({ ...m, ...feb, userId: juan.id, status: 'pending' }),
  ];
  const [, p2, p3, p4, p5, , , , p9] = list;
  const record = (
    payment: PaymentRow,
    amount: number,
    status: 'approved' | 'in_review' | 'rejected',
    reviewedAt?: string,
    receiptNumber?: number,
  ) => ({
    clubId,
    paymentId: payment.id,
    amount,
    paidOn: '2026-03-01',
    status,
    receiptNumber: receiptNumber ?? null,
    reviewedAt: reviewedAt ? new Date(reviewedAt) : null,
    reviewedBy: reviewedAt ? owner.id : null,
    rejectionReason: status === 'rejected' ? 'Ilegible' : null,
    recordedBy: owner.id,
  });
  await ctx.db.insert(paymentRecords).values([
    // 1 March 00:30 in Bogotá (05:30 UTC, the same day): March.
    record(p4!, 100_000, 'approved', '2026-03-01T05:30:00Z', 1),
    // 28 February 23:30 in Bogotá, though already 1 March in UTC: February.
    record(p9!, 100_000, 'approved', '2026-03-01T04:30:00Z', 2),
    record(p2!, 40_000, 'approved', '2026-03-02T15:00:00Z', 3),
    record(p3!, 100_000, 'in_review'),
    record(p5!, 80_000, 'rejected', '2026-03-03T15:00:00Z'),
  ]);
  await ctx.db.insert(clubReceiptCounters).values({ clubId, lastNumber: 3 });
  return { owner, clubId, sub10, sub12, ana, beto, carla, juan, monthly, uniform, list };
}
