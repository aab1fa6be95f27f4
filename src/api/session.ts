import { getStored } from '../lib/storage';

/*
 * Who is calling, as the http client (src/api/http.ts) reads it, and the "session is over"
 * signal it raises. Kept apart from the client and its error parsing so the app's entry
 * (src/app/providers.tsx) wires them without loading the API layer and the contract's
 * schemas, which come with the first call (issue 9, item 6).
 */

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Subscribes to "the server no longer accepts our token" (a 401 from the user or modules
 * endpoint). The auth actor listens and clears the session silently (spec §4, §8).
 * Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** Tells every subscriber that the server refused our token on a session probe. */
export function notifyUnauthorized(): void {
  for (const listener of [...unauthorizedListeners]) listener();
}

/**
 * Where the authenticated client reads who is calling, set once by the app
 * (src/app/providers.tsx) when the auth actor exists:
 * - `clubId`: the auth actor's selected club, the one source of the working club
 *   (docs/access-control.md "The working club"); null sends no `X-Club-Id`.
 * - `token`: the bearer token; by default the one in local storage (spec §7), which the
 *   auth actor writes on login and other tabs share.
 */
export interface SessionSource {
  token: () => string | null;
  clubId: () => number | null;
}

const defaultSource: SessionSource = { token: () => getStored('jwtToken'), clubId: () => null };
let current: SessionSource = defaultSource;

/** The session source in force (the client reads it on every request). */
export const session: SessionSource = {
  token: () => current.token(),
  clubId: () => current.clubId(),
};

/** Hands the client its session source; returns the function that takes it back. */
export function setSessionSource(source: Partial<SessionSource>): () => void {
  const next = { ...defaultSource, ...source };
  current = next;
  return () => {
    if (current === next) current = defaultSource;
  };
}
