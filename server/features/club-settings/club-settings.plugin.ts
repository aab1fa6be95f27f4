import type { FeaturePlugin } from '../../app-deps';
import { clubSettingsRoutes } from './club-settings.routes';
import { createClubSettingsService } from './club-settings.service';

/** A club's own settings (`/api/pla_club_teams/{id}/settings`, issue #17). */
export const clubSettingsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute } = deps;
  app.register(clubSettingsRoutes, {
    settings: createClubSettingsService({ db, clock }),
    clubRoute,
  });
};
