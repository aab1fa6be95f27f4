import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Role } from '../../contract/roles.schema';
import { toRequestFailure } from '../lib/request-failure';
import {
  canChange,
  changedModules,
  grantsOf,
  visibleRoles,
  withPermission,
  withSavedModule,
  type ModuleSave,
  type RoleChoice,
  type RoleConfiguration,
  type RolePermissionsContext,
  type RolePermissionsEvent,
  type RolePermissionsInput,
} from './role-permissions.draft';
import { editingState, failWith, switchAtOnce } from './role-permissions.transitions';

export type {
  ConfiguredModule,
  Grants,
  ModuleSave,
  RoleChoice,
  RoleConfiguration,
  RolePermissionsContext,
  RolePermissionsEvent,
  RolePermissionsInput,
  RoleScope,
} from './role-permissions.draft';

/**
 * Gestión de Roles (issue #4): load the roles and one role's configuration (in the selected
 * club, or the platform defaults for the super admin), tick permissions, save the changed
 * modules one POST at a time, and ask before leaving changes unsaved.
 */
export const rolePermissionsMachine = setup({
  types: {
    context: {} as RolePermissionsContext,
    events: {} as RolePermissionsEvent,
    input: {} as RolePermissionsInput,
  },
  actors: {
    loadRoles: fromPromise<Role[]>(() => Promise.reject(new Error('loadRoles is not provided'))),
    loadConfiguration: fromPromise<RoleConfiguration, RoleChoice>(() =>
      Promise.reject(new Error('loadConfiguration is not provided')),
    ),
    saveModule: fromPromise<RoleConfiguration, ModuleSave>(() =>
      Promise.reject(new Error('saveModule is not provided')),
    ),
  },
  actions: {
    /** Effect: the toast 'Permisos de {rol} guardados' (provided by the screen). */
    notifySaved: (_, _params: { roleName: string }) => {},

    assignRoles: assign(({ context }, { roles }: { roles: Role[] }) => {
      const visible = visibleRoles(roles, context.isSuperAdmin);
      return { roles: visible, roleId: visible[0]?.id ?? null };
    }),
    assignConfiguration: assign((_, { configuration }: { configuration: RoleConfiguration }) => ({
      configuration,
      draft: grantsOf(configuration),
      failure: null,
    })),
    assignChoice: assign(({ context, event }) => ({
      roleId: event.type === 'roles.select' ? event.roleId : context.roleId,
      scope: event.type === 'roles.scope' ? event.scope : context.scope,
    })),
    assignPending: assign(({ context, event }) => ({
      pending: {
        roleId: event.type === 'roles.select' ? event.roleId : (context.roleId ?? 0),
        scope: event.type === 'roles.scope' ? event.scope : context.scope,
      },
    })),
    applyPending: assign(({ context }) => ({
      roleId: context.pending?.roleId ?? context.roleId,
      scope: context.pending?.scope ?? context.scope,
      pending: null,
    })),
    clearPending: assign({ pending: null }),
    assignToggle: assign(({ context, event }) => {
      assertEvent(event, 'permission.toggle');
      return {
        draft: withPermission(context.draft, event.moduleId, event.permissionId, event.granted),
      };
    }),
    assignQueue: assign(({ context }) => ({
      queue: context.configuration ? changedModules(context.configuration, context.draft) : [],
      failure: null,
    })),
    /** One module saved: the server's answer is the new configuration; the rest of the draft stays. */
    assignModuleSaved: assign(({ context }, { saved }: { saved: RoleConfiguration }) => {
      const [moduleId, ...queue] = context.queue;
      return {
        configuration: saved,
        draft:
          moduleId === undefined ? context.draft : withSavedModule(context.draft, saved, moduleId),
        queue,
      };
    }),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
      queue: [],
    })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasRole: ({ context }) => context.roleId !== null,
    hasRoles: ({ context }) => context.roles.length > 0,
    isOtherRole: ({ context, event }) =>
      event.type === 'roles.select' &&
      event.roleId !== context.roleId &&
      context.roles.some(({ id }) => id === event.roleId),
    isOtherScope: ({ context, event }) =>
      event.type === 'roles.scope' &&
      context.isSuperAdmin &&
      context.roleId !== null &&
      event.scope !== context.scope &&
      (event.scope === 'platform' || context.clubId > 0),
    canToggle: ({ context, event }) =>
      event.type === 'permission.toggle' &&
      canChange(context.configuration, event.moduleId, event.permissionId),
    togglesBackToSaved: ({ context, event }) =>
      event.type === 'permission.toggle' &&
      canChange(context.configuration, event.moduleId, event.permissionId) &&
      changedModules(
        context.configuration!,
        withPermission(context.draft, event.moduleId, event.permissionId, event.granted),
      ).length === 0,
    moreToSave: ({ context }) => context.queue.length > 1,
    someRoleVisible: ({ context }, { roles }: { roles: Role[] }) =>
      visibleRoles(roles, context.isSuperAdmin).length > 0,
  },
}).createMachine({
  id: 'rolePermissions',
  description: 'Gestión de Roles: one role’s permissions per module, edited and saved.',
  context: ({ input }) => ({
    ...input,
    roles: [],
    roleId: null,
    // Without a club, only the platform defaults can be shown (super admin).
    scope: input.clubId > 0 ? 'club' : 'platform',
    configuration: null,
    draft: {},
    queue: [],
    pending: null,
    failure: null,
  }),
  initial: 'loadingRoles',
  states: {
    loadingRoles: {
      tags: ['loading'],
      invoke: {
        id: 'loadRoles',
        src: 'loadRoles',
        onDone: [
          {
            guard: {
              type: 'someRoleVisible',
              params: ({ event }) => ({ roles: event.output }),
            },
            target: 'loading',
            actions: { type: 'assignRoles', params: ({ event }) => ({ roles: event.output }) },
          },
          {
            target: 'loadFailed',
            actions: [
              { type: 'assignRoles', params: ({ event }) => ({ roles: event.output }) },
              {
                type: 'assignFailure',
                params: () => ({
                  error: { message: 'No hay roles para configurar', status: null, fieldErrors: {} },
                }),
              },
            ],
          },
        ],
        onError: { target: 'loadFailed', actions: failWith },
      },
    },
    loading: {
      tags: ['loading'],
      description: 'Loads the chosen role’s configuration in the chosen scope.',
      invoke: {
        id: 'loadConfiguration',
        src: 'loadConfiguration',
        input: ({ context }) => ({ roleId: context.roleId ?? 0, scope: context.scope }),
        onDone: {
          target: 'editing',
          actions: {
            type: 'assignConfiguration',
            params: ({ event }) => ({ configuration: event.output }),
          },
        },
        onError: { target: 'loadFailed', actions: failWith },
      },
    },
    loadFailed: {
      description: 'An Alert with the reason and Reintentar.',
      on: {
        'load.retry': [
          { guard: 'hasRoles', target: 'loading', actions: 'clearFailure' },
          { target: 'loadingRoles', actions: 'clearFailure' },
        ],
        ...switchAtOnce,
      },
    },
    editing: editingState,
    saving: {
      tags: ['loading'],
      description: 'One POST per changed module, in order; the first refusal stops the rest.',
      invoke: {
        id: 'saveModule',
        src: 'saveModule',
        input: ({ context }) => ({
          roleId: context.roleId ?? 0,
          clubId: context.configuration?.club_id ?? null,
          moduleId: context.queue[0] ?? 0,
          permissionIds: [...(context.draft[context.queue[0] ?? 0] ?? [])],
        }),
        onDone: [
          {
            guard: 'moreToSave',
            target: 'saving',
            reenter: true,
            actions: {
              type: 'assignModuleSaved',
              params: ({ event }) => ({ saved: event.output }),
            },
          },
          {
            target: 'editing.saved',
            actions: [
              { type: 'assignModuleSaved', params: ({ event }) => ({ saved: event.output }) },
              {
                type: 'notifySaved',
                params: ({ event }) => ({ roleName: event.output.role.name }),
              },
            ],
          },
        ],
        onError: { target: 'editing.failed', actions: failWith },
      },
    },
  },
});
