import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  roleConfigurationResponseSchema,
  roleListResponseSchema,
  rolePermissionsRequestSchema,
  type ModuleSave,
  type Role,
  type RoleChoice,
  type RoleConfiguration,
} from '../../contract/roles.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * Roles (issue #4): the six roles, one role's configuration per club (or the platform
 * defaults) and the per-module saves of Gestión de Roles. Requests are parsed with the
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

/** The roles are the platform's, the same for every club: one key for every screen. */
export const rolesQueryKey = ['platform', 'roles'] as const;

/** One role's configuration: under its club's scope, or the platform's. */
export const roleConfigurationKey = ({ roleId, scope }: RoleChoice, clubId: number) =>
  scope === 'platform'
    ? (['platform', 'role-configuration', roleId] as const)
    : clubKey(clubId, 'role-configuration', roleId);

/**
 * The calls the roles-permissions machine makes, through the query cache: a role shown
 * again comes from the cache while it is refetched, a saved answer replaces the cached one.
 */
export function roleAdminCalls(queryClient: QueryClient, clubId: number) {
  return {
    loadRoles: () => queryClient.fetchQuery({ queryKey: rolesQueryKey, queryFn: listRoles }),
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

/** The roles a club assigns: every role but Super Admin, highest priority first. */
export const useAssignableRoles = () =>
  useQuery({
    queryKey: rolesQueryKey,
    queryFn: listRoles,
    select: (roles: Role[]) =>
      roles.filter(({ name }) => name !== 'Super Admin').sort((a, b) => b.priority - a.priority),
  });
