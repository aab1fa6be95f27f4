import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CalendarNotices } from '../notifications/calendar-notices';
import type { NotifyResult } from '../notifications/notify';
import { guardiansOf } from '../sessions/session-audience';
import type { SessionTarget } from './session-target';
import { rowsOf } from '../../db/rows';

/*
 * The alerts a closed roll call sends (DOMAIN.md "Calendar": guardians of minors are told
 * about absences once the list is closed): for each player marked absent, an
 * `attendance_alert` to the guardian accounts of a minor — under 18 on the club's today,
 * or of unknown age, as the payment reminders count — or to the adult player's own
 * active account. A minor without a guardian account tells nobody.
 */

interface Absent {
  player_id: number;
  name: string;
  minor: boolean;
  active: boolean;
}

/**
 * Notifies, with `tx` (the closing transaction), the absences of `target`; answers the
 * results whose `dispatch()` the caller runs after commit.
 */
export async function absenceAlerts(
  tx: Db,
  { clock, notices, target }: { clock: Clock; notices: CalendarNotices; target: SessionTarget },
): Promise<NotifyResult[]> {
  const now = sql`${clock.now().toISOString()}::timestamptz`;
  const absent = rowsOf<Absent>(
    await tx.execute(sql`
      select a.player_user_id as player_id, u.name || ' ' || u.lastname as name,
        (u.birth_date is null
          or u.birth_date > (${now} at time zone c.timezone)::date - interval '18 years') as minor,
        u.status = 'active' as active
      from session_attendance a
      join users u on u.id = a.player_user_id
      join pla_club_teams c on c.id = a.club_id
      where a.session_id = ${target.id} and a.status = 'absent'
      order by a.player_user_id`),
  );
  if (absent.length === 0) return [];
  const minors = absent.filter((row) => row.minor).map((row) => Number(row.player_id));
  const guardians = await guardiansOf(tx, target.clubId, minors);
  const session = {
    id: target.id,
    title: target.title,
    startsAt: target.startsAt,
    location: target.location,
  };
  const results: NotifyResult[] = [];
  for (const row of absent) {
    const playerId = Number(row.player_id);
    const recipients = row.minor
      ? (guardians.get(playerId) ?? []).filter((id) => id !== playerId)
      : row.active
        ? [playerId]
        : [];
    if (recipients.length === 0) continue;
    results.push(
      await notices.attendanceAlert(tx, {
        clubId: target.clubId,
        recipients,
        session,
        player: { id: playerId, name: row.name },
      }),
    );
  }
  return results;
}
