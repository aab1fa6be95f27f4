import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { roleListResponseSchema } from '../../../contract/roles.schema';
import {
  availableModulesResponseSchema,
  moduleAccessResponseSchema,
  moduleCreateSchema,
  moduleListResponseSchema,
  moduleMessages,
  modulePermissionParamsSchema,
  modulePermissionResponseSchema,
  modulePermissionsResponseSchema,
  moduleResponseSchema,
  moduleToggleSchema,
  moduleUpdateSchema,
  permissionListResponseSchema,
} from '../../../contract/modules.schema';
import { idParamsSchema } from '../../../contract/common.schema';
import {
  roleConfigurationQuerySchema,
  roleConfigurationResponseSchema,
  rolePermissionsRequestSchema,
} from '../../../contract/roles.schema';
import { SETTINGS_MANAGE } from '../../../contract/users.schema';
import { requestedClubId } from '../../auth/club-permissions';
import { currentUserOf } from '../../auth/require-user';
import { AppError } from '../../lib/app-error';
import type { ModulesService } from './modules.service';

const security = [{ bearerAuth: [] }];
const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
const withErrors = { 400: apiErrorSchema, 404: apiErrorSchema, ...refusals };

/**
 * Modules and permissions (issue #4). Modules and their toggles are platform-wide, so
 * changing them is for a super admin only. Role permissions are per club: whoever holds
 * settings.manage in a club configures that club's roles (overriding the platform
 * defaults module by module); a super admin also configures the defaults. Everything a
 * user is computed for applies to the club they work in: the `X-Club-Id` header when they
 * may work there, else their current club.
 */
export const modulesRoutes: FastifyPluginAsyncZod<{
  modules: ModulesService;
  requireUser: preHandlerAsyncHookHandler;
}> = async (app, { modules, requireUser }) => {
  const signedIn = { onRequest: requireUser };

  const userFor = (request: FastifyRequest) =>
    modules.loadUser(currentUserOf(request).id, requestedClubId(request));

  /** Super admin, or settings.manage in the club they work in. */
  async function requireAdminReader(request: FastifyRequest) {
    if (currentUserOf(request).isSuperAdmin) return;
    const loaded = await userFor(request);
    if (!loaded.permissions.includes(SETTINGS_MANAGE)) {
      throw new AppError(403, moduleMessages.notAdmin);
    }
  }
  /**
   * Super admin, or settings.manage in some club: enough to reach the role configuration
   * before the body is read; the service then checks the club the request is about.
   */
  async function requireRoleAdmin(request: FastifyRequest) {
    if (!(await modules.managesSomeClub(currentUserOf(request)))) {
      throw new AppError(403, moduleMessages.notAdmin);
    }
  }
  async function requireSuperAdmin(request: FastifyRequest) {
    if (currentUserOf(request).isSuperAdmin) return;
    await requireAdminReader(request);
    throw new AppError(403, moduleMessages.superAdminOnly);
  }
  const adminReader = { onRequest: [requireUser, requireAdminReader] };
  const superAdmin = { onRequest: [requireUser, requireSuperAdmin] };
  const roleAdmin = { onRequest: [requireUser, requireRoleAdmin] };

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
    async () => ({ data: await modules.listRoles() }),
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
      data: await modules.setRolePermissions(
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
      data: await modules.roleConfigurationFor(currentUserOf(request), request.params.id, {
        clubId: request.query.scope === 'platform' ? null : request.query.club_id,
        headerClubId: requestedClubId(request),
      }),
    }),
  );
};
