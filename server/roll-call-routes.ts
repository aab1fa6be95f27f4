import type { FastifyInstance } from 'fastify';
import type { ClubRoute } from './auth/require-club-permission';
import type { Db } from './db/client';
import { attendanceFiguresRoutes } from './features/attendance/attendance-figures.routes';
import { attendanceRoutes } from './features/attendance/attendance.routes';
import { createAttendanceService } from './features/attendance/attendance.service';
import { callUpsRoutes } from './features/call-ups/call-ups.routes';
import { createCallUpsService } from './features/call-ups/call-ups.service';
import { createCallUpNotices } from './features/notifications/call-up-notices';
import { createCalendarNotices } from './features/notifications/calendar-notices';
import { createNotifier } from './features/notifications/notify';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './mail/outbox';

/**
 * A session's roll call and call-ups (issue #14), under
 * /api/pla_club_teams/{id}/sessions/{sessionId}/… behind the club guard (module
 * `sessions`), and the club's attendance figures; registered by server/calendar-routes.ts. Closing a roll call and calling
 * players up tell the families through the notifier (issue #13).
 */
export function registerRollCallRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; clubRoute: ClubRoute; outbox: MailOutbox; appUrl: string },
) {
  const { db, clock, clubRoute, outbox, appUrl } = deps;
  const notifier = createNotifier({ clock, outbox, appUrl });
  app.register(attendanceRoutes, {
    prefix: '/api',
    attendance: createAttendanceService({
      db,
      clock,
      notices: createCalendarNotices({ notifier, clock, log: app.log }),
    }),
    clubRoute,
  });
  app.register(attendanceFiguresRoutes, { prefix: '/api', db, clubRoute });
  app.register(callUpsRoutes, {
    prefix: '/api',
    callUps: createCallUpsService({
      db,
      clock,
      notices: createCallUpNotices({ notifier, clock, log: app.log }),
    }),
    clubRoute,
  });
}
