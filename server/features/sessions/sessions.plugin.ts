import type { FeaturePlugin } from '../../app-deps';
import { createCalendarNotices } from '../notifications/calendar-notices';
import { createNotifier } from '../notifications/notify';
import { sessionChoicesRoutes } from './session-choices.routes';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsService } from './sessions.service';

/**
 * The calendar's sessions and series (issue #14) and the choices of their forms, under
 * /api/pla_club_teams/{id}/… behind the club guard (module `sessions`).
 */
export const sessionsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute, outbox, config } = deps;
  // Sessions changed, cancelled or with a result tell their people (issue #13's generators).
  const notices = createCalendarNotices({
    notifier: createNotifier({ clock, outbox, appUrl: config.appUrl }),
    clock,
    log: app.log,
  });
  app.register(sessionsRoutes, {
    db,
    sessions: createSessionsService({ db, clock, notices }),
    clubRoute,
  });
  app.register(sessionChoicesRoutes, { db, clubRoute });
};
