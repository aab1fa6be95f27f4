/**
 * The dashboards the bench opens (issue #16, "Speed": each dashboard of a club of 10,000
 * players and 60,000 payments), written by set-based SQL on PGlite and PostgreSQL alike:
 *
 * - three trainings a week per category of the demo club over the last 8 weeks and the next
 *   2 (about 180 sessions), each with the roll call of every current player of its category
 *   for the past ones (about 240,000 marks: two in three present, some late, absent or
 *   excused), so the attendance figures have a club's worth of marks to count;
 * - a token for each demo role, signed in once, so each dashboard is asked by its own role.
 *
 * Idempotent on a kept database: skipped when the sessions are already there.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import type { Scenario } from './measure';

const TITLE = 'Entrenamiento Banco';
const PAST_WEEKS = 8;
const NEXT_WEEKS = 2;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Writes the sessions and their roll calls into club `clubId` (once); how many marks it holds. */
export async function seedBenchAttendance(
  handle: DbHandle,
  clubId: number,
  log: (line: string) => void = () => undefined,
): Promise<{ sessions: number; marks: number }> {
  const { db } = handle;
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf(await db.execute(query))[0]?.n ?? 0);
  const existing = await count(
    sql`select count(*) as n from sessions where club_id = ${clubId} and title = ${TITLE}`,
  );
  if (existing === 0) {
    const started = performance.now();
    // Monday, Wednesday and Friday at 16:00 in the club's timezone, week by week.
    await db.execute(sql`
      with days as (
        select (date_trunc('week', now() at time zone c.timezone)::date + w * 7 + d) as day, c.timezone
          from pla_club_teams c, generate_series(${-PAST_WEEKS}::int, ${NEXT_WEEKS - 1}::int) w,
               unnest(array[0, 2, 4]) d
         where c.id = ${clubId}
      )
      insert into sessions (club_id, category_id, type, title, starts_at, ends_at, location, status)
      select ${clubId}, k.id, 'training', ${TITLE},
             (day + time '16:00') at time zone timezone, (day + time '17:30') at time zone timezone,
             'Cancha 2', 'scheduled'
        from days, categories k where k.club_id = ${clubId}`);
    await db.execute(sql`
      insert into session_attendance (session_id, player_user_id, club_id, status, recorded_at)
      select s.id, p.user_id, ${clubId},
             case when h < 66 then 'present' when h < 76 then 'late' when h < 92 then 'absent'
                  else 'excused' end,
             s.ends_at
        from sessions s join players p on p.club_id = s.club_id and p.category_id = s.category_id,
             lateral (select (p.user_id * 31 + s.id * 7) % 100 as h) x
       where s.club_id = ${clubId} and s.title = ${TITLE} and s.starts_at < now()
         and p.status = 'active' and p.in_club`);
    await db.execute(sql`vacuum analyze`);
    log(
      `demo club: sessions and roll calls written in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return {
    sessions: await count(
      sql`select count(*) as n from sessions where club_id = ${clubId} and title = ${TITLE}`,
    ),
    marks: await count(sql`select count(*) as n from session_attendance where club_id = ${clubId}`),
  };
}

/** Each dashboard, asked by the demo account holding its role, in the demo club. */
export async function dashboardScenarios(
  base: string,
  clubId: number,
  target: (name: string, url: string, headers: Record<string, string>) => Scenario,
): Promise<Scenario[]> {
  const kinds = [
    ['club-owner', 'propietario@demo.club'],
    ['accountant', 'contador@demo.club'],
    ['trainer', 'entrenador@demo.club'],
    ['player', 'jugador@demo.club'],
    ['parent', 'padre@demo.club'],
    ['super-admin', 'admin@demo.club'],
  ] as const;
  const scenarios: Scenario[] = [];
  for (const [kind, email] of kinds) {
    const answer = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const { token } = (await answer.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-club-id': String(clubId) };
    scenarios.push(target(`dashboard ${kind}`, `${base}/api/dashboard/${kind}`, headers));
  }
  return scenarios;
}
