import type { FeaturePlugin } from '../../app-deps';
import { healthRoutes } from './health.routes';

/** Liveness and readiness (`/api/health…`). */
export const healthPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(healthRoutes, { handle: deps.handle });
};
