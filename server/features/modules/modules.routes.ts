import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import {
  availableModulesResponseSchema,
  moduleAccessResponseSchema,
  moduleCreateSchema,
  moduleListResponseSchema,
  modulePermissionParamsSchema,
  modulePermissionResponseSchema,
  modulePermissionsResponseSchema,
  moduleResponseSchema,
  moduleToggleSchema,
  moduleUpdateSchema,
  permissionListResponseSchema,
} from '../../../contract/modules.schema';
import { idParamsSchema } from '../../../contract/common.schema';
import { currentUserOf } from '../../auth/require-user';
import { requestedClubId } from '../../auth/working-club';
import type { AdminGuards } from './admin-guards';
import type { ModulesService } from './modules.service';

const security = [{ bearerAuth: [] }];
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
const withErrors = { 400: apiErrorSchema, 404: apiErrorSchema, ...refusals };

/**
 * Modules and permissions (issue #4). Modules and their toggles are platform-wide, so
 * changing them is for a super admin only; reading them in the administration takes
 * settings.manage in the working club. What a user may do is computed for their working
 * club (server/auth/working-club.ts: `X-Club-Id`, else their current club, else their
 * first membership). The roles' permissions per club are server/features/roles.
 */
export const modulesRoutes: FastifyPluginAsyncZod<{
  modules: ModulesService;
  guards: AdminGuards;
}> = async (app, { modules, guards }) => {
  const { signedIn, adminReader, superAdmin } = guards;

  const userFor = (request: FastifyRequest) =>
    modules.loadUser(currentUserOf(request).id, requestedClubId(request));

  app.get(
    '/user/available-modules',
    {
      ...signedIn,
      schema: {
        tags: ['modules'],
        summary: 'Módulos y permisos del usuario en su club de trabajo (X-Club-Id o club actual)',
        security,
        response: { 200: availableModulesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await userFor(request);
      return { data: { modules: user.modules, permissions: user.permissions } };
    },
  );

  app.get(
    '/modules',
    {
      ...signedIn,
      schema: {
        tags: ['modules'],
        summary: 'Todos los módulos',
        security,
        response: { 200: moduleListResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ data: await modules.listModules() }),
  );

  app.get(
    '/permissions',
    {
      ...signedIn,
      schema: {
        tags: ['modules'],
        summary: 'Todos los permisos',
        security,
        response: { 200: permissionListResponseSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ data: await modules.listPermissions() }),
  );

  app.get(
    '/modules/:id/access',
    {
      ...signedIn,
      schema: {
        tags: ['modules'],
        summary: 'El acceso del usuario a un módulo en su club de trabajo',
        security,
        params: idParamsSchema,
        response: { 200: moduleAccessResponseSchema, ...withErrors },
      },
    },
    async (request) => {
      const user = await userFor(request);
      return { data: await modules.access(user, request.params.id) };
    },
  );

  app.get(
    '/modules/:id/permissions/:permission',
    {
      ...signedIn,
      schema: {
        tags: ['modules'],
        summary: 'Si el usuario tiene un permiso (view, create, update, delete) en un módulo',
        security,
        params: modulePermissionParamsSchema,
        response: { 200: modulePermissionResponseSchema, ...withErrors },
      },
    },
    async (request) => {
      const user = await userFor(request);
      const access = await modules.access(user, request.params.id);
      return {
        data: {
          module_id: access.module_id,
          permission: `${access.slug}.${request.params.permission}`,
          allowed: access.permissions[request.params.permission],
        },
      };
    },
  );

  app.get(
    '/admin/modules',
    {
      ...adminReader,
      schema: {
        tags: ['admin'],
        summary: 'Módulos (administración)',
        security,
        response: { 200: moduleListResponseSchema, ...refusals },
      },
    },
    async () => ({ data: await modules.listModules() }),
  );

  app.post(
    '/admin/modules',
    {
      ...superAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Vuelve a crear uno de los nueve módulos (con sus cuatro permisos)',
        security,
        body: moduleCreateSchema,
        response: { 201: moduleResponseSchema, 422: apiErrorSchema, ...withErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await modules.createModule(request.body) }),
  );

  app.put(
    '/admin/modules/:id',
    {
      ...superAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Modifica un módulo',
        security,
        params: idParamsSchema,
        body: moduleUpdateSchema,
        response: { 200: moduleResponseSchema, ...withErrors },
      },
    },
    async (request) => ({ data: await modules.updateModule(request.params.id, request.body) }),
  );

  app.delete(
    '/admin/modules/:id',
    {
      ...superAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Elimina un módulo con sus permisos y asignaciones',
        security,
        params: idParamsSchema,
        response: { 204: z.null().describe('Sin contenido'), ...withErrors },
      },
    },
    async (request, reply) => {
      await modules.deleteModule(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/admin/modules/:id/toggle',
    {
      ...superAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Activa o desactiva un módulo para todos (salvo el super admin)',
        security,
        params: idParamsSchema,
        body: moduleToggleSchema,
        response: { 200: moduleResponseSchema, ...withErrors },
      },
    },
    async (request) => ({
      data: await modules.updateModule(request.params.id, { is_active: request.body.is_active }),
    }),
  );

  app.get(
    '/admin/modules/:id/permissions',
    {
      ...adminReader,
      schema: {
        tags: ['admin'],
        summary: 'Los permisos de un módulo y los roles que los tienen',
        security,
        params: idParamsSchema,
        response: { 200: modulePermissionsResponseSchema, ...withErrors },
      },
    },
    async (request) => ({ data: await modules.modulePermissions(request.params.id) }),
  );
};
