import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  ModuleSave,
  Role,
  RoleChoice,
  RoleConfiguration,
  RoleScope,
} from '../../contract/roles.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';
import {
  canChange,
  changedModules,
  grantsOf,
  visibleRoles,
  withPermission,
  withSavedModule,
  type Grants,
} from './roles-permissions.draft';

export type {
  ConfiguredModule,
  ModuleSave,
  RoleChoice,
  RoleConfiguration,
  RoleScope,
} from '../../contract/roles.schema';
export type { Grants } from './roles-permissions.draft';

export interface RolePermissionsInput {
  isSuperAdmin: boolean;
  /** The selected club's id, 0 when none (a super admin may have none: platform defaults then). */
  clubId: number;
}

export interface RolePermissionsContext extends RolePermissionsInput {
  /** The roles in the picker (Super Admin hidden from everyone else). */
  roles: Role[];
  roleId: number | null;
  scope: RoleScope;
  /** The role's configuration as the server last answered it. */
  configuration: RoleConfiguration | null;
  /** The matrix as the person ticked it. */
  draft: Grants;
  /** The modules still to save, one POST each, in order. */
  queue: number[];
  /** The role or scope asked for while the draft had changes: loaded once discarding is confirmed. */
  pending: RoleChoice | null;
  /** Why loading or the last save failed (the server's message). */
  failure: RequestFailure | null;
}

export type RolePermissionsEvent =
  | { type: 'roles.select'; roleId: number }
  | { type: 'roles.scope'; scope: RoleScope }
  | { type: 'permission.toggle'; moduleId: number; permissionId: number; granted: boolean }
  | { type: 'permissions.save' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'load.retry' };

/*
 * The transitions used in several states: plain data naming the actions and guards below,
 * which `setup` checks.
 */

/** A call failed: keep its message (the server's, in Spanish) for the screen. */
const failWith = {
  type: 'assignFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** From every editing state: ticking a box leads to 'clean' or 'dirty' depending on the result. */
const toggle = [
  { guard: 'togglesBackToSaved', target: 'clean', actions: ['assignToggle', 'clearFailure'] },
  { guard: 'canToggle', target: 'dirty', actions: 'assignToggle' },
] as const;
/** With nothing to lose: another role or scope loads at once. */
const switchAtOnce = {
  'roles.select': {
    guard: 'isOtherRole',
    target: '#rolesPermissions.loading',
    actions: 'assignChoice',
  },
  'roles.scope': {
    guard: 'isOtherScope',
    target: '#rolesPermissions.loading',
    actions: 'assignChoice',
  },
} as const;
/** With changes: ask first. */
const switchAfterAsking = {
  'roles.select': { guard: 'isOtherRole', target: 'confirmingDiscard', actions: 'assignPending' },
  'roles.scope': { guard: 'isOtherScope', target: 'confirmingDiscard', actions: 'assignPending' },
} as const;

/** The matrix on screen: as saved, changed, asking to discard, just saved, or refused. */
const editingState = {
  initial: 'clean',
  states: {
    clean: {
      description: 'As saved: nothing to save.',
      on: { 'permission.toggle': toggle, ...switchAtOnce },
    },
    dirty: {
      description: 'Changes to save; leaving asks first.',
      on: {
        'permission.toggle': toggle,
        'permissions.save': { target: '#rolesPermissions.saving', actions: 'assignQueue' },
        ...switchAfterAsking,
      },
    },
    confirmingDiscard: {
      description: 'The dialog "Descartar cambios" for another role or scope.',
      on: {
        'discard.confirm': { target: '#rolesPermissions.loading', actions: 'applyPending' },
        'discard.cancel': { target: 'dirty', actions: 'clearPending' },
      },
    },
    saved: {
      description: 'Just saved (the toast told so): nothing to save.',
      on: { 'permission.toggle': toggle, ...switchAtOnce },
    },
    failed: {
      description: 'A save was refused: its message shows, the unsaved changes stay.',
      on: {
        'permission.toggle': toggle,
        'permissions.save': { target: '#rolesPermissions.saving', actions: 'assignQueue' },
        ...switchAfterAsking,
      },
    },
  },
} as const;

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
  id: 'rolesPermissions',
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
