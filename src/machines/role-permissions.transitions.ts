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
