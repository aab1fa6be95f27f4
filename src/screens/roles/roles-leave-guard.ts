import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { AuthContext } from '../../app/auth-context';
import { selectIsAuthenticated } from '../../machines/auth.selectors';

/** What the screen's "¿Descartar cambios?" dialog needs while leaving is on hold. */
export interface LeaveGuard {
  /** True while a navigation to another page waits for the person's answer. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
}

/**
 * Asks before leaving Gestión de Roles with unsaved changes: for another page of the app
 * through react-router's blocker (the screen shows its ConfirmDialog), for closing or
 * reloading the tab through the browser's own `beforeunload` prompt.
 */
export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  // Once the session is gone (logout, expiry, another tab) the guard's redirect to the
  // login must pass: nothing could be saved any more, and the page would be left empty.
  const signedIn = AuthContext.useSelector(selectIsAuthenticated);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unsaved && signedIn && currentLocation.pathname !== nextLocation.pathname,
    [unsaved, signedIn],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
