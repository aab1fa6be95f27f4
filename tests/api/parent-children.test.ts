import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  type FamilySummary,
  type ParentChild,
  parentChildrenResponseSchema,
  playerDashboardResponseSchema,
} from '../../contract/parents.schema';
import { guardianLinks, photoConsents } from '../../server/db/schema/parents';
import { clubMemberships } from '../../server/db/schema/memberships';
import { sessionAttendance } from '../../server/db/schema/sessions';
import { addMembership, createClub, memberOf } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { MARCH_10, type PaymentRow, addPlayer, moneyClub } from './support/payments';
import { insertSession } from './support/sessions';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #15: GET /api/parents/children (every link of the caller, in every club, the
 * summary only when authorised) and GET /api/dashboard/player (the caller's own summary).
 * The summary's figures are checked against the rows behind them.
 */
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(MARCH_10.getTime() + days * DAY);

async function children(ctx: TestContext, token: string) {
  const response = await ctx.request({ method: 'GET', url: '/api/parents/children', token });
  expect(response.statusCode, response.body).toBe(200);
  return parentChildrenResponseSchema.parse(response.json()).data;
}

async function dashboard(ctx: TestContext, token: string) {
  const response = await ctx.request({ method: 'GET', url: '/api/dashboard/player', token });
  expect(response.statusCode, response.body).toBe(200);
  return playerDashboardResponseSchema.parse(response.json()).data;
}

/** What the summary should list of `rows` (a player's payments) on 10 March. */
function expectedPayments(rows: PaymentRow[]) {
  const due = rows
    .filter((p) => ['pending', 'partial', 'rejected', 'in_review'].includes(p.status))
    .sort((a, b) => a.period.localeCompare(b.period) || a.dueDate.localeCompare(b.dueDate));
  return {
    payments: due.map((p) => ({
      id: p.id,
      amount_due: p.amountDue - p.amountPaid,
      due_date: p.dueDate,
      status:
        p.status === 'in_review' || p.status === 'rejected'
          ? p.status
          : p.dueDate < '2026-03-10'
            ? 'overdue'
            : 'pending',
    })),
    debt: due.reduce((sum, p) => sum + p.amountDue - p.amountPaid, 0),
  };
}

describeEachDatabase('A family’s children and the player dashboard', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let guardian: Awaited<ReturnType<typeof memberOf>>;
  let otherClub: { id: number; name: string; childId: number };
  const sessions: Record<string, number> = {};

  beforeAll(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    const link = (playerId: number, status?: 'pending' | 'denied', clubId = f.clubId) =>
      linkGuardian(ctx.db, { clubId, playerId, guardianId: guardian.id, status, isPrimary: true });
    await link(f.ana.id);
    await link(f.carla.id, 'pending');
    // Another family's child (Beto), never the guardian's.
    const stranger = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.beto.id, guardianId: stranger.id });
    // The guardian's child in a second club.
    const owner2 = await registerUser(ctx);
    const club2 = await createClub(ctx, owner2.token, { name: 'Academia Norte' });
    const dani = await addPlayer(ctx, owner2.token, club2.id, { name: 'Dani', lastname: 'Ríos' });
    await link(dani.id, undefined, club2.id);
    otherClub = { id: club2.id, name: 'Academia Norte', childId: dani.id };

    await ctx.db.insert(photoConsents).values([
      {
        clubId: f.clubId,
        playerId: f.ana.id,
        channel: 'internal',
        granted: true,
        decidedAt: MARCH_10,
      },
      {
        clubId: f.clubId,
        playerId: f.ana.id,
        channel: 'social',
        granted: false,
        decidedAt: MARCH_10,
      },
    ]);
    // Ana's Sub-10: four marks in the last 90 days, one older, one of a cancelled session.
    const mark = async (
      days: number,
      status: 'present' | 'late' | 'absent' | 'excused',
      cancelled = false,
    ) => {
      const id = await insertSession(ctx, f.clubId, f.sub10, {
        startsAt: at(days),
        ...(cancelled ? { status: 'cancelled' } : {}),
      });
      await ctx.db
        .insert(sessionAttendance)
        .values({ sessionId: id, playerUserId: f.ana.id, clubId: f.clubId, status });
    };
    await mark(-2, 'present');
    await mark(-9, 'late');
    await mark(-16, 'absent');
    await mark(-23, 'excused');
    await mark(-100, 'absent');
    await mark(-30, 'absent', true);
    // Coming sessions: Sub-10's and club-wide ones count, Sub-12's and cancelled ones not.
    sessions.wide = await insertSession(ctx, f.clubId, null, { startsAt: at(1), title: 'Reunión' });
    sessions.a = await insertSession(ctx, f.clubId, f.sub10, { startsAt: at(2) });
    await insertSession(ctx, f.clubId, f.sub12, { startsAt: at(1.5) });
    await insertSession(ctx, f.clubId, f.sub10, { startsAt: at(2.5), status: 'cancelled' });
    sessions.b = await insertSession(ctx, f.clubId, f.sub10, { startsAt: at(3) });
    await insertSession(ctx, f.clubId, f.sub10, { startsAt: at(4) });
  });

  it('lists every link of the guardian in both clubs, labelled, and no other family’s child', async () => {
    const data = await children(ctx, guardian.token);
    const shape = (row: ParentChild) => [
      row.club.name,
      row.player.name,
      row.status,
      row.is_primary,
    ];
    expect(data.map(shape)).toEqual([
      ['Academia Norte', 'Dani', 'authorized', true],
      ['Club de Pagos', 'Ana', 'authorized', true],
      ['Club de Pagos', 'Carla', 'pending', true],
    ]);
    expect(data[0]!.club.id).toBe(otherClub.id);
    expect(data.map((row) => row.player.id)).not.toContain(f.beto.id);
    // Pending: that it waits, nothing of the child.
    expect(data[2]!.summary).toBeNull();
    // Issue #33: an authorised guardian sees (and may change) the child's identity.
    expect(data[2]!.identity).toBeNull();
    expect(data[1]!.identity).toMatchObject({ id: data[1]!.player.id, name: 'Ana' });
    expect(data[0]!.summary).toMatchObject({ category: null, payments: [], debt: 0 });
  });

  it('summarises an authorised child with the figures of the rows behind them', async () => {
    const ana = (await children(ctx, guardian.token)).find((row) => row.player.id === f.ana.id)!;
    const summary = ana.summary as FamilySummary;
    expect(summary.category).toEqual({ id: f.sub10, name: 'Sub-10' });
    expect(summary.photo_consent).toEqual({ internal: true, public_web: false, social: false });
    expect(summary.next_sessions.map((s) => s.id)).toEqual([sessions.wide, sessions.a, sessions.b]);
    expect(summary.next_sessions[0]).toMatchObject({
      title: 'Reunión',
      starts_at: at(1).toISOString(),
    });
    // (present + late) / (recorded − excused) over the last 90 days: 2 / 3.
    expect(summary.attendance).toEqual({ rate: 2 / 3, counted: 3 });
    const expected = expectedPayments(f.list.filter((p) => p.userId === f.ana.id));
    expect(summary.payments).toMatchObject(expected.payments);
    // The rejected proof says so, with its reason (issue #34), never 'pending'.
    expect(summary.payments.map((p) => [p.status, p.reason])).toEqual([
      ['overdue', null],
      ['rejected', 'Ilegible'],
    ]);
    expect(summary.debt).toBe(expected.debt);
  });

  it('follows the link: authorised shows the summary, denied hides it', async () => {
    await ctx.db
      .update(guardianLinks)
      .set({ status: 'denied' })
      .where(eq(guardianLinks.playerId, f.ana.id));
    const ana = (await children(ctx, guardian.token)).find((row) => row.player.id === f.ana.id)!;
    expect([ana.status, ana.summary]).toEqual(['denied', null]);
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.ana.id, guardianId: guardian.id });
    const again = (await children(ctx, guardian.token)).find((row) => row.player.id === f.ana.id)!;
    expect(again.summary).not.toBeNull();
  });

  it('gives a player their own summary in each club where they are a current player', async () => {
    const [own, ...rest] = await dashboard(ctx, f.juan.token);
    expect(rest).toEqual([]);
    expect(own).toMatchObject({ club: { id: f.clubId }, player: { id: f.juan.id, name: 'Juan' } });
    const expected = expectedPayments(f.list.filter((p) => p.userId === f.juan.id));
    expect(own!.summary.payments).toMatchObject(expected.payments);
    expect(own!.summary.debt).toBe(expected.debt);
    expect(own!.summary.next_sessions.map((s) => s.id)).toEqual([sessions.wide]);
    expect(own!.summary.attendance).toEqual({ rate: null, counted: 0 });
    // Someone who plays nowhere, and a player who left the club: not their dashboard (issue #16).
    const refused = async (token: string) =>
      (await ctx.request({ method: 'GET', url: '/api/dashboard/player', token })).statusCode;
    expect(await refused(guardian.token)).toBe(403);
    // Leaving is losing the Jugador membership (players.in_club follows it, migration 0010).
    const jugador = and(
      eq(clubMemberships.userId, f.juan.id),
      eq(clubMemberships.clubId, f.clubId),
    );
    await ctx.db.delete(clubMemberships).where(jugador);
    expect(await refused(f.juan.token)).toBe(403);
    await addMembership(ctx, f.juan.id, f.clubId, 'Jugador');
    expect(await dashboard(ctx, f.juan.token)).toHaveLength(1);
  });

  it('refuses both without a session (401) and exports the guardian’s links', async () => {
    for (const url of ['/api/parents/children', '/api/dashboard/player']) {
      expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    }
    const exported = await ctx.request({
      method: 'GET',
      url: '/api/account/export',
      token: guardian.token,
    });
    expect(exported.statusCode).toBe(200);
    const links = (exported.json() as { guardian_of: { player_name: string; status: string }[] })
      .guardian_of;
    expect(links.map((l) => [l.player_name, l.status])).toEqual([
      ['Dani', 'authorized'],
      ['Ana', 'authorized'],
      ['Carla', 'pending'],
    ]);
  });
});
