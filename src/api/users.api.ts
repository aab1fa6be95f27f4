import {
  userPermissionsSchema,
  userSchema,
  type User,
  type UserPermissions,
} from '../../contract/users.schema';
import { authClient, describeFailures } from './http';

/*
 * The users resource: the signed-in person, computed by the server for the working club
 * (the X-Club-Id header the http client sends, see docs/access-control.md). Answers are
 * parsed with the contract; every failure is a RequestError.
 */

/** `GET /api/user`: the signed-in person, with clubs, modules and onboarding. */
export const getUser = (): Promise<User> =>
  describeFailures(async () => userSchema.parse(await authClient('/user')));

/** `GET /api/user/permissions`: the roles and permissions of the user in their working club. */
export const getPermissions = (): Promise<UserPermissions> =>
  describeFailures(async () => userPermissionsSchema.parse(await authClient('/user/permissions')));
