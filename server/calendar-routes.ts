import type { FastifyInstance } from 'fastify';
import type { ClubRoute } from './auth/require-club-permission';
import type { Db } from './db/client';
import { calendarFeedsRoutes } from './features/calendar-feeds/calendar-feeds.routes';
import { createCalendarFeedsService } from './features/calendar-feeds/calendar-feeds.service';
import { createCalendarNotices } from './features/notifications/calendar-notices';
import { createNotifier } from './features/notifications/notify';
import { sessionChoicesRoutes } from './features/sessions/session-choices.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { createSessionsService } from './features/sessions/sessions.service';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './mail/outbox';
import { registerRollCallRoutes } from './roll-call-routes';

/**
 * The calendar (issue #14): sessions and series, attendance, call-ups and the ICS feeds,
 * under /api/pla_club_teams/{id}/… behind the club guard (module `sessions`), plus the
 * public, token-addressed feed; registered by server/app.ts.
 */
export function registerCalendarRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; clubRoute: ClubRoute; outbox: MailOutbox; appUrl: string },
) {
  const { db, clock, clubRoute, outbox, appUrl } = deps;
  // Sessions changed, cancelled or with a result tell their people (issue #13's generators).
  const notices = createCalendarNotices({
    notifier: createNotifier({ clock, outbox, appUrl }),
    clock,
    log: app.log,
  });
  app.register(sessionsRoutes, {
    prefix: '/api',
    db,
    sessions: createSessionsService({ db, clock, notices }),
    clubRoute,
  });
  app.register(sessionChoicesRoutes, { prefix: '/api', db, clubRoute });
  registerRollCallRoutes(app, deps);
  app.register(calendarFeedsRoutes, {
    prefix: '/api',
    db,
    feeds: createCalendarFeedsService({ db, clock, appUrl }),
    clubRoute,
  });
}
