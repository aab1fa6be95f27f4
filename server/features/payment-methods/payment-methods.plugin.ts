import type { FeaturePlugin } from '../../app-deps';
import { paymentMethodsRoutes } from './payment-methods.routes';
import { createPaymentMethodsService } from './payment-methods.service';

/** The payment methods the club accepts (module `payments`, issue #12). */
export const paymentMethodsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute } = deps;
  app.register(paymentMethodsRoutes, {
    paymentMethods: createPaymentMethodsService({ db, clock }),
    clubRoute,
  });
};
