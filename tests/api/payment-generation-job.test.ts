import { and, count, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clubs } from '../../server/db/schema/clubs';
import { paymentEvents, payments } from '../../server/db/schema/payments';
import {
  type JobLog,
  runPaymentGeneration,
  paymentGenerationJob,
} from '../../server/features/payment-generation/payment-generation.job';
import { addCharge, addPlayer, ownedClub } from './support/payment-generation';
import { startTestQueue } from './support/job-queue';
import { type TestContext, describeEachDatabase } from './support/test-app';
import { scheduleOnQueue } from '../../server/lib/scheduled-job';

/** A logger that keeps what the job said. */
function memoryLog() {
  const lines: { level: 'info' | 'error'; data: Record<string, unknown>; message: string }[] = [];
  const log: JobLog = {
    info: (data, message) => void lines.push({ level: 'info', data: { ...data }, message }),
    error: (data, message) => void lines.push({ level: 'error', data: { ...data }, message }),
  };
  return { log, lines };
}

/** A club with two players and a monthly fee from January 2026, due on the 31st. */
async function monthlyClub(ctx: TestContext, name: string) {
  const { owner, clubId } = await ownedClub(ctx, name);
  await addPlayer(ctx, owner.token, clubId, 'Ana');
  await addPlayer(ctx, owner.token, clubId, 'Beto');
  const chargeId = await addCharge(ctx, clubId, {
    name: 'Mensualidad',
    amount: 80_000,
    frequency: 'monthly',
    dueDay: 31,
    validFrom: '2026-01-01',
  });
  return { clubId, chargeId };
}

const paymentsOf = async (ctx: TestContext, clubId: number) =>
  ctx.db
    .select({ period: payments.period, dueDate: payments.dueDate })
    .from(payments)
    .where(eq(payments.clubId, clubId))
    .orderBy(payments.period, payments.userId);

describeEachDatabase('Payment generation job (daily, fake clock)', (ctx) => {
  it("bills each active club's current month in its timezone, once, and logs it", async () => {
    const bogota = await monthlyClub(ctx, 'Club Bogotá');
    const madrid = await monthlyClub(ctx, 'Club Madrid');
    const archived = await monthlyClub(ctx, 'Club Archivado');
    await ctx.db
      .update(clubs)
      .set({ timezone: 'Europe/Madrid' })
      .where(eq(clubs.id, madrid.clubId));
    await ctx.db.update(clubs).set({ status: 'archived' }).where(eq(clubs.id, archived.clubId));
    // 03:00 UTC on March 1: still February in Bogotá, already March in Madrid.
    ctx.clock.set(new Date('2026-03-01T03:00:00Z'));
    const { log, lines } = memoryLog();

    const runs = await runPaymentGeneration({ db: ctx.db, clock: ctx.clock, log });
    const ours = (clubId: number) => runs.find((run) => run.clubId === clubId);
    expect(ours(bogota.clubId)).toEqual({ clubId: bogota.clubId, period: '2026-02', created: 2 });
    expect(ours(madrid.clubId)).toEqual({ clubId: madrid.clubId, period: '2026-03', created: 2 });
    expect(ours(archived.clubId)).toBeUndefined();
    expect(await paymentsOf(ctx, bogota.clubId)).toEqual([
      { period: '2026-02-01', dueDate: '2026-02-28' },
      { period: '2026-02-01', dueDate: '2026-02-28' },
    ]);
    expect(await paymentsOf(ctx, madrid.clubId)).toHaveLength(2);
    expect(await paymentsOf(ctx, archived.clubId)).toEqual([]);
    // The server's own events name no actor.
    const [events] = await ctx.db
      .select({ n: count() })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(and(eq(payments.clubId, bogota.clubId), isNull(paymentEvents.actorId)));
    expect(events!.n).toBe(2);
    expect(lines).toContainEqual({
      level: 'info',
      message: 'payment generation',
      data: {
        clubId: bogota.clubId,
        period: '2026-02',
        created: 2,
        charges: [{ chargeId: bogota.chargeId, created: 2 }],
      },
    });

    // The next day's run in the same month creates nothing and says so.
    ctx.clock.set(new Date('2026-03-02T03:00:00Z'));
    const again = memoryLog();
    const rerun = await runPaymentGeneration({ db: ctx.db, clock: ctx.clock, log: again.log });
    expect(rerun.find((run) => run.clubId === madrid.clubId)?.created).toBe(0);
    expect(rerun.find((run) => run.clubId === bogota.clubId)).toMatchObject({
      period: '2026-03',
      created: 2,
    });
    expect(again.lines.at(-1)).toMatchObject({
      level: 'info',
      message: 'payment generation job: run done',
    });
  });

  it('logs a failing club and goes on with the others', async () => {
    const broken = await monthlyClub(ctx, 'Club Roto');
    const fine = await monthlyClub(ctx, 'Club Sano');
    await ctx.db
      .update(clubs)
      .set({ timezone: 'Nowhere/Atlantis' })
      .where(eq(clubs.id, broken.clubId));
    ctx.clock.set(new Date('2026-04-15T12:00:00Z'));
    const { log, lines } = memoryLog();
    const runs = await runPaymentGeneration({ db: ctx.db, clock: ctx.clock, log });
    expect(runs.find((run) => run.clubId === broken.clubId)?.created).toBeNull();
    expect(runs.find((run) => run.clubId === fine.clubId)?.created).toBe(2);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'payment generation job: club failed',
        data: expect.objectContaining({ clubId: broken.clubId }),
      }),
    );
    await ctx.db
      .update(clubs)
      .set({ timezone: 'America/Bogota' })
      .where(eq(clubs.id, broken.clubId));
  });

  it('runs on the queue at start-up, then on each slot, and stops after the run in progress', async () => {
    const club = await monthlyClub(ctx, 'Club Diario');
    ctx.clock.set(new Date('2026-05-20T12:00:00Z'));
    const { log, lines } = memoryLog();
    const queue = await startTestQueue(ctx);
    const deps = { db: ctx.db, clock: ctx.clock, log };
    await scheduleOnQueue(queue, paymentGenerationJob(deps), deps);
    const done = () => lines.filter((line) => line.message === 'payment generation job: run done');
    await expect.poll(() => done().length, { timeout: 10_000 }).toBe(1);
    expect(await paymentsOf(ctx, club.clubId)).toHaveLength(2);
    // The next slot, as the cron would send it: June's payments.
    ctx.clock.set(new Date('2026-06-20T12:00:00Z'));
    await queue.boss.send(paymentGenerationJob(deps).name, {});
    await expect
      .poll(async () => (await paymentsOf(ctx, club.clubId)).length, { timeout: 10_000 })
      .toBe(4);
    await queue.stop();
    const runsAtStop = done().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done().length).toBe(runsAtStop);
    expect((await paymentsOf(ctx, club.clubId)).map((row) => row.period)).toEqual([
      '2026-05-01',
      '2026-05-01',
      '2026-06-01',
      '2026-06-01',
    ]);
  });
});
