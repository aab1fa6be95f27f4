/*
 * The transitions the role-permissions machine (role-permissions.machine.ts) uses in several
 * states. Plain data naming the machine's actions and guards; `setup` checks them there.
 */

/** A call failed: keep its message (the server's, in Spanish) for the screen. */
export const failWith = {
  type: 'assignFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** From every editing state: ticking a box leads to 'clean' or 'dirty' depending on the result. */
export const toggle = [
  { guard: 'togglesBackToSaved', target: 'clean', actions: ['assignToggle', 'clearFailure'] },
  { guard: 'canToggle', target: 'dirty', actions: 'assignToggle' },
] as const;
/** With nothing to lose: another role or scope loads at once. */
export const switchAtOnce = {
  'roles.select': {
    guard: 'isOtherRole',
    target: '#rolePermissions.loading',
    actions: 'assignChoice',
  },
  'roles.scope': {
    guard: 'isOtherScope',
    target: '#rolePermissions.loading',
    actions: 'assignChoice',
  },
} as const;
/** With changes: ask first. */
export const switchAfterAsking = {
  'roles.select': { guard: 'isOtherRole', target: 'confirmingDiscard', actions: 'assignPending' },
  'roles.scope': { guard: 'isOtherScope', target: 'confirmingDiscard', actions: 'assignPending' },
} as const;

/** The matrix on screen: as saved, changed, asking to discard, just saved, or refused. */
export const editingState = {
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
        'permissions.save': { target: '#rolePermissions.saving', actions: 'assignQueue' },
        ...switchAfterAsking,
      },
    },
    confirmingDiscard: {
      description: 'The dialog "Descartar cambios" for another role or scope.',
      on: {
        'discard.confirm': { target: '#rolePermissions.loading', actions: 'applyPending' },
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
        'permissions.save': { target: '#rolePermissions.saving', actions: 'assignQueue' },
        ...switchAfterAsking,
      },
    },
  },
} as const;
