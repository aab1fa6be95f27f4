import { type SQLWrapper, and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type FamilySummary,
  type PhotoConsentState,
  photoChannels,
} from '../../../contract/parents.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { charges } from '../../db/schema/money';
import { photoConsents } from '../../db/schema/parents';
import { payments } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { attendanceRateByPlayer } from '../attendance/attendance-figures';
import {
  OVERDUE_STATUSES,
  OWING_STATUSES,
  balanceSql,
  clubTodaySql,
  overdueSql,
} from '../payments/money-figures';
import { rowsOf } from '../../db/rows';

/*
 * What a family sees of one player in one club (issue #15: the parent and the player
 * dashboards), for many players at once: one query per piece for all of them (their
 * category and photo consents, their next sessions, their payments) and one attendance
 * query per club, never one per child. The figures are the modules' own:
 *
 * - attendance: attendance-figures.ts over the last 90 days; `counted` is its rated marks
 *   (recorded − excused), so rate = (present + late) / counted;
 * - payments: those the family still has to settle, in money-figures.ts terms: owed
 *   ones that can be overdue (pending, partial; 'overdue' when overdueSql says
 *   so on the club's today, else 'pending'), the rejected ones (with the rejection's
 *   reason: the family sends a new proof) and those in review; `amount_due` is what is
 *   still due on each (balanceSql: amount due − amount paid), the amount a proof may send;
 * - debt: Σ balance of the OWING_STATUSES payments (money-figures.ts "debt"), all periods.
 *
 * Callers decide who may see a summary (parent-children.service.ts): nothing here checks.
 */

/** A player of a club whose summary is asked for. */
export interface SummaryKey {
  clubId: number;
  playerId: number;
}

const ATTENDANCE_DAYS = 90;
const NEXT_SESSIONS = 3;
const keyOf = ({ clubId, playerId }: SummaryKey) => `${clubId}:${playerId}`;
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** `(club, player)` is one of `keys`, over the two columns given. */
const oneOf = (keys: readonly SummaryKey[], club: SQLWrapper, player: SQLWrapper) =>
  sql`(${club}, ${player}) in (select * from unnest(${intArray(keys.map((k) => k.clubId))}::int[], ${intArray(keys.map((k) => k.playerId))}::int[]))`;

/** Each player's category and photo consents (no row for a channel: not granted). */
async function profilesOf(db: Db, keys: readonly SummaryKey[]) {
  const rows = await db
    .select({
      clubId: players.clubId,
      playerId: players.userId,
      category: sql<{
        id: number;
        name: string;
      } | null>`case when ${categories.id} is null then null else json_build_object('id', ${categories.id}, 'name', ${categories.name}) end`,
      granted: sql<
        string[] | null
      >`(select array_agg(${photoConsents.channel}) from ${photoConsents} where ${photoConsents.clubId} = ${players.clubId} and ${photoConsents.playerId} = ${players.userId} and ${photoConsents.granted})`,
    })
    .from(players)
    .leftJoin(categories, eq(categories.id, players.categoryId))
    .where(oneOf(keys, players.clubId, players.userId));
  return new Map(rows.map((row) => [keyOf(row), row]));
}

type NextSession = FamilySummary['next_sessions'][number];

/**
 * Each current player's next scheduled sessions after `now`: their category's and the
 * club-wide ones, soonest first (a lateral subquery per player, one statement).
 */
async function nextSessionsOf(db: Db, keys: readonly SummaryKey[], now: Date) {
  const rows = rowsOf<NextSession & { club_id: number; player_id: number; starts: Date }>(
    await db.execute(sql`
      select p.club_id, p.user_id as player_id, s.id, s.title, s.type, s.starts_at as starts,
        s.ends_at, s.location
      from players p cross join lateral (
        select * from sessions s
        where s.club_id = p.club_id and s.status = 'scheduled'
          and s.starts_at > ${now.toISOString()}::timestamptz
          and (s.category_id is null or s.category_id = p.category_id)
        order by s.starts_at, s.id limit ${NEXT_SESSIONS}
      ) s
      where p.in_club and ${oneOf(keys, sql`p.club_id`, sql`p.user_id`)}
      order by p.club_id, p.user_id, s.starts_at, s.id`),
  );
  const byKey = new Map<string, NextSession[]>();
  for (const row of rows) {
    const key = keyOf({ clubId: Number(row.club_id), playerId: Number(row.player_id) });
    byKey.set(key, [
      ...(byKey.get(key) ?? []),
      {
        id: Number(row.id),
        title: row.title,
        type: row.type,
        starts_at: new Date(row.starts).toISOString(),
        ends_at: new Date(row.ends_at).toISOString(),
        location: row.location,
      },
    ]);
  }
  return byKey;
}

/** Each player's attendance over the 90 days before `now`: one query per club. */
async function attendanceOf(db: Db, keys: readonly SummaryKey[], now: Date) {
  const from = new Date(now.getTime() - ATTENDANCE_DAYS * 24 * 60 * 60 * 1000);
  const byKey = new Map<string, FamilySummary['attendance']>();
  const clubIds = [...new Set(keys.map((key) => key.clubId))];
  for (const clubId of clubIds) {
    const playerIds = keys.filter((key) => key.clubId === clubId).map((key) => key.playerId);
    const rows = await attendanceRateByPlayer(db, { clubId, from, to: now, playerIds });
    for (const row of rows) {
      byKey.set(keyOf({ clubId, playerId: row.player_id }), {
        rate: row.rate,
        counted: row.recorded - row.excused,
      });
    }
  }
  return byKey;
}

type PaymentDue = FamilySummary['payments'][number];

/** Each player's payments still to settle (see the file comment), oldest period first. */
async function paymentsOf(db: Db, keys: readonly SummaryKey[], now: Date) {
  const rows = await db
    .select({
      clubId: payments.clubId,
      playerId: payments.userId,
      id: payments.id,
      period: sql<string>`to_char(${payments.period}, 'YYYY-MM')`,
      concept: charges.name,
      balance: balanceSql.mapWith(Number),
      dueDate: payments.dueDate,
      status: payments.status,
      reason: payments.statusReason,
      overdue: overdueSql(clubTodaySql(payments.clubId, now)),
    })
    .from(payments)
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .where(
      and(
        oneOf(keys, payments.clubId, payments.userId),
        inArray(payments.status, [...OVERDUE_STATUSES, 'in_review']),
      ),
    )
    .orderBy(asc(payments.period), asc(payments.dueDate), asc(payments.id));
  const byKey = new Map<string, { list: PaymentDue[]; debt: number }>();
  const owing: readonly string[] = OWING_STATUSES;
  for (const row of rows) {
    const key = keyOf(row);
    const entry = byKey.get(key) ?? { list: [], debt: 0 };
    entry.list.push({
      id: row.id,
      period: row.period,
      concept: row.concept,
      amount_due: row.balance,
      due_date: row.dueDate,
      // A rejected proof says so, with its reason (never 'Pendiente', issue #34).
      status:
        row.status === 'in_review' || row.status === 'rejected'
          ? row.status
          : row.overdue
            ? 'overdue'
            : 'pending',
      reason: row.status === 'rejected' ? row.reason : null,
    });
    if (owing.includes(row.status)) entry.debt += row.balance;
    byKey.set(key, entry);
  }
  return byKey;
}

const noConsent = (): PhotoConsentState =>
  Object.fromEntries(photoChannels.map((channel) => [channel, false])) as PhotoConsentState;

/** The summaries of `keys` at `now`, by `${clubId}:${playerId}`; a key without a players row is absent. */
export async function familySummariesOf(
  db: Db,
  keys: readonly SummaryKey[],
  now: Date,
): Promise<Map<string, FamilySummary>> {
  const summaries = new Map<string, FamilySummary>();
  if (keys.length === 0) return summaries;
  const [profiles, sessions, attendance, owed] = await Promise.all([
    profilesOf(db, keys),
    nextSessionsOf(db, keys, now),
    attendanceOf(db, keys, now),
    paymentsOf(db, keys, now),
  ]);
  for (const [key, profile] of profiles) {
    const photo = noConsent();
    for (const channel of profile.granted ?? []) photo[channel as keyof PhotoConsentState] = true;
    summaries.set(key, {
      category: profile.category,
      photo_consent: photo,
      next_sessions: sessions.get(key) ?? [],
      attendance: attendance.get(key) ?? { rate: null, counted: 0 },
      payments: owed.get(key)?.list ?? [],
      debt: owed.get(key)?.debt ?? 0,
    });
  }
  return summaries;
}

/** One player's summary in club `clubId` at `now`; null when the club has no such player. */
export async function familySummaryOf(
  db: Db,
  clubId: number,
  playerId: number,
  now: Date,
): Promise<FamilySummary | null> {
  const summaries = await familySummariesOf(db, [{ clubId, playerId }], now);
  return summaries.get(keyOf({ clubId, playerId })) ?? null;
}

export { keyOf as summaryKey };
