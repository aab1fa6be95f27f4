/**
 * kill -9 during a roll call's offline sync (bench/crash.ts): `PUT …/attendance` with the
 * marks of every player of a club-wide session, from version 0. attendance.service.ts
 * bumps the session's attendance_version and writes the marks in ONE transaction, so a
 * crash leaves all the marks (version 1) or none (version 0); the client resending the
 * same batch from the version it started from creates no mark twice and bumps nothing
 * once the marks are stored (the save is idempotent).
 *
 * On PostgreSQL the script holds a SHARE lock on `session_attendance`: the server's
 * transaction has bumped the version and waits to insert the marks when the kill comes.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { type CrashClub, nextMonth, rowsOf, seedCrashClub } from './crash.db';
import type { Check, Scenario } from './crash.run';
import { type Call, okJson } from './crash.server';

const STATUSES = ['present', 'absent', 'late', 'excused'] as const;

interface RollCall extends CrashClub {
  sessionId: number;
  marks: { player_id: number; status: (typeof STATUSES)[number] }[];
}

async function seedRollCall(handle: DbHandle, players: number): Promise<RollCall> {
  const club = await seedCrashClub(handle, { players, charges: 0, period: nextMonth(new Date()) });
  const [session] = await rowsOf<{ id: number }>(
    handle,
    sql`insert into sessions (club_id, type, title, starts_at, ends_at, created_by)
        values (${club.clubId}, 'training', 'Entrenamiento crash', now() - interval '2 hours',
                now() - interval '1 hour', ${club.ownerId}) returning id`,
  );
  const ids = await rowsOf<{ id: number }>(
    handle,
    sql`select user_id as id from players where club_id = ${club.clubId} order by user_id`,
  );
  return {
    ...club,
    sessionId: Number(session!.id),
    marks: ids.map(({ id }, index) => ({
      player_id: id,
      status: STATUSES[index % STATUSES.length]!,
    })),
  };
}

const path = ({ clubId, sessionId }: RollCall) =>
  `/pla_club_teams/${clubId}/sessions/${sessionId}/attendance`;

/** The batch as an offline client sends it: every mark, from the version it read (0). */
const sync = (call: Call, seeded: RollCall) =>
  call('PUT', path(seeded), { json: { version: 0, records: seeded.marks } });

async function checkRollCall(handle: DbHandle, { sessionId, marks }: RollCall): Promise<Check> {
  const stored = await rowsOf<{ player_id: number; status: string }>(
    handle,
    sql`select player_user_id as player_id, status from session_attendance where session_id = ${sessionId}`,
  );
  const [session] = await rowsOf<{ version: number }>(
    handle,
    sql`select attendance_version as version from sessions where id = ${sessionId}`,
  );
  const sent = new Map(marks.map((mark) => [mark.player_id, mark.status]));
  const matching = stored.filter((row) => sent.get(row.player_id) === row.status).length;
  const version = session!.version;
  const state =
    stored.length === 0 && version === 0
      ? 'none'
      : stored.length === marks.length && matching === marks.length && version === 1
        ? 'all'
        : 'part';
  return {
    stored: state,
    summary: `${stored.length} marks (${matching} as sent) of ${marks.length}, version ${version}`,
    failures: state === 'part' ? ['half synced'] : [],
  };
}

/** The roll call of a session of `players` (at most 200, a list's limit) synced at once. */
export function rollCallScenario(players: number): Scenario<RollCall> {
  return {
    name: `roll-call sync (${players} marks)`,
    seed: (handle) => seedRollCall(handle, players),
    write: sync,
    middle: () => ({
      hold: 'lock table session_attendance in share mode',
      statement: 'the insert of the marks',
    }),
    /** How many times the resent batch bumped the version (0 once the marks are stored). */
    async redo(call, seeded) {
      const before = await okJson<{ version: number }>('sheet', await call('GET', path(seeded)));
      const after = await okJson<{ version: number }>('sync', await sync(call, seeded));
      return after.version - before.version;
    },
    check: checkRollCall,
  };
}
