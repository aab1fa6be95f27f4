import type { FeaturePlugin } from '../../app-deps';
import { calendarFeedsRoutes } from './calendar-feeds.routes';
import { createCalendarFeedsService } from './calendar-feeds.service';

/** The ICS feeds (issue #14): their links behind the club guard and the public feed. */
export const calendarFeedsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute, config } = deps;
  app.register(calendarFeedsRoutes, {
    db,
    feeds: createCalendarFeedsService({ db, clock, appUrl: config.appUrl }),
    clubRoute,
  });
};
