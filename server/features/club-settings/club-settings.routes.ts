import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  clubSettingsResponseSchema,
  clubSettingsUpdateSchema,
} from '../../../contract/club-settings.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import { SETTINGS_MANAGE } from '../../../contract/names';
import type { ClubRoute } from '../../auth/require-club-permission';
import type { ClubSettingsService } from './club-settings.service';

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
  settings: ClubSettingsService;
  clubRoute: ClubRoute;
}> = async (app, { settings, clubRoute }) => {
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
    async (request) => ({ data: await settings.read(request.params.id) }),
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
    async (request) => ({ data: await settings.update(request.params.id, request.body) }),
  );
};
