import { FetchError, ofetch } from 'ofetch';
import { apiErrorSchema } from '../../contract/api-error.schema';
import { CLUB_HEADER } from '../../contract/names';
import {
  NETWORK_FAILURE_MESSAGE,
  RequestError,
  UNKNOWN_FAILURE_MESSAGE,
} from '../lib/request-failure';
import { notifyUnauthorized, session } from './session';

/** Every call goes to the same origin under /api (Vite proxies it in development). */
export const API_BASE_URL = '/api';

/**
 * The endpoints whose 401 means the session is over: `/api/user` itself and anything
 * under `/api/modules` (spec §4). A 401 elsewhere (a wrong password on /api/login) is
 * an answer to show, not a lost session.
 */
export function isSessionProbe(pathname: string): boolean {
  return (
    pathname === `${API_BASE_URL}/user` ||
    pathname === `${API_BASE_URL}/modules` ||
    pathname.startsWith(`${API_BASE_URL}/modules/`)
  );
}

/** The path of a request as ofetch reports it (a relative string after baseURL, or a Request). */
function pathnameOf(request: RequestInfo, response?: Response): string {
  const url = response?.url || (typeof request === 'string' ? request : request.url);
  try {
    return new URL(url, 'http://same-origin.invalid').pathname;
  } catch {
    return url;
  }
}

/** Sends cookies only (the spec's first client style, §7). */
export const cookieClient = ofetch.create({
  baseURL: API_BASE_URL,
  credentials: 'include',
});

/**
 * Sends cookies plus `Authorization: Bearer <token>` when there is a token (spec §7), and
 * `X-Club-Id` with the selected club of the session source: roles, permissions and
 * modules are per club, so the server answers for the club the user works in
 * (server/auth/working-club.ts).
 */
export const authClient = ofetch.create({
  baseURL: API_BASE_URL,
  credentials: 'include',
  onRequest({ options }) {
    const token = session.token();
    if (token) options.headers.set('Authorization', `Bearer ${token}`);
    const clubId = session.clubId();
    if (clubId !== null && Number.isInteger(clubId) && clubId > 0) {
      options.headers.set(CLUB_HEADER, String(clubId));
    }
  },
  onResponseError({ request, response }) {
    if (response.status === 401 && isSessionProbe(pathnameOf(request, response))) {
      notifyUnauthorized();
    }
  },
});

/**
 * Turns whatever a call threw into a RequestError: the server's `{ message, errors }`
 * body (contract/api-error.schema.ts) when there is one, a Spanish "cannot connect"
 * message when no response came back, and a generic message otherwise.
 */
export function toRequestError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? error.status ?? null;
    if (!error.response || status === null) {
      return new RequestError({ status: null, message: NETWORK_FAILURE_MESSAGE, fieldErrors: {} });
    }
    const body = apiErrorSchema.safeParse(error.data);
    if (!body.success) {
      return new RequestError({ status, message: UNKNOWN_FAILURE_MESSAGE, fieldErrors: {} });
    }
    const fieldErrors: Record<string, string> = {};
    for (const { path, message } of body.data.errors ?? []) {
      // The first message of a field is the one to fix first.
      fieldErrors[path] ??= message;
    }
    return new RequestError({ status, message: body.data.message, fieldErrors });
  }
  return new RequestError({ status: null, message: UNKNOWN_FAILURE_MESSAGE, fieldErrors: {} });
}

/** Runs a call and rethrows its failure as a RequestError. */
export async function describeFailures<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toRequestError(error);
  }
}
