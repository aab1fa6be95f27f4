import type { FastifyInstance } from 'fastify';
import type { ClubRoute } from './auth/require-club-permission';
import type { Db } from './db/client';
import { chargesRoutes } from './features/charges/charges.routes';
import { createChargesService } from './features/charges/charges.service';
import { discountsRoutes } from './features/discounts/discounts.routes';
import { createDiscountsService } from './features/discounts/discounts.service';
import { paymentGenerationRoutes } from './features/payment-generation/payment-generation.routes';
import { createPaymentGenerationService } from './features/payment-generation/payment-generation.service';
import { paymentMethodsRoutes } from './features/payment-methods/payment-methods.routes';
import { paymentActionsRoutes } from './features/payments/payment-actions.routes';
import { createPaymentActionsService } from './features/payments/payment-actions.service';
import { paymentsRoutes } from './features/payments/payments.routes';
import type { Clock } from './lib/clock';

/**
 * The club's money (module `payments`, issue #12), registered by server/app.ts: the
 * discounts and charges catalogue and the payment methods the club accepts, each under
 * /api/pla_club_teams/:id behind its clubRoute permission.
 */
export function registerMoneyRoutes(
  app: FastifyInstance,
  { db, clock, clubRoute }: { db: Db; clock: Clock; clubRoute: ClubRoute },
) {
  app.register(discountsRoutes, {
    prefix: '/api',
    discounts: createDiscountsService({ db, clock }),
    clubRoute,
  });
  app.register(chargesRoutes, {
    prefix: '/api',
    charges: createChargesService({ db, clock }),
    clubRoute,
  });
  app.register(paymentMethodsRoutes, { prefix: '/api', db, clock, clubRoute });
  app.register(paymentsRoutes, { prefix: '/api', db, clock, clubRoute });
  app.register(paymentActionsRoutes, {
    prefix: '/api',
    actions: createPaymentActionsService({ db, clock }),
    clubRoute,
  });
  app.register(paymentGenerationRoutes, {
    prefix: '/api',
    generation: createPaymentGenerationService({ db, clock }),
    clubRoute,
  });
}
