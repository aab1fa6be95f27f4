import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenProgress } from '../components/full-screen-progress';
import { LOGIN_PATH } from '../lib/public-paths';
import { storage } from '../lib/storage';
import { selectSessionStatus, selectShouldRememberPage } from '../machines/auth.selectors';
import { AuthContext } from './auth-context';

/**
 * The minimal guard of /home/* (spec §2, rules 1–2). The route-guard machine of the next
 * issue replaces it. While the session is checked: a full-screen progress. Signed out:
 * remember the page for after the login (unless the user logged out on purpose), go to /login.
 */
export function RequireAuth() {
  const status = AuthContext.useSelector(selectSessionStatus);
  const rememberPage = AuthContext.useSelector(selectShouldRememberPage);
  const { pathname, search, hash } = useLocation();
  const signedOut = status === 'signedOut';

  useEffect(() => {
    if (signedOut && rememberPage) storage.set('redirectAfterLogin', `${pathname}${search}${hash}`);
  }, [signedOut, rememberPage, pathname, search, hash]);

  if (status === 'checking') return <FullScreenProgress />;
  if (signedOut) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}
