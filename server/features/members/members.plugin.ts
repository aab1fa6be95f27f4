import type { FeaturePlugin } from '../../app-deps';
import { membersRoutes } from './members.routes';
import { createMembersService } from './members.service';

/** A club's members and their roles (`/api/pla_club_teams/{id}/members…`). */
export const membersPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute } = deps;
  app.register(membersRoutes, {
    members: createMembersService({ db, clock }),
    db,
    clock,
    clubRoute,
  });
};
