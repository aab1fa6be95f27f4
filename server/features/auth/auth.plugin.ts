import type { FeaturePlugin } from '../../app-deps';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

/** Sign-up, sign-in, tokens and password reset (`/api/auth/…`). */
export const authPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, tokens, outbox, config } = deps;
  app.register(authRoutes, {
    auth: createAuthService({ db, clock, tokens, outbox, appUrl: config.appUrl }),
  });
};
