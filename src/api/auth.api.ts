import {
  authResponseSchema,
  messageResponseSchema,
  type AuthResponse,
  type ForgotPasswordRequest,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '../../contract/auth.schema';
import { authClient, cookieClient, describeFailures } from './http';
import { getPermissions, getUser } from './users.api';

/*
 * One function per auth endpoint. Requests are typed by the contract and answers are
 * parsed with it, so a server that drifts from the contract fails here, loudly, and not
 * three screens later. Every failure is a RequestError (src/lib/request-failure.ts).
 */

export const register = (body: RegisterRequest): Promise<AuthResponse> =>
  describeFailures(async () =>
    authResponseSchema.parse(await cookieClient('/register', { method: 'POST', body })),
  );

export const login = (body: LoginRequest): Promise<AuthResponse> =>
  describeFailures(async () =>
    authResponseSchema.parse(await cookieClient('/login', { method: 'POST', body })),
  );

/** Tells the server we leave; its answer does not matter to the caller (spec §4). */
export const logout = (): Promise<void> =>
  describeFailures(async () => {
    await authClient('/logout', { method: 'POST' });
  });

/** Ends every session of the user on every device, this one included (`POST /api/logout-all`). */
export const logoutEverywhere = (): Promise<void> =>
  describeFailures(async () => {
    await authClient('/logout-all', { method: 'POST' });
  });

export const forgotPassword = (body: ForgotPasswordRequest): Promise<MessageResponse> =>
  describeFailures(async () =>
    messageResponseSchema.parse(await cookieClient('/forgot-password', { method: 'POST', body })),
  );

export const resetPassword = (body: ResetPasswordRequest): Promise<MessageResponse> =>
  describeFailures(async () =>
    messageResponseSchema.parse(await cookieClient('/reset-password', { method: 'POST', body })),
  );

/**
 * The auth endpoints as one object, as createAuthActors (src/machines/auth.actors.ts) wants
 * them, with the session's user calls of the users resource (src/api/users.api.ts).
 */
export const authApi = {
  register,
  login,
  logout,
  logoutEverywhere,
  forgotPassword,
  resetPassword,
  getUser,
  getPermissions,
};
