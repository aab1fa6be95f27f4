import type { FeaturePlugin } from '../../app-deps';
import { createPersonPhotos } from '../profile/person-photos';
import { playerPhotosRoutes } from './player-photos.routes';
import { playersRoutes } from './players.routes';
import { createPlayersService } from './players.service';

/** A club's players and their photos (`/api/pla_club_teams/{id}/players…`). */
export const playersPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, storage, outbox, config, clubRoute } = deps;
  // The list, every staff member's first screen, reads through the read-only handle.
  const reads = deps.handle.preparedByText;
  const players = createPlayersService({ db, reads, clock, outbox, appUrl: config.appUrl });
  app.register(playersRoutes, { players, db, reads, clock, clubRoute });
  const photos = createPersonPhotos({ db, storage, clock });
  app.register(playerPhotosRoutes, { players, photos, db, clubRoute });
};
