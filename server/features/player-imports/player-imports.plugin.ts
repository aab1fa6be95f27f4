import type { FeaturePlugin } from '../../app-deps';
import { playerImportsRoutes } from './player-imports.routes';
import { createPlayerImportsService } from './player-imports.service';

/** Importing players from a spreadsheet (`/api/pla_club_teams/{id}/player-imports…`). */
export const playerImportsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, clubRoute } = deps;
  app.register(playerImportsRoutes, {
    playerImports: createPlayerImportsService({ db, clock, outbox, appUrl: config.appUrl }),
    db,
    clubRoute,
  });
};
