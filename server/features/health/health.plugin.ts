import type { FeaturePlugin } from '../../app-deps';
import { healthRoutes } from './health.routes';
import { databaseCheck, storageCheck } from './health.service';

/** Liveness and readiness (`/api/health…`): the load balancer's checks (docs/deploy.md). */
export const healthPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(healthRoutes, {
    handle: deps.handle,
    readiness: [databaseCheck(deps.handle), storageCheck(deps.storage), ...deps.readiness],
  });
};
