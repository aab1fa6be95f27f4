import type { FeaturePlugin } from '../../app-deps';
import { createCalendarNotices } from '../notifications/calendar-notices';
import { createNotifier } from '../notifications/notify';
import { attendanceFiguresRoutes } from './attendance-figures.routes';
import { createAttendanceFiguresService } from './attendance-figures.service';
import { attendanceRoutes } from './attendance.routes';
import { createAttendanceService } from './attendance.service';

/**
 * A session's roll call (issue #14), under /api/pla_club_teams/{id}/sessions/{sessionId}/…,
 * and the club's attendance figures. Closing a roll call tells the families (issue #13).
 */
export const attendancePlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute, outbox, config } = deps;
  const notifier = createNotifier({ clock, outbox, appUrl: config.appUrl });
  app.register(attendanceRoutes, {
    attendance: createAttendanceService({
      db,
      clock,
      notices: createCalendarNotices({ notifier, clock, log: app.log }),
    }),
    clubRoute,
  });
  app.register(attendanceFiguresRoutes, {
    db,
    figures: createAttendanceFiguresService({ db }),
    clubRoute,
  });
};
