import type { FeaturePlugin } from '../../app-deps';
import { onboardingRoutes } from './onboarding.routes';
import { createOnboardingService } from './onboarding.service';

/** A new account's first steps (`/api/onboarding/…`). */
export const onboardingPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(onboardingRoutes, {
    onboarding: createOnboardingService({ db: deps.db, clock: deps.clock }),
    requireSession: deps.requireSession,
  });
};
