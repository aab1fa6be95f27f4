import { fromPromise } from 'xstate';
import type { ModuleSave, Role, RoleChoice, RoleConfiguration } from '../../contract/roles.schema';
import type { rolePermissionsMachine } from './roles-permissions.machine';

/**
 * The calls Gestión de Roles makes, described here (machines may not import src/api);
 * `roleAdminCalls` of src/api/roles.api.ts satisfies it (through the query cache), tests
 * fake it at the fetch level or here.
 */
export interface RolePermissionsApi {
  loadRoles(): Promise<Role[]>;
  loadConfiguration(choice: RoleChoice): Promise<RoleConfiguration>;
  saveModule(save: ModuleSave): Promise<RoleConfiguration>;
}

type RolePermissionsImplementations = Parameters<typeof rolePermissionsMachine.provide>[0];

/** The roles-permissions machine's actors on top of the API. */
export function createRolePermissionsActors(api: RolePermissionsApi) {
  return {
    loadRoles: fromPromise<Role[]>(() => api.loadRoles()),
    loadConfiguration: fromPromise<RoleConfiguration, RoleChoice>(({ input }) =>
      api.loadConfiguration(input),
    ),
    saveModule: fromPromise<RoleConfiguration, ModuleSave>(({ input }) => api.saveModule(input)),
  } satisfies RolePermissionsImplementations['actors'];
}

/** The toast after a role was saved. */
export const savedMessage = (roleName: string) => `Permisos de ${roleName} guardados`;

/** What the screen's actions act on: the toasts and the signed-in session. */
export interface RolePermissionsEffectDeps {
  toast: (message: string) => void;
  /** Reloads the signed-in user (`auth.refreshUser`). */
  refreshUser: () => void;
}

/** The roles-permissions machine's effect actions. */
export function createRolePermissionsActions(deps: RolePermissionsEffectDeps) {
  return {
    // The person's own permissions may come from the role just changed: reload the session.
    notifySaved: (_: unknown, { roleName }: { roleName: string }) => {
      deps.toast(savedMessage(roleName));
      deps.refreshUser();
    },
  } satisfies RolePermissionsImplementations['actions'];
}
