import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { idParamsSchema } from '../../../contract/common.schema';
import {
  roleConfigurationQuerySchema,
  roleConfigurationResponseSchema,
  roleListResponseSchema,
  rolePermissionsRequestSchema,
} from '../../../contract/roles.schema';
import { currentUserOf } from '../../auth/require-user';
import { requestedClubId } from '../../auth/working-club';
import type { AdminGuards } from '../modules/admin-guards';
import type { RolesService } from './roles.service';

const security = [{ bearerAuth: [] }];
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
const withErrors = { 400: apiErrorSchema, 404: apiErrorSchema, ...refusals };

/**
 * Roles and their permissions per club (Gestión de Roles). Whoever holds settings.manage
 * in a club configures that club's roles (overriding the platform defaults module by
 * module); a super admin also configures the defaults. The club is the working club
 * (server/auth/working-club.ts) unless `club_id` names one explicitly, or
 * `club_id: null` / `scope=platform` names the platform (super admin only).
 */
export const rolesRoutes: FastifyPluginAsyncZod<{
  roles: RolesService;
  guards: AdminGuards;
}> = async (app, { roles, guards }) => {
  const { adminReader, roleAdmin } = guards;

  app.get(
    '/admin/roles',
    {
      ...adminReader,
      schema: {
        tags: ['admin'],
        summary: 'Los roles, de mayor a menor prioridad',
        security,
        response: { 200: roleListResponseSchema, ...refusals },
      },
    },
    async () => ({ data: await roles.listRoles() }),
  );

  app.post(
    '/admin/roles/permissions',
    {
      ...roleAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Fija los permisos de un rol en un módulo, en un club (club_id, X-Club-Id o club actual) o en los valores por defecto (club_id: null, solo super admin)',
        security,
        body: rolePermissionsRequestSchema,
        response: { 200: roleConfigurationResponseSchema, 422: apiErrorSchema, ...withErrors },
      },
    },
    async (request) => ({
      data: await roles.setRolePermissions(
        currentUserOf(request),
        {
          roleId: request.body.role_id,
          moduleId: request.body.module_id,
          permissionIds: request.body.permission_ids,
        },
        { clubId: request.body.club_id, headerClubId: requestedClubId(request) },
      ),
    }),
  );

  app.get(
    '/admin/roles/:id/configuration',
    {
      ...roleAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'La configuración de un rol en un club (club_id, X-Club-Id o club actual) o en la plataforma (scope=platform)',
        security,
        params: idParamsSchema,
        querystring: roleConfigurationQuerySchema,
        response: { 200: roleConfigurationResponseSchema, ...withErrors },
      },
    },
    async (request) => ({
      data: await roles.roleConfigurationFor(currentUserOf(request), request.params.id, {
        clubId: request.query.scope === 'platform' ? null : request.query.club_id,
        headerClubId: requestedClubId(request),
      }),
    }),
  );
};
