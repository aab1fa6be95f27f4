import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import type { AccessRow } from '../../../contract/access-table';
import type { Db } from '../../db/client';
import { type ReminderJobDeps, createPaymentReminders } from './payment-reminders.job';

/*
 * What the browser tests need and no user may reach: running the hourly payment
 * reminders at a chosen instant, so a test can make a payment fall due now instead of
 * waiting for the hour (issue #13, Tests). server/main.ts registers it only when the
 * process runs with NODE_ENV=test and GD_TEST_HOOKS=1 (playwright.config.ts sets both);
 * never in development or production.
 */

/** Whether this process may offer the test hooks (both variables, on purpose). */
export const testHooksEnabled = (env: NodeJS.ProcessEnv = process.env) =>
  env.NODE_ENV === 'test' && env.GD_TEST_HOOKS === '1';

/**
 * The hooks' rows of the role × operation table, handed to buildApp only when they are
 * registered (the product's table, contract/access-table.rows.ts, never lists them).
 */
export const testHooksAccessRows: readonly AccessRow[] = [
  {
    route: 'POST /api/test/payment-reminders',
    group: 'Browser tests only (NODE_ENV=test and GD_TEST_HOOKS=1)',
    operation: 'Run the payment reminders at a chosen instant',
    requires: 'public',
    who: {
      anonymous: 'all',
      outsider: 'all',
      owner: 'all',
      trainer: 'all',
      accountant: 'all',
      player: 'all',
      guardian: 'all',
      superAdmin: 'all',
    },
  },
];

const runRemindersBodySchema = z.object({
  at: z.iso.datetime({ offset: true, error: "'at' debe ser un instante ISO 8601" }),
});

export const testHooksRoutes: FastifyPluginAsyncZod<{
  db: Db;
  notifier: ReminderJobDeps['notifier'];
}> = async (app, { db, notifier }) => {
  app.post(
    '/test/payment-reminders',
    { schema: { hide: true, body: runRemindersBodySchema } },
    async (request) => {
      const at = new Date(request.body.at);
      const runs = await createPaymentReminders({
        db,
        clock: { now: () => at },
        log: request.log,
        notifier,
      });
      return { success: true as const, data: runs };
    },
  );
};
