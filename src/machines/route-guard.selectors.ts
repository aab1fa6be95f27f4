import type { SnapshotFrom } from 'xstate';
import type { routeGuardMachine } from './route-guard.machine';

type RouteGuardSnapshot = SnapshotFrom<typeof routeGuardMachine>;

/**
 * What the guarded area renders: the page ('allowed'), the "No tienes permiso" page
 * ('forbidden'), or a full-screen progress ('waiting': the session is being checked, or a
 * redirect is on its way).
 */
export type GuardView = 'allowed' | 'forbidden' | 'waiting';

export const selectGuardView = (snapshot: RouteGuardSnapshot): GuardView => {
  if (snapshot.matches('allowed')) return 'allowed';
  if (snapshot.matches('forbidden')) return 'forbidden';
  return 'waiting';
};

/** True while the guard is sending the user elsewhere. */
export const selectIsRedirecting = (snapshot: RouteGuardSnapshot) => snapshot.hasTag('redirecting');
