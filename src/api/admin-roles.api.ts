import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { roleListResponseSchema, type Role } from '../../contract/member.schema';
import {
  moduleListResponseSchema,
  moduleResponseSchema,
  moduleToggleSchema,
  roleConfigurationResponseSchema,
  rolePermissionsRequestSchema,
  type Module,
} from '../../contract/modules.schema';
import type {
  ModuleSave,
  RoleChoice,
  RoleConfiguration,
} from '../machines/role-permissions.machine';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * Gestión de Roles (issue #4): the roles, one role's configuration per club (or the platform
 * defaults), the per-module saves and the module switches. Requests are parsed with the
 * contract before they leave and answers after they come back; every failure is a
 * RequestError. The club is the selected one (the X-Club-Id header) unless given.
 */

/** `GET /api/admin/roles`. */
export const listRoles = (): Promise<Role[]> =>
  describeFailures(async () => roleListResponseSchema.parse(await authClient('/admin/roles')).data);

/**
 * `GET /api/admin/roles/{id}/configuration`: in `clubId` (0: the selected club) or, with
 * the platform scope, the defaults every club starts from.
 */
export const getRoleConfiguration = (
  { roleId, scope }: RoleChoice,
  clubId: number,
): Promise<RoleConfiguration> =>
  describeFailures(async () => {
    const query =
      scope === 'platform' ? { scope: 'platform' } : clubId > 0 ? { club_id: clubId } : {};
    const answer = await authClient(`/admin/roles/${roleId}/configuration`, { query });
    return roleConfigurationResponseSchema.parse(answer).data;
  });

/** `POST /api/admin/roles/permissions`: the role's permissions in one module become these. */
export const saveRoleModule = ({
  roleId,
  clubId,
  moduleId,
  permissionIds,
}: ModuleSave): Promise<RoleConfiguration> =>
  describeFailures(async () => {
    const body = rolePermissionsRequestSchema.parse({
      club_id: clubId,
      role_id: roleId,
      module_id: moduleId,
      permission_ids: permissionIds,
    });
    const answer = await authClient('/admin/roles/permissions', { method: 'POST', body });
    return roleConfigurationResponseSchema.parse(answer).data;
  });

/** `GET /api/admin/modules`: the nine modules and whether each is active (platform-wide). */
export const listAdminModules = (): Promise<Module[]> =>
  describeFailures(
    async () => moduleListResponseSchema.parse(await authClient('/admin/modules')).data,
  );

/** `PUT /api/admin/modules/{id}/toggle`: on or off for every club (super admin only). */
export const toggleModule = (id: number, isActive: boolean): Promise<Module> =>
  describeFailures(async () => {
    const body = moduleToggleSchema.parse({ is_active: isActive });
    return moduleResponseSchema.parse(
      await authClient(`/admin/modules/${id}/toggle`, { method: 'PUT', body }),
    ).data;
  });

/** The roles the selected club may configure. */
export const rolesQueryKey = (clubId: number) => clubKey(clubId, 'admin-roles');

/** One role's configuration: under its club's scope, or the platform's. */
export const roleConfigurationKey = ({ roleId, scope }: RoleChoice, clubId: number) =>
  scope === 'platform'
    ? (['platform', 'role-configuration', roleId] as const)
    : clubKey(clubId, 'role-configuration', roleId);

/** The modules are the platform's, the same for every club. */
export const adminModulesQueryKey = ['platform', 'admin-modules'] as const;

/**
 * The calls the role-permissions machine makes, through the query cache: a role shown
 * again comes from the cache while it is refetched, a saved answer replaces the cached one.
 */
export function roleAdminCalls(queryClient: QueryClient, clubId: number) {
  return {
    loadRoles: () =>
      queryClient.fetchQuery({ queryKey: rolesQueryKey(clubId), queryFn: listRoles }),
    loadConfiguration: (choice: RoleChoice) =>
      queryClient.fetchQuery({
        queryKey: roleConfigurationKey(choice, clubId),
        queryFn: () => getRoleConfiguration(choice, clubId),
      }),
    saveModule: async (save: ModuleSave) => {
      const saved = await saveRoleModule(save);
      const scope = saved.club_id === null ? 'platform' : 'club';
      queryClient.setQueryData(roleConfigurationKey({ roleId: save.roleId, scope }, clubId), saved);
      return saved;
    },
  };
}

export const useAdminModules = () =>
  useQuery({ queryKey: adminModulesQueryKey, queryFn: listAdminModules });

/**
 * A module switched on or off, with what shows it refreshed: the modules list at once with
 * the server's answer (the switches and the matrix's 'Inactivo' chips read it) and then read
 * again, and every cached role configuration (each one says whether its modules are active),
 * so the next one loaded comes from the server.
 */
export function useToggleModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => toggleModule(id, isActive),
    onSuccess: (module) => {
      queryClient.setQueryData<Module[]>(adminModulesQueryKey, (modules) =>
        modules?.map((item) => (item.id === module.id ? module : item)),
      );
      void queryClient.invalidateQueries({ queryKey: adminModulesQueryKey });
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey.includes('role-configuration'),
      });
    },
  });
}
