import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  childIdentityResponseSchema,
  childIdentityUpdateSchema,
  childParamsSchema,
  parentChildrenResponseSchema,
} from '../../../contract/parents.schema';
import { currentUserOf } from '../../auth/require-user';
import type { ParentChildrenService } from './parent-children.service';

/*
 * What a family reads about itself (issue #15): `GET /api/parents/children`, the
 * signed-in guardian's links in every active club (child, club, status, primary) with the
 * child's summary only for an authorised link (the parent's dashboard, GET
 * /api/dashboard/parent, adds its charts to these: server/features/dashboards/). The
 * player's own dashboard, GET /api/dashboard/player, is there too.
 *
 * It is not under a club path, so no club guard and no permission apply: it answers
 * only the caller's own rows, selected in SQL by their user id (guardian_links.guardian_id,
 * players.user_id), whatever their roles in a club. A pending or denied link tells that it
 * waits, never the child's data; there is no id in the request to reach another family.
 */

const tags = ['parents'];
const security = [{ bearerAuth: [] }];
const refusals = { 401: apiErrorSchema };

export const parentChildrenRoutes: FastifyPluginAsyncZod<{
  children: ParentChildrenService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { children, requireUser }) => {
  const signedIn = { onRequest: requireUser };

  app.get(
    '/parents/children',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Mis hijos en todos mis clubes: club, jugador, estado del vínculo y, solo si está autorizado, su resumen (categoría, próximas sesiones, asistencia de 90 días, pagos pendientes y deuda)',
        description:
          'Solo los vínculos del acudiente que llama, en clubes activos. Un vínculo pendiente o no autorizado muestra que espera al club, con summary null.',
        security,
        response: { 200: parentChildrenResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await children.children(currentUserOf(request).id) }),
  );

  app.put(
    '/parents/child/:id/identity',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Cambia los datos personales de un hijo (nombre, documento, nacimiento, género): solo un acudiente autorizado en algún club',
        description:
          'Los datos de un menor son suyos: ningún club los cambia cuando tiene cuenta o está en otro club. 404 si quien llama no tiene un vínculo autorizado con ese jugador.',
        security,
        params: childParamsSchema,
        body: childIdentityUpdateSchema,
        response: {
          200: childIdentityResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request) => ({
      data: await children.updateIdentity(
        currentUserOf(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );
};
