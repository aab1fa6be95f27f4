import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  type ClubSettings,
  clubSettingsResponseSchema,
  clubSettingsUpdateSchema,
} from '../../../contract/club-settings.schema';
import { clubMessages } from '../../../contract/clubs.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { SETTINGS_MANAGE } from '../../../contract/names';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

const tags = ['club-settings'];
const security = [{ bearerAuth: [] }];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * A club's billing settings (issue #17, 'Configuración'): months without billing (the
 * payment generator skips them) and the payment reminders' offsets. settings.manage.
 */
export const clubSettingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  clubRoute: ClubRoute;
}> = async (app, { db, clock, clubRoute }) => {
  const columns = {
    non_billing_months: clubs.nonBillingMonths,
    payment_reminder_offsets: clubs.paymentReminderOffsets,
  };
  async function read(clubId: number): Promise<ClubSettings> {
    const [row] = await db.select(columns).from(clubs).where(eq(clubs.id, clubId));
    if (!row) throw new AppError(404, clubMessages.notFound);
    return row;
  }

  app.get(
    '/pla_club_teams/:id/settings',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags,
        summary: 'Meses sin cobro y recordatorios de pago del club',
        security,
        params: clubIdParamsSchema,
        response: { 200: clubSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await read(request.params.id) }),
  );

  app.patch(
    '/pla_club_teams/:id/settings',
    {
      ...clubRoute(SETTINGS_MANAGE),
      schema: {
        tags,
        summary: 'Cambia los meses sin cobro y/o los recordatorios de pago del club',
        description:
          'non_billing_months: meses 1 a 12 (al menos uno con cobro). payment_reminder_offsets: días desde el vencimiento (−60 a 90, negativo es antes), hasta 8. Los repetidos se quitan y se ordenan.',
        security,
        params: clubIdParamsSchema,
        body: clubSettingsUpdateSchema,
        response: { 200: clubSettingsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { non_billing_months: months, payment_reminder_offsets: offsets } = request.body;
      if (months !== undefined || offsets !== undefined) {
        await db
          .update(clubs)
          .set({
            ...(months !== undefined ? { nonBillingMonths: months } : {}),
            ...(offsets !== undefined ? { paymentReminderOffsets: offsets } : {}),
            updatedAt: clock.now(),
          })
          .where(eq(clubs.id, request.params.id));
      }
      return { data: await read(request.params.id) };
    },
  );
};
