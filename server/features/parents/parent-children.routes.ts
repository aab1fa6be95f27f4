import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  type ChildIdentity,
  type ParentChild,
  childIdentityResponseSchema,
  childIdentityUpdateSchema,
  childParamsSchema,
  parentChildrenResponseSchema,
} from '../../../contract/parents.schema';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { guardianLinks } from '../../db/schema/parents';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import { byName } from '../../lib/list-query';
import { identityColumns, updateChildIdentity } from './child-identity';
import { familySummariesOf, summaryKey } from './family-summary';

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

const personOf = (row: { playerId: number; name: string; lastname: string }) => ({
  id: row.playerId,
  name: row.name,
  lastname: row.lastname,
});

/** The guardian's links in active clubs, by club name then child name; summaries for the authorised. */
export async function childrenOf(db: Db, guardianId: number, now: Date): Promise<ParentChild[]> {
  const rows = await db
    .select({
      clubId: guardianLinks.clubId,
      clubName: clubs.name,
      playerId: guardianLinks.playerId,
      name: users.name,
      lastname: users.lastname,
      status: guardianLinks.status,
      isPrimary: guardianLinks.isPrimary,
      identity: identityColumns,
    })
    .from(guardianLinks)
    .innerJoin(clubs, and(eq(clubs.id, guardianLinks.clubId), eq(clubs.status, 'active')))
    .innerJoin(users, eq(users.id, guardianLinks.playerId))
    .where(eq(guardianLinks.guardianId, guardianId))
    .orderBy(
      asc(byName(clubs.name)),
      asc(clubs.id),
      asc(byName(users.lastname)),
      asc(byName(users.name)),
      asc(users.id),
    );
  const authorised = rows.filter((row) => row.status === 'authorized');
  const summaries = await familySummariesOf(db, authorised, now);
  return rows.map((row) => ({
    club: { id: row.clubId, name: row.clubName },
    player: personOf(row),
    status: row.status,
    is_primary: row.isPrimary,
    summary: row.status === 'authorized' ? (summaries.get(summaryKey(row)) ?? null) : null,
    identity: row.status === 'authorized' ? (row.identity as ChildIdentity) : null,
  }));
}

export const parentChildrenRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { db, clock, requireUser }) => {
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
    async (request) => ({
      data: await childrenOf(db, currentUserOf(request).id, clock.now()),
    }),
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
      data: await updateChildIdentity(
        db,
        clock,
        currentUserOf(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );
};
