import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  ACTIVITY_WINDOW_DAYS,
  ANALYTICS_DEFAULT_MONTHS,
  type Analytics,
  type AnalyticsMonth,
} from '../../../contract/analytics.schema';
import { DASHBOARD_MONTHS } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { paymentCounts } from '../../db/schema/payment-counts';
import { paymentRecords } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import { recentFigures } from '../../lib/recent-figures';
import { periodFigureColumns } from '../payments/money-figures';
import { isActivePlayer } from '../players/player-counts';
import { rowsOf } from '../../db/rows';

/*
 * Análisis Global (issue #17): one statement over the last N months (generate_series), each
 * figure a scalar subquery of its month. Months are Bogotá's calendar (the platform's
 * zone); money follows server/features/payments/money-figures.ts: billed and exempt are
 * its `periodFigureColumns` over payment_counts of the month's period (every club), and
 * collected is its `collectedSql` rule (approved records by approval instant in the
 * club's own timezone) summed over the clubs in one scan. Definitions: docs/platform.md.
 */

export const PLATFORM_TIMEZONE = 'America/Bogota';

/** Counts people (users rows) that were not deleted; a deleted account leaves the figures. */
const livingUser = sql`${users.deletedAt} is null`;

/**
 * A club did something in (`from`, `upto`]: a payment record (a proof or a payment
 * recorded), a session scheduled, a player registered or a member added. Logins are not
 * stored, so they do not count.
 */
function activeClubs(from: SQL, upto: SQL) {
  const within = (column: SQLWrapper) => sql`${column} > ${from} and ${column} <= ${upto}`;
  const touched = [
    sql`select 1 from ${paymentRecords} where ${paymentRecords.clubId} = ${clubs.id} and ${within(paymentRecords.createdAt)}`,
    sql`select 1 from ${sessions} where ${sessions.clubId} = ${clubs.id} and ${within(sessions.createdAt)}`,
    sql`select 1 from ${players} where ${players.clubId} = ${clubs.id} and ${within(players.createdAt)}`,
    sql`select 1 from ${clubMemberships} where ${clubMemberships.clubId} = ${clubs.id} and ${within(clubMemberships.createdAt)}`,
  ].map((query) => sql`exists (${query})`);
  return sql`(select count(*) from ${clubs} where ${clubs.status} <> 'archived' and ${clubs.createdAt} <= ${upto} and (${sql.join(touched, sql` or `)}))`;
}

const int = (expr: SQL) => sql<number>`cast(coalesce(${expr}, 0) as bigint)`.mapWith(Number);

/** The platform's figures are recomputed at most once a minute. */
export const PLATFORM_FIGURES_MAX_AGE_MS = 60_000;

/**
 * The months of the one computation the super admin's dashboard and Análisis Global share
 * (its default window): every view of at most this many months is its last months.
 */
export const SHARED_MONTHS = Math.max(ANALYTICS_DEFAULT_MONTHS, DASHBOARD_MONTHS);

/** The last `months` months of `all` (same instant: each month's row stands on its own). */
const lastMonths = (all: Analytics, months: number): Analytics =>
  months === all.months.length ? all : { ...all, months: all.months.slice(-months) };

export function createAnalyticsService({ db, clock }: { db: Db; clock: Clock }) {
  // Seconds at 1,000,000 players: the last figures are served while the next are computed
  // (server/lib/recent-figures.ts), so both screens read the same computation, at most a
  // minute old plus its computing time, and say when it was made (generated_at).
  const kept = recentFigures(
    clock,
    { maxAgeMs: PLATFORM_FIGURES_MAX_AGE_MS, staleWhileComputing: true, maxKeys: 40 },
    (months: string) => overview(Number(months)),
  );
  return {
    /**
     * The platform's figures of the last `months` months as last computed: every window
     * up to SHARED_MONTHS is a slice of one computation (the dashboard's six months and
     * Análisis Global's 3, 6 and 12 show the same 'Jugadores' and the same instant);
     * a longer one is its own computation, kept the same way.
     */
    async recent(months: number): Promise<Analytics> {
      const span = Math.max(months, SHARED_MONTHS);
      return lastMonths(await kept(String(span)), months);
    },
  };

  /** The figures of the last `months` months, computed now. */
  async function overview(months: number): Promise<Analytics> {
    const now = clock.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const tz = sql`${PLATFORM_TIMEZONE}::text`;
    const window = sql`make_interval(days => ${ACTIVITY_WINDOW_DAYS})`;
    // Each month: its first day, its start and end instants in Bogotá, and `upto`, the
    // end or now for the current month (the activity window ends there).
    const upto = sql.raw('m.upto');
    const from = sql.raw('m.from_at');
    const to = sql.raw('m.to_at');
    const count = (table: SQL, column: SQL, where: SQL = sql`true`) => ({
      created: int(
        sql`(select count(*) from ${table} where ${column} >= ${from} and ${column} < ${to} and ${where})`,
      ),
      total: int(sql`(select count(*) from ${table} where ${column} < ${to} and ${where})`),
    });
    const clubFigures = count(sql`${clubs}`, sql`${clubs.createdAt}`);
    const userFigures = count(sql`${users}`, sql`${users.createdAt}`, livingUser);
    // Active player memberships, as every 'Jugadores' of the platform (player-counts.ts).
    const playerFigures = count(sql`${players}`, sql`${players.createdAt}`, sql`${isActivePlayer}`);
    const money = periodFigureColumns(paymentCounts);
    const periodMoney = (figure: SQL) =>
      int(sql`(select ${figure} from ${paymentCounts} where ${paymentCounts.period} = m.start)`);
    const r = paymentRecords;
    const collected = int(
      sql`(select sum(${r.amount}) from ${r} join ${clubs} on ${clubs.id} = ${r.clubId}
          where ${r.status} = 'approved'
            and ${r.reviewedAt} >= (m.start::timestamp at time zone ${clubs.timezone})
            and ${r.reviewedAt} < ((m.start + interval '1 month')::timestamp at time zone ${clubs.timezone}))`,
    );
    const result = await db.execute(sql`
        with bounds as (
          select date_trunc('month', ${nowSql} at time zone ${tz})::date as last_month
        ), m as (
          select gs::date as start,
            (gs::timestamp at time zone ${tz}) as from_at,
            ((gs + interval '1 month')::timestamp at time zone ${tz}) as to_at,
            least(((gs + interval '1 month')::timestamp at time zone ${tz}), ${nowSql}) as upto
          from bounds, generate_series(
            bounds.last_month - make_interval(months => ${months - 1}),
            bounds.last_month, interval '1 month') as gs
        )
        select to_char(m.start, 'YYYY-MM') as month,
          ${clubFigures.created} as new_clubs, ${clubFigures.total} as clubs_total,
          ${userFigures.created} as new_users, ${userFigures.total} as users_total,
          ${playerFigures.created} as new_players, ${playerFigures.total} as players_total,
          ${int(activeClubs(sql`(${upto} - ${window})`, upto))} as active_clubs,
          ${periodMoney(money.billed.getSQL())} as billed,
          ${periodMoney(money.exempt.getSQL())} as exempt,
          ${collected} as collected
        from m order by m.start`);
    const rows = rowsOf<Record<string, unknown>>(result);
    const monthsOut: AnalyticsMonth[] = rows.map((row) => ({
      month: String(row.month),
      new_clubs: Number(row.new_clubs),
      new_users: Number(row.new_users),
      new_players: Number(row.new_players),
      clubs_total: Number(row.clubs_total),
      users_total: Number(row.users_total),
      players_total: Number(row.players_total),
      active_clubs: Number(row.active_clubs),
      billed: Number(row.billed),
      exempt: Number(row.exempt),
      collected: Number(row.collected),
    }));
    const last = monthsOut.at(-1);
    return {
      months: monthsOut,
      totals: {
        clubs: last?.clubs_total ?? 0,
        users: last?.users_total ?? 0,
        players: last?.players_total ?? 0,
        active_clubs: last?.active_clubs ?? 0,
      },
      generated_at: now.toISOString(),
    };
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
