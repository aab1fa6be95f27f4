import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CalendarNotices } from '../notifications/calendar-notices';
import type { SessionAccess } from './session-scope';

/** Who is asking, in which club, and what of it they reach. */
export interface Caller {
  clubId: number;
  userId: number;
  access: SessionAccess;
}

/** What the writes need besides the caller. */
export interface SessionDeps {
  db: Db;
  clock: Clock;
  notices: CalendarNotices;
}
