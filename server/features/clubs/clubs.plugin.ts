import type { FeaturePlugin } from '../../app-deps';
import { clubsRoutes } from './clubs.routes';
import { createClubsService } from './clubs.service';

/** Clubs: creation, the caller's clubs and a club's data (`/api/pla_club_teams…`). */
export const clubsPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(clubsRoutes, {
    clubs: createClubsService({ db: deps.db, clock: deps.clock }),
    requireUser: deps.requireUser,
    clubRoute: deps.clubRoute,
  });
};
