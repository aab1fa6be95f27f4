import { afterAll, describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyMachineSnapshot,
  type NonReducibleUnknown,
} from 'xstate';
import type { Role } from '../../contract/roles.schema';
import {
  rolePermissionsMachine,
  type ModuleSave,
  type RoleChoice,
  type RoleConfiguration,
  type RolePermissionsEvent,
  type RolePermissionsInput,
} from '../../src/machines/roles-permissions.machine';
import * as rp from '../../src/machines/roles-permissions.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const superAdminRole: Role = { id: 1, name: 'Super Admin', priority: 100 };
const ownerRole: Role = { id: 2, name: 'Propietario del Club', priority: 80 };
const trainerRole: Role = { id: 3, name: 'Entrenador', priority: 60 };
const ROLES = [superAdminRole, ownerRole, trainerRole];

/** Club, players and sessions, four permissions each (ids: module id × 10 + 1…4). */
const MODULES = [
  { id: 1, slug: 'club', name: 'Club' },
  { id: 2, slug: 'players', name: 'Jugadores' },
  { id: 5, slug: 'sessions', name: 'Entrenamientos' },
] as const;
const ACTIONS = ['view', 'create', 'update', 'delete'] as const;
const permissionId = (moduleId: number, action: (typeof ACTIONS)[number]) =>
  moduleId * 10 + ACTIONS.indexOf(action) + 1;

const OWN_ROLE_REASON = 'No puedes cambiar los permisos del rol Propietario del Club';

/**
 * What the fake server answers for a role in a scope, with `grants` (permission ids) held.
 * The trainer may not hold club permissions; the owner's own role is read-only to them.
 */
function configurationOf(
  role: Role,
  scope: RoleChoice['scope'],
  grants: readonly number[],
): RoleConfiguration {
  const editable = role.id === trainerRole.id;
  return {
    role,
    club_id: scope === 'platform' ? null : 7,
    editable,
    read_only_reason: editable ? null : OWN_ROLE_REASON,
    allowed_modules: ['players', 'sessions'],
    modules: MODULES.map((module, index) => ({
      ...module,
      icon: null,
      category: 'management' as const,
      route_prefix: null,
      order_index: index,
      is_active: true,
      compatible: module.slug !== 'club',
      customised: scope === 'club' && module.slug === 'players',
      permissions: ACTIONS.map((action) => {
        const id = permissionId(module.id, action);
        return {
          id,
          name: `${module.slug}.${action}`,
          module_id: module.id,
          action,
          granted: grants.includes(id),
        };
      }),
    })),
  };
}

/** The trainer starts with players.view and sessions.view. */
const STARTING_GRANTS = [permissionId(2, 'view'), permissionId(5, 'view')];

type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.${string}`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = RolePermissionsEvent | ActorEvent;

const refusal = {
  status: 422,
  message: 'El rol Entrenador no puede tener permisos',
  fieldErrors: {},
};
const offline = { status: null, message: 'No se pudo conectar con el servidor', fieldErrors: {} };

/** What the server answers to the call running in this state: each one both ways. */
function actorEventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const { context } = snapshot;
  return Object.keys(snapshot.children).flatMap((id): ModelEvent[] => {
    const error = {
      type: `xstate.error.actor.${id}` as const,
      error: id === 'saveModule' ? refusal : offline,
    };
    if (id === 'loadRoles') {
      return [
        { type: 'xstate.done.actor.loadRoles', output: ROLES },
        // Only the Super Admin role: nothing someone else may configure.
        { type: 'xstate.done.actor.loadRoles', output: [superAdminRole] },
        error,
      ];
    }
    const role = ROLES.find(({ id: roleId }) => roleId === context.roleId)!;
    if (id === 'loadConfiguration') {
      return [
        {
          type: 'xstate.done.actor.loadConfiguration',
          output: configurationOf(role, context.scope, STARTING_GRANTS),
        },
        error,
      ];
    }
    // The server saves the module as asked and answers the whole configuration.
    const moduleId: number = context.queue[0];
    const saved = (context.configuration as RoleConfiguration).modules.flatMap((module) =>
      module.id === moduleId
        ? [...(context.draft[moduleId] ?? [])]
        : module.permissions.filter((p) => p.granted).map((p) => p.id),
    );
    return [
      { type: 'xstate.done.actor.saveModule', output: configurationOf(role, context.scope, saved) },
      error,
    ];
  });
}

const toggle = (moduleId: number, action: (typeof ACTIONS)[number], granted: boolean) =>
  ({
    type: 'permission.toggle',
    moduleId,
    permissionId: permissionId(moduleId, action),
    granted,
  }) as const;

/**
 * A club owner: pick roles, tick and untick two modules (and an incompatible one, which
 * nothing changes), save (one POST per module), confirm or cancel leaving changes.
 */
function ownerEventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  return [
    { type: 'roles.select', roleId: ownerRole.id },
    { type: 'roles.select', roleId: trainerRole.id },
    { type: 'roles.select', roleId: superAdminRole.id },
    { type: 'roles.scope', scope: 'platform' },
    toggle(2, 'create', true),
    toggle(2, 'create', false),
    toggle(5, 'view', false),
    toggle(5, 'view', true),
    toggle(1, 'view', true),
    { type: 'permissions.save' },
    { type: 'discard.confirm' },
    { type: 'discard.cancel' },
    { type: 'load.retry' },
    ...actorEventsIn(snapshot),
  ];
}

/** The super admin: the same with the scopes, one module ticked (the product stays small). */
function superAdminEventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  return [
    { type: 'roles.select', roleId: trainerRole.id },
    { type: 'roles.select', roleId: superAdminRole.id },
    { type: 'roles.scope', scope: 'platform' },
    { type: 'roles.scope', scope: 'club' },
    toggle(2, 'create', true),
    toggle(2, 'create', false),
    { type: 'permissions.save' },
    { type: 'discard.confirm' },
    { type: 'discard.cancel' },
    { type: 'load.retry' },
    ...actorEventsIn(snapshot),
  ];
}

/** The screen's effects and the calls in flight: one fake per actor and per effect. */
class FakeScreen {
  toasts: string[] = [];
  readonly saves: ModuleSave[] = [];
  readonly loads: RoleChoice[] = [];
  private calls = new Map<string, Deferred<unknown>>();

  private call = <T, I>(record?: (input: I) => void) =>
    fromPromise<T, I>(({ input, self }) => {
      const call = deferred<unknown>();
      this.calls.set(self.id, call);
      record?.(input);
      return call.promise as Promise<T>;
    });

  logic() {
    return rolePermissionsMachine.provide({
      actors: {
        loadRoles: this.call<Role[], NonReducibleUnknown>(),
        loadConfiguration: this.call<RoleConfiguration, RoleChoice>((input) =>
          this.loads.push(input),
        ),
        saveModule: this.call<RoleConfiguration, ModuleSave>((input) => this.saves.push(input)),
      },
      actions: {
        notifySaved: (_, { roleName }) =>
          void this.toasts.push(`Permisos de ${roleName} guardados`),
      },
    });
  }

  settleCall(event: ModelEvent): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const call = this.calls.get(match[2]!);
    if (!call) throw new Error(`No call in flight for ${event.type}`);
    this.calls.delete(match[2]!);
    const { output, error } = event as ActorEvent;
    if (match[1] === 'done') call.resolve(output);
    else call.reject(error);
    return true;
  }
}

const grantedIn = (configuration: RoleConfiguration) =>
  Object.fromEntries(
    configuration.modules.map((m) => [
      m.id,
      m.permissions.filter((p) => p.granted).map((p) => p.id),
    ]),
  );
const differs = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify(snapshot.context.draft) !==
  JSON.stringify(grantedIn(snapshot.context.configuration));

/** What each state means on the screen. */
function checkState(snapshot: AnyMachineSnapshot) {
  const s = snapshot as never;
  const { context } = snapshot;
  expect(snapshot.hasTag('loading')).toBe(
    ['loadingRoles', 'loading', 'saving'].some((state) => snapshot.matches(state)),
  );
  // Super Admin is never offered to someone else.
  if (!context.isSuperAdmin) expect(rp.selectRoles(s)).not.toContainEqual(superAdminRole);
  if (snapshot.matches('loadingRoles') || snapshot.matches('loading')) {
    expect(rp.selectView(s)).toBe('loading');
    expect(rp.selectCanSave(s)).toBe(false);
    expect(rp.selectCanSwitch(s)).toBe(false);
  }
  if (snapshot.matches('loading')) {
    expect(context.roles.map(({ id }: Role) => id)).toContain(context.roleId);
  }
  if (snapshot.matches('loadFailed')) {
    expect(rp.selectView(s)).toBe('loadFailed');
    expect(rp.selectFailure(s)?.message).toMatch(/No se pudo conectar|No hay roles/);
    expect(rp.selectCanSwitch(s)).toBe(true);
  }
  if (snapshot.matches('editing') || snapshot.matches('saving')) {
    expect(rp.selectView(s)).toBe('matrix');
    expect(context.configuration.role.id).toBe(context.roleId);
    expect(context.configuration.club_id).toBe(context.scope === 'platform' ? null : 7);
  }
  // Leaving the page asks exactly while the matrix differs from what the server holds.
  const shown = snapshot.matches('editing') || snapshot.matches('saving');
  expect(rp.selectHasUnsavedChanges(s)).toBe(shown && differs(snapshot));
  const clean = ['clean', 'saved'].some((state) => snapshot.matches({ editing: state }));
  if (clean) {
    expect(differs(snapshot)).toBe(false);
    expect(rp.selectCanSave(s)).toBe(false);
    expect(rp.selectCanEdit(s)).toBe(context.configuration.editable);
    expect(rp.selectFailure(s)).toBeNull();
    expect(rp.selectCanSwitch(s)).toBe(true);
  }
  if (snapshot.matches({ editing: 'dirty' }) || snapshot.matches({ editing: 'failed' })) {
    expect(differs(snapshot)).toBe(true);
    expect(rp.selectCanSave(s)).toBe(true);
    expect(rp.selectCanEdit(s)).toBe(true);
    expect(rp.selectFailure(s) === null).toBe(snapshot.matches({ editing: 'dirty' }));
  }
  if (snapshot.matches({ editing: 'failed' })) {
    expect(rp.selectFailure(s)?.message).toBe(refusal.message);
  }
  if (snapshot.matches({ editing: 'confirmingDiscard' })) {
    expect(rp.selectIsConfirmingDiscard(s)).toBe(true);
    expect(context.pending).not.toBeNull();
    expect(differs(snapshot)).toBe(true);
    expect(rp.selectCanEdit(s)).toBe(false);
    expect(rp.selectCanSave(s)).toBe(false);
    expect(rp.selectCanSwitch(s)).toBe(false);
  } else {
    expect(rp.selectIsConfirmingDiscard(s)).toBe(false);
  }
  if (snapshot.matches('saving')) {
    expect(rp.selectIsSaving(s)).toBe(true);
    expect(context.queue.length).toBeGreaterThan(0);
    expect(rp.selectCanEdit(s)).toBe(false);
    expect(rp.selectCanSave(s)).toBe(false);
  } else {
    expect(rp.selectIsSaving(s)).toBe(false);
  }
}

/** What each step must have done beyond the states' meaning. */
function checkStep(
  before: AnyMachineSnapshot,
  event: ModelEvent,
  after: AnyMachineSnapshot,
  screen: FakeScreen,
  toastsBefore: number,
) {
  const savedAll =
    event.type === 'xstate.done.actor.saveModule' && after.matches({ editing: 'saved' });
  expect(screen.toasts.length - toastsBefore).toBe(savedAll ? 1 : 0);
  if (savedAll)
    expect(screen.toasts.at(-1)).toBe(
      `Permisos de ${after.context.configuration.role.name} guardados`,
    );
  if (event.type === 'permissions.save' && after.matches('saving')) {
    // One POST per changed module, the first one now, with the ticked permissions.
    const save = screen.saves.at(-1)!;
    expect(save).toEqual({
      roleId: before.context.roleId,
      clubId: before.context.configuration.club_id,
      moduleId: after.context.queue[0],
      permissionIds: [...before.context.draft[after.context.queue[0]]],
    });
  }
  if (event.type === 'xstate.error.actor.saveModule') {
    // The changes that were not saved stay ticked.
    expect(after.context.draft).toEqual(before.context.draft);
  }
  if (event.type === 'discard.confirm') {
    expect(screen.loads.at(-1)).toEqual(before.context.pending);
  }
  if (
    event.type === 'permission.toggle' &&
    (!before.matches('editing') ||
      before.matches({ editing: 'confirmingDiscard' }) ||
      event.moduleId === 1 ||
      !before.context.configuration.editable)
  ) {
    // Read-only, incompatible, or not the time: nothing changes.
    expect(after.context.draft).toEqual(before.context.draft);
  }
}

async function walk(path: ModelPath, input: RolePermissionsInput, coverage: Coverage) {
  const screen = new FakeScreen();
  const actor = createActor(screen.logic(), { input, inspect: coverage.inspect });
  for (const step of path.steps) {
    const before = actor.getSnapshot();
    const toastsBefore = screen.toasts.length;
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.init') actor.start();
    else if (!screen.settleCall(event)) actor.send(event as RolePermissionsEvent);
    await settle();
    const after = actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    expect(after.context).toEqual(step.state.context);
    checkState(after);
    if (event.type !== 'xstate.init') checkStep(before, event, after, screen, toastsBefore);
  }
  actor.stop();
}

const coverage = new Coverage(rolePermissionsMachine);
const models: Array<{ input: RolePermissionsInput; events: typeof ownerEventsIn }> = [
  { input: { isSuperAdmin: false, clubId: 7 }, events: ownerEventsIn },
  { input: { isSuperAdmin: true, clubId: 7 }, events: superAdminEventsIn },
  { input: { isSuperAdmin: true, clubId: 0 }, events: superAdminEventsIn },
];
let walked = 0;

describe('role permissions machine, every path of the model', () => {
  for (const { input, events } of models) {
    const paths = planPaths(rolePermissionsMachine, { input, events });
    describe(`for ${input.isSuperAdmin ? 'the super admin' : 'a club owner'} ${input.clubId ? 'in a club' : 'without a club'}`, () => {
      for (const path of paths) {
        it(describePath(path) || '(start)', async () => {
          await walk(path, input, coverage);
          walked++;
        });
      }
    });
  }
});

describe('role permissions machine, saving', () => {
  async function trainerEditor() {
    const screen = new FakeScreen();
    const actor = createActor(screen.logic(), {
      input: { isSuperAdmin: false, clubId: 7 },
    }).start();
    screen.settleCall({ type: 'xstate.done.actor.loadRoles', output: ROLES });
    await settle();
    screen.settleCall({
      type: 'xstate.done.actor.loadConfiguration',
      output: configurationOf(ownerRole, 'club', []),
    });
    await settle();
    actor.send({ type: 'roles.select', roleId: trainerRole.id });
    await settle();
    screen.settleCall({
      type: 'xstate.done.actor.loadConfiguration',
      output: configurationOf(trainerRole, 'club', STARTING_GRANTS),
    });
    await settle();
    return { screen, actor };
  }

  it('starts on the first role the person may configure', async () => {
    const screen = new FakeScreen();
    const actor = createActor(screen.logic(), {
      input: { isSuperAdmin: false, clubId: 7 },
    }).start();
    screen.settleCall({ type: 'xstate.done.actor.loadRoles', output: ROLES });
    await settle();
    expect(rp.selectRoles(actor.getSnapshot())).toEqual([ownerRole, trainerRole]);
    expect(screen.loads).toEqual([{ roleId: ownerRole.id, scope: 'club' }]);
    actor.stop();
  });

  it('saves the changed modules one after the other, and tells once', async () => {
    const { screen, actor } = await trainerEditor();
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true);
    actor.send({ type: 'permission.toggle', moduleId: 2, permissionId: 22, granted: true });
    actor.send({ type: 'permission.toggle', moduleId: 5, permissionId: 51, granted: false });
    actor.send({ type: 'permissions.save' });
    await settle();
    expect(screen.saves).toEqual([{ roleId: 3, clubId: 7, moduleId: 2, permissionIds: [21, 22] }]);
    screen.settleCall({
      type: 'xstate.done.actor.saveModule',
      output: configurationOf(trainerRole, 'club', [21, 22, 51]),
    });
    await settle();
    expect(screen.saves.at(-1)).toEqual({ roleId: 3, clubId: 7, moduleId: 5, permissionIds: [] });
    expect(screen.toasts).toEqual([]);
    screen.settleCall({
      type: 'xstate.done.actor.saveModule',
      output: configurationOf(trainerRole, 'club', [21, 22]),
    });
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'saved' })).toBe(true);
    expect(screen.toasts).toEqual(['Permisos de Entrenador guardados']);
    actor.stop();
  });

  it('stops at the first refusal, keeps what was saved and shows the server’s message', async () => {
    const { screen, actor } = await trainerEditor();
    actor.send({ type: 'permission.toggle', moduleId: 2, permissionId: 22, granted: true });
    actor.send({ type: 'permission.toggle', moduleId: 5, permissionId: 51, granted: false });
    actor.send({ type: 'permissions.save' });
    await settle();
    screen.settleCall({
      type: 'xstate.done.actor.saveModule',
      output: configurationOf(trainerRole, 'club', [21, 22, 51]),
    });
    await settle();
    screen.settleCall({ type: 'xstate.error.actor.saveModule', error: refusal });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: 'failed' })).toBe(true);
    expect(rp.selectFailure(snapshot)?.message).toBe(refusal.message);
    // Players is saved; only sessions is left to save.
    actor.send({ type: 'permissions.save' });
    await settle();
    expect(screen.saves).toHaveLength(3);
    expect(screen.saves.at(-1)).toMatchObject({ moduleId: 5, permissionIds: [] });
    actor.stop();
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report(
    'role permissions machine',
  );
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
