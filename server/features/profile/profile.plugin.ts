import type { FeaturePlugin } from '../../app-deps';
import { createMedicalData } from './medical-data';
import { createPersonPhotos } from './person-photos';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';

/** Each person's profile, photo and medical data (`/api/profile/…`). */
export const profilePlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, storage } = deps;
  app.register(profileRoutes, {
    profile: createProfileService({
      db,
      clock,
      photos: createPersonPhotos({ db, storage, clock }),
    }),
    medical: createMedicalData({ db, clock }),
    requireSession: deps.requireSession,
  });
};
