import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullScreenProgress } from '../components/full-screen-progress';
import { storage } from '../lib/storage';
import {
  selectFirstRoleName,
  selectOnboarding,
  selectPermissions,
  selectSelectedClubId,
  selectSessionStatus,
  selectShouldRememberPage,
  selectUser,
} from '../machines/auth.selectors';
import {
  routeGuardMachine,
  type GuardArea,
  type GuardFacts,
} from '../machines/route-guard.machine';
import { selectGuardView } from '../machines/route-guard.selectors';
import { AuthContext } from './auth-context';
import { PageRefusedContext } from './guarded-outlet';
import { liveInspector } from './live-actors';

/** The facts of the guard chain, from the auth actor and the location. */
function useGuardFacts(area: GuardArea): GuardFacts {
  const session = AuthContext.useSelector(selectSessionStatus);
  const rememberPage = AuthContext.useSelector(selectShouldRememberPage);
  const user = AuthContext.useSelector(selectUser);
  // A stable object per user, so the facts only change when the permissions do.
  const permissions = AuthContext.useSelector(selectPermissions);
  const selectedClubId = AuthContext.useSelector(selectSelectedClubId);
  const firstRoleName = AuthContext.useSelector(selectFirstRoleName);
  const onboarding = AuthContext.useSelector(selectOnboarding);
  const { pathname, search, hash } = useLocation();
  const isSuperAdmin = user?.is_super_admin ?? false;
  const currentClubId = user?.current_club_id ?? null;
  const onboardingCompleted = onboarding?.completed ?? false;

  return useMemo(
    () => ({
      session,
      rememberPage,
      isSuperAdmin,
      permissions,
      currentClubId,
      selectedClubId,
      firstRoleName,
      onboardingCompleted,
      area,
      pathname,
      search: `${search}${hash}`,
      devBuild: import.meta.env.DEV,
    }),
    [
      session,
      rememberPage,
      isSuperAdmin,
      permissions,
      currentClubId,
      selectedClubId,
      firstRoleName,
      onboardingCompleted,
      area,
      pathname,
      search,
      hash,
    ],
  );
}

/**
 * The element of the guarded areas (/home/*, /admin/*, /onboarding/*): runs the routeGuard
 * machine on the current facts and shows what it decided (a refused page inside the shell,
 * through GuardedOutlet). The machine navigates (with
 * replace) and remembers the page; this component only gives it the facts and the effects.
 */
export function RouteGuard({ area }: { area: GuardArea }) {
  const facts = useGuardFacts(area);
  const navigate = useNavigate();
  const [logic] = useState(() =>
    routeGuardMachine.provide({
      actions: {
        navigate: (_, { to }) => void navigate(to, { replace: true }),
        rememberPage: (_, { path }) => storage.set('redirectAfterLogin', path),
      },
    }),
  );
  // Seen by QA's statechart page (src/app/live-actors.ts).
  const guard = useActorRef(logic, { input: facts, inspect: liveInspector(routeGuardMachine.id) });
  // The page (shell and screen, a large tree on the first visit) drawn in a background
  // render: the guard's answer comes through a store, whose updates React renders in one
  // uninterrupted task; deferred, the mount is sliced and the main thread stays free for
  // input (Lighthouse's blocking time, issue #18).
  const view = useDeferredValue(useSelector(guard, selectGuardView));

  useEffect(() => {
    guard.send({ type: 'guard.update', facts });
  }, [guard, facts]);

  if (view === 'waiting') return <FullScreenProgress />;
  // Refused pages still get the shell: it shows "No tienes permiso" in the page's place.
  return (
    <PageRefusedContext value={view === 'forbidden'}>
      <Outlet />
    </PageRefusedContext>
  );
}
