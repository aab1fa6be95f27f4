import { createContext, useContext } from 'react';
import { Outlet } from 'react-router';
import { ForbiddenScreen } from '../screens/forbidden-screen';

/**
 * Whether the route guard refused the current page. The guard sits above the shell, so it
 * cannot swap the page itself; it says so here and the shell draws "No tienes permiso" in
 * place of the page, keeping the sidebar and the top bar (issue 9, item 7).
 */
export const PageRefusedContext = createContext(false);

/** The routed page, or "No tienes permiso" when the guard refused it: the shell's outlet. */
export function GuardedOutlet() {
  return useContext(PageRefusedContext) ? <ForbiddenScreen /> : <Outlet />;
}
