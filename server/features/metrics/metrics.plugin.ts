import type { FeaturePlugin } from '../../app-deps';
import { metricsRoutes } from './metrics.routes';

/** Prometheus metrics at `/metrics` (not under /api), behind `METRICS_TOKEN` (docs/deploy.md). */
export const metricsPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(metricsRoutes, { metrics: deps.metrics, token: deps.config.metricsToken });
};
