import type { FeaturePlugin } from '../../app-deps';
import { referenceRoutes } from './reference.routes';
import { createReferenceService } from './reference.service';

/** Reference lists: countries, document types, positions… (`/api/reference/…`). */
export const referencePlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(referenceRoutes, {
    reference: createReferenceService(deps.db),
    requireUser: deps.requireUser,
  });
};
