import type { FeaturePlugin } from '../../app-deps';
import { createNotifier } from '../notifications/notify';
import {
  createPaymentNotices,
  withProofNotices,
  withReviewNotices,
} from '../notifications/payment-notices';
import { paymentActionsRoutes } from './payment-actions.routes';
import { createPaymentActionsService } from './payment-actions.service';
import { paymentBulkRoutes } from './payment-bulk.routes';
import { createPaymentBulkService } from './payment-bulk.service';
import { paymentDetailsRoutes } from './payment-details.routes';
import { paymentProofsRoutes } from './payment-proofs.routes';
import { createPaymentProofsService } from './payment-proofs.service';
import { createPaymentReminders } from './payment-reminders';
import { paymentsRoutes } from './payments.routes';
import { receiptsRoutes } from './receipts.routes';
import { createReceiptsService } from './receipts.service';

/**
 * The club's payments (module `payments`, issue #12) under /api/pla_club_teams/:id: the
 * list, a payment's actions, details and proofs, bulk actions and reminders, and the
 * receipts with their public /api/public/receipts/{token}.
 */
export const paymentsPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, clubRoute, outbox, storage } = deps;
  const { appUrl } = deps.config;
  // Reviews and proofs tell the family and the reviewers (notifications, issue #13).
  const notifier = createNotifier({ clock, outbox, appUrl });
  const notices = createPaymentNotices({ db, notifier, log: app.log });
  const actions = withReviewNotices(createPaymentActionsService({ db, clock }), notices);
  const proofs = withProofNotices(createPaymentProofsService({ db, clock, storage }), notices);
  const reminders = createPaymentReminders({ db, clock, outbox, notifier, appUrl });
  // The list and its figures, the accountant's first screen, read through the read-only handle.
  app.register(paymentsRoutes, { db, reads: deps.handle.preparedByText, clock, clubRoute });
  app.register(paymentActionsRoutes, { actions, proofs, clubRoute });
  app.register(paymentDetailsRoutes, { db, clock, clubRoute });
  app.register(paymentProofsRoutes, { proofs, db, clubRoute });
  app.register(paymentBulkRoutes, {
    bulk: createPaymentBulkService({ db, actions, reminders }),
    clubRoute,
  });
  app.register(receiptsRoutes, {
    db,
    receipts: createReceiptsService({ db, clock, storage, appUrl }),
    clubRoute,
  });
};
