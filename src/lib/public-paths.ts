/**
 * Paths where logging out leaves the user where they are (spec §2). The spec lists these
 * exact paths and says "any other path redirects to /login on logout", so we match them
 * exactly: `/blog` stays, `/blog/some-post` (and the other public pages the spec does not
 * list, such as /terminos) goes to /login, as the original product did. A trailing slash
 * is ignored.
 */
export const logoutStaysPaths: readonly string[] = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/contact',
  '/blog',
  '/pricing',
  '/about',
];

/** Pages only for people who are not signed in: a signed-in user is sent to the dashboard. */
export const guestOnlyPaths: readonly string[] = ['/login', '/register'];

/** Where a signed-in user lands when nothing else is asked for. */
export const HOME_PATH = '/home/dashboard';
export const LOGIN_PATH = '/login';

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path || '/';
}

/** True when logging out on this path must not send the user to /login. */
export function isPublicPath(pathname: string): boolean {
  return logoutStaysPaths.includes(normalise(pathname));
}

export function isGuestOnlyPath(pathname: string): boolean {
  return guestOnlyPaths.includes(normalise(pathname));
}

/**
 * The stored post-login target, if it is safe to follow: a path of this app (not
 * `//evil.example`, not a full URL) that is not a guest-only page.
 */
export function safeRedirectTarget(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return null;
  }
  return isGuestOnlyPath(target) ? null : target;
}
