import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  adminMembershipsResponseSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  passwordResetSentSchema,
  userLockSchema,
} from '../../../contract/admin-users.schema';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { currentUserOf } from '../../auth/require-user';
import type { SuperAdminHooks } from '../../auth/super-admin';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AdminUsersService } from './admin-users.service';
import { addListExport } from '../../lib/list-export';
import { adminUserExportColumns } from './admin-users.export';

const tags = ['platform'];
const security = [{ bearerAuth: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const withMissing = { ...refusals, 404: apiErrorSchema };
const writeRefusals = { ...withMissing, 409: apiErrorSchema };

/** The users of the platform (issue #17, Administración del Sistema): super admin only. */
export const adminUsersRoutes: FastifyPluginAsyncZod<{
  adminUsers: AdminUsersService;
  db: Db;
  clock: Clock;
  superAdmin: SuperAdminHooks;
}> = async (app, { adminUsers: service, db, clock, superAdmin }) => {
  app.get(
    '/admin/users',
    {
      ...superAdmin,
      schema: {
        tags,
        summary:
          'Los usuarios de la plataforma (paginado, orden, búsqueda por nombre, correo o documento, filtro de bloqueo)',
        security,
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema, ...refusals },
      },
    },
    async (request) => service.list(request.query),
  );

  addListExport(
    app,
    { db, clock },
    {
      url: '/admin/users',
      guard: superAdmin,
      tags: tags,
      summary: 'Exporta los usuarios de la plataforma (filtros, búsqueda y orden de la lista)',
      querystring: adminUserListQuerySchema,
      fileName: 'usuarios',
      sheet: 'Usuarios',
      columns: adminUserExportColumns,
      read: (query) => service.list(query),
    },
  );

  app.get(
    '/admin/users/:id/memberships',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Los clubes de un usuario con sus roles en cada uno',
        security,
        params: adminUserParamsSchema,
        response: { 200: adminMembershipsResponseSchema, ...withMissing },
      },
    },
    async (request) => ({ data: await service.memberships(request.params.id) }),
  );

  app.post(
    '/admin/users/:id/lock',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Bloquea una cuenta con un motivo: cierra sus sesiones y no puede ingresar',
        security,
        params: adminUserParamsSchema,
        body: userLockSchema,
        response: { 200: adminUserResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await service.lock(currentUserOf(request).id, request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/admin/users/:id/unlock',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Desbloquea una cuenta bloqueada',
        security,
        params: adminUserParamsSchema,
        response: { 200: adminUserResponseSchema, ...writeRefusals },
      },
    },
    async (request) => ({
      data: await service.unlock(currentUserOf(request).id, request.params.id),
    }),
  );

  app.post(
    '/admin/users/:id/password-reset',
    {
      ...superAdmin,
      schema: {
        tags,
        summary: 'Envía al usuario el correo para restablecer su contraseña',
        security,
        params: adminUserParamsSchema,
        response: { 200: passwordResetSentSchema, ...writeRefusals },
      },
    },
    async (request) => {
      await service.sendPasswordReset(currentUserOf(request).id, request.params.id);
      return { message: 'Correo de restablecimiento enviado' };
    },
  );
};
