import type { FeaturePlugin } from '../../app-deps';
import { trainersRoutes } from './trainers.routes';
import { createTrainersService } from './trainers.service';

/** A club's trainers and their invitations (`/api/pla_club_teams/{id}/trainers…`). */
export const trainersPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox, config, clubRoute } = deps;
  app.register(trainersRoutes, {
    trainers: createTrainersService({ db, clock, outbox, appUrl: config.appUrl }),
    db,
    clock,
    clubRoute,
  });
};
