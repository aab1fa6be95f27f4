import type { FeaturePlugin } from '../../app-deps';
import { paymentGenerationRoutes } from './payment-generation.routes';
import { createPaymentGenerationService } from './payment-generation.service';

/** Generating a month's payments from the plans (module `payments`, issue #12). */
export const paymentGenerationPlugin: FeaturePlugin = async (app, { deps }) => {
  app.register(paymentGenerationRoutes, {
    generation: createPaymentGenerationService({ db: deps.db, clock: deps.clock }),
    clubRoute: deps.clubRoute,
  });
};
