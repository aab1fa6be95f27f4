import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { formatMoney } from '../../contract/money.format';
import { clubs } from '../../server/db/schema/clubs';
import {
  createPaymentReminders,
  runPaymentReminders,
  paymentRemindersJob,
} from '../../server/features/notifications/payment-reminders.job';
import {
  moneyTextSql,
  periodTextSql,
} from '../../server/features/notifications/payment-reminders.sql';
import {
  bogotaMorning,
  daysBetween,
  memoryLog,
  reminderClub,
  reminderDeps,
  remindersOf,
} from './support/payment-reminders';
import { startTestQueue } from './support/job-queue';
import { describeEachDatabase } from './support/test-app';
import { scheduleOnQueue } from '../../server/lib/scheduled-job';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describeEachDatabase('Payment reminders as notifications (fake clock)', (ctx) => {
  const remind = (clubId: number) => createPaymentReminders({ ...reminderDeps(ctx), clubId });

  it('creates one reminder per owed payment on each offset day, escalating, and none otherwise', async () => {
    const { clubId, owed } = await reminderClub(ctx, 'Club Recordatorios');
    const created: Record<string, number> = {};
    for (const day of daysBetween('2026-02-25', '2026-03-20')) {
      ctx.clock.set(bogotaMorning(day));
      const [run] = await remind(clubId);
      expect(run).toMatchObject({ clubId, today: day });
      if (run!.created > 0) created[day] = run!.created;
    }
    // 3 days before, on the day, 5 and 10 days after the due date (March 5).
    expect(created).toEqual({ '2026-03-02': 3, '2026-03-05': 3, '2026-03-10': 3, '2026-03-15': 3 });
    const rows = await remindersOf(ctx, clubId);
    expect(rows).toHaveLength(12);
    for (const payment of owed) {
      const mine = rows.filter((row) => row.data.payment_id === payment.id);
      expect(mine.map((row) => [row.day, row.subject, row.priority, row.userId])).toEqual([
        ['2026-03-02', `payment:${payment.id}:offset:-3`, 'low', payment.userId],
        ['2026-03-05', `payment:${payment.id}:offset:0`, 'medium', payment.userId],
        ['2026-03-10', `payment:${payment.id}:offset:5`, 'high', payment.userId],
        ['2026-03-15', `payment:${payment.id}:offset:10`, 'urgent', payment.userId],
      ]);
      for (const row of mine) expect(row.data.action_url).toBe('/home/payments');
    }
    const partial = rows.filter((row) => row.data.payment_id === owed[1]!.id);
    expect(partial.map((row) => [row.title, row.message])).toEqual([
      [
        'Pago próximo a vencer',
        `Club Recordatorios te recuerda: Mensualidad de marzo de 2026, ${formatMoney(45_000)} (fecha límite 05/03/2026, vence en 3 días). Envía el comprobante desde Mis pagos.`,
      ],
      [
        'Tu pago vence hoy',
        `Club Recordatorios te recuerda: Mensualidad de marzo de 2026, ${formatMoney(45_000)} (fecha límite 05/03/2026, vence hoy). Envía el comprobante desde Mis pagos.`,
      ],
      [
        'Pago vencido',
        `Club Recordatorios te recuerda: Mensualidad de marzo de 2026, ${formatMoney(45_000)} (fecha límite 05/03/2026, venció hace 5 días). Envía el comprobante desde Mis pagos.`,
      ],
      [
        'Último recordatorio: pago vencido',
        `Club Recordatorios te recuerda: Mensualidad de marzo de 2026, ${formatMoney(45_000)} (fecha límite 05/03/2026, venció hace 10 días). Envía el comprobante desde Mis pagos.`,
      ],
    ]);
  });

  it('never reminds of a paid, exempt, cancelled or in-review payment', async () => {
    const { clubId, notOwed } = await reminderClub(ctx, 'Club Sin Deuda');
    for (const day of ['2026-03-02', '2026-03-05', '2026-03-10', '2026-03-15']) {
      ctx.clock.set(bogotaMorning(day));
      await remind(clubId);
    }
    const ids = new Set((await remindersOf(ctx, clubId)).map((row) => row.data.payment_id));
    for (const payment of notOwed) expect(ids.has(payment.id)).toBe(false);
    expect(ids.size).toBe(3);
  });

  it("follows the club's own offsets: the greatest is the urgent one", async () => {
    const { clubId } = await reminderClub(ctx, 'Club Offsets', [2, -1]);
    const created: Record<string, number> = {};
    for (const day of daysBetween('2026-03-01', '2026-03-20')) {
      ctx.clock.set(bogotaMorning(day));
      const [run] = await remind(clubId);
      if (run!.created > 0) created[day] = run!.created;
    }
    expect(created).toEqual({ '2026-03-04': 3, '2026-03-07': 3 });
    const rows = await remindersOf(ctx, clubId);
    expect(new Set(rows.map((row) => `${row.day} ${row.priority}`))).toEqual(
      new Set(['2026-03-04 low', '2026-03-07 urgent']),
    );
    expect(rows[0]!.message).toContain('(fecha límite 05/03/2026, vence mañana).');
  });

  it('creates nothing twice when run again the same day', async () => {
    const { clubId } = await reminderClub(ctx, 'Club Dos Veces');
    ctx.clock.set(bogotaMorning('2026-03-05'));
    expect((await remind(clubId))[0]!.created).toBe(3);
    expect((await remind(clubId))[0]!.created).toBe(0);
    ctx.clock.set(new Date('2026-03-06T04:00:00Z')); // 23:00 in Bogotá, still March 5
    expect((await remind(clubId))[0]!.created).toBe(0);
    expect(await remindersOf(ctx, clubId)).toHaveLength(3);
  });

  it("takes the day in the club's timezone (23:30 in Bogotá is already tomorrow in UTC)", async () => {
    const { clubId } = await reminderClub(ctx, 'Club Zona Horaria');
    ctx.clock.set(new Date('2026-03-05T04:30:00Z')); // March 4, 23:30 in Bogotá
    expect(await remind(clubId)).toEqual([{ clubId, today: '2026-03-04', created: 0 }]);
    await ctx.db.update(clubs).set({ timezone: 'UTC' }).where(eq(clubs.id, clubId));
    expect(await remind(clubId)).toEqual([{ clubId, today: '2026-03-05', created: 3 }]);
    const rows = await remindersOf(ctx, clubId);
    expect(rows.map((row) => [row.day, row.priority])).toEqual(
      Array.from({ length: 3 }, () => ['2026-03-05', 'medium']),
    );
  });

  it('runs every active club at once, logs the count per club and skips archived ones', async () => {
    const active = await reminderClub(ctx, 'Club Activo');
    const archived = await reminderClub(ctx, 'Club Archivado');
    await ctx.db.update(clubs).set({ status: 'archived' }).where(eq(clubs.id, archived.clubId));
    ctx.clock.set(bogotaMorning('2026-03-10'));
    const { log, lines } = memoryLog();
    const runs = await runPaymentReminders(reminderDeps(ctx, log));
    expect(runs).toContainEqual({ clubId: active.clubId, today: '2026-03-10', created: 3 });
    expect(runs.find((run) => run.clubId === archived.clubId)).toBeUndefined();
    expect(await remindersOf(ctx, archived.clubId)).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'payment reminders: run done' });
    expect(lines[0]!.data.per_club).toContainEqual({
      clubId: active.clubId,
      today: '2026-03-10',
      created: 3,
    });
  });

  it('the job runs on the queue at once when scheduled, and stopping waits for that run', async () => {
    const { clubId } = await reminderClub(ctx, 'Club Job');
    ctx.clock.set(bogotaMorning('2026-03-15'));
    const { log, lines } = memoryLog();
    const queue = await startTestQueue(ctx);
    const deps = reminderDeps(ctx, log);
    await scheduleOnQueue(queue, paymentRemindersJob(deps), deps);
    await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 10_000 });
    await queue.stop();
    expect(lines.map((line) => line.message)).toEqual(['payment reminders: run done']);
    const rows = await remindersOf(ctx, clubId);
    expect(rows.map((row) => row.priority)).toEqual(['urgent', 'urgent', 'urgent']);
  });

  it('writes amounts exactly as formatMoney and periods as es-CO does', async () => {
    const amounts = [0, 5, 999, 1_000, 45_000, 120_000, 1_234_567, 100_000_000, 98_765_432_101];
    const money = rowsOf<{ text: string }>(
      await ctx.db.execute(
        sql`select ${moneyTextSql(sql`v::bigint`)} as text from unnest(${sql.raw(
          `array[${amounts.join(',')}]::bigint[]`,
        )}) with ordinality as a(v, i) order by i`,
      ),
    );
    expect(money.map((row) => row.text)).toEqual(amounts.map(formatMoney));
    const months = Array.from(
      { length: 12 },
      (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`,
    );
    const periods = rowsOf<{ text: string }>(
      await ctx.db.execute(
        sql`select ${periodTextSql(sql`d`)} as text from unnest(${sql.raw(
          `array[${months.map((m) => `'${m}'`).join(',')}]::date[]`,
        )}) with ordinality as a(d, i) order by i`,
      ),
    );
    const esCo = new Intl.DateTimeFormat('es-CO', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(periods.map((row) => row.text)).toEqual(
      months.map((m) => esCo.format(new Date(`${m}T00:00:00Z`))),
    );
  });
});
