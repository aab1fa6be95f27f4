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
import { paymentBulkRoutes } from './features/payments/payment-bulk.routes';
import { createPaymentBulkService } from './features/payments/payment-bulk.service';
import { paymentActionsRoutes } from './features/payments/payment-actions.routes';
import { createPaymentActionsService } from './features/payments/payment-actions.service';
import { paymentDetailsRoutes } from './features/payments/payment-details.routes';
import { paymentProofsRoutes } from './features/payments/payment-proofs.routes';
import { createPaymentProofsService } from './features/payments/payment-proofs.service';
import { createPaymentReminders } from './features/payments/payment-reminders';
import { paymentsRoutes } from './features/payments/payments.routes';
import { receiptsRoutes } from './features/payments/receipts.routes';
import { createReceiptsService } from './features/payments/receipts.service';
import {
  createPaymentNotices,
  withProofNotices,
  withReviewNotices,
} from './features/notifications/payment-notices';
import { createNotifier } from './features/notifications/notify';
import type { Clock } from './lib/clock';
import type { MailOutbox } from './mail/outbox';
import type { FileStorage } from './storage/storage';

/** What the money routes use: the database, the clock, files, e-mail and the app's URL. */
export interface MoneyDeps {
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
  storage: FileStorage;
  outbox: MailOutbox;
  appUrl: string;
}

/**
 * The club's money (module `payments`, issue #12), registered by server/app.ts: the
 * discounts and charges catalogue and the payment methods the club accepts, each under
 * /api/pla_club_teams/:id behind its clubRoute permission.
 */
export function registerMoneyRoutes(app: FastifyInstance, deps: MoneyDeps) {
  const { db, clock, clubRoute, outbox, appUrl } = deps;
  // Reviews and proofs tell the family and the reviewers (notifications, issue #13).
  const notifier = createNotifier({ clock, outbox, appUrl });
  const notices = createPaymentNotices({ db, notifier, log: app.log });
  const actions = withReviewNotices(createPaymentActionsService({ db, clock }), notices);
  app.register(discountsRoutes, {
    prefix: '/api',
    discounts: createDiscountsService({ db, clock }),
    db,
    clock,
    clubRoute,
  });
  app.register(chargesRoutes, {
    prefix: '/api',
    charges: createChargesService({ db, clock }),
    db,
    clock,
    clubRoute,
  });
  app.register(paymentMethodsRoutes, { prefix: '/api', db, clock, clubRoute });
  app.register(paymentsRoutes, { prefix: '/api', db, clock, clubRoute });
  const proofs = withProofNotices(
    createPaymentProofsService({ db, clock, storage: deps.storage }),
    notices,
  );
  app.register(paymentActionsRoutes, { prefix: '/api', actions, proofs, clubRoute });
  app.register(paymentDetailsRoutes, { prefix: '/api', db, clock, clubRoute });
  app.register(paymentProofsRoutes, { prefix: '/api', proofs, db, clubRoute });
  const reminders = createPaymentReminders({ db, clock, outbox, notifier, appUrl });
  app.register(paymentBulkRoutes, {
    prefix: '/api',
    bulk: createPaymentBulkService({ db, actions, reminders }),
    clubRoute,
  });
  // Receipt PDFs, their shared links and the public /api/public/receipts/{token}.
  app.register(receiptsRoutes, {
    prefix: '/api',
    db,
    receipts: createReceiptsService({ db, clock, storage: deps.storage, appUrl }),
    clubRoute,
  });
  app.register(paymentGenerationRoutes, {
    prefix: '/api',
    generation: createPaymentGenerationService({ db, clock }),
    clubRoute,
  });
}
