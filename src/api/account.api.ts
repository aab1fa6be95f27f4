import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Account,
  type AccountDeleteInput,
  type EmailChangeInput,
  type PasswordChangeInput,
  accountDeleteSchema,
  accountMessageSchema,
  accountResponseSchema,
  emailChangeSchema,
  emailConfirmResponseSchema,
  passwordChangeSchema,
} from '../../contract/account.schema';
import { authClient, cookieClient, describeFailures } from './http';
import { useRefreshAfter } from './refresh';

/*
 * Each person's own account (issue #17, 'Mi Cuenta'): `/api/account/…`. Answers are parsed
 * with the contract; every failure is a RequestError.
 */

type Message = { message: string };

/** `GET /api/account`: profile, active clubs with my roles, a pending e-mail change. */
export const getAccount = (): Promise<Account> =>
  describeFailures(async () => accountResponseSchema.parse(await authClient('/account')).data);

const postMessage = (url: string, body: unknown, method: 'POST' | 'DELETE' = 'POST') =>
  describeFailures(async (): Promise<Message> =>
    accountMessageSchema.parse(await authClient(url, { method, body: body as object })),
  );

/** `POST /api/account/password`: every session ends, this one too (sign in again after). */
export const changePassword = (values: PasswordChangeInput) =>
  postMessage('/account/password', passwordChangeSchema.parse(values));

/** `POST /api/account/email`: mails the confirmation link to the new address. */
export const requestEmailChange = (values: EmailChangeInput) =>
  postMessage('/account/email', emailChangeSchema.parse(values));

/** `POST /api/account/email/confirm` (public: the link's token is the proof). */
export const confirmEmailChange = (token: string) =>
  describeFailures(async () =>
    emailConfirmResponseSchema.parse(
      await cookieClient('/account/email/confirm', { method: 'POST', body: { token } }),
    ),
  );

/** `POST /api/account/clubs/{id}/leave`. */
export const leaveClub = (clubId: number) => postMessage(`/account/clubs/${clubId}/leave`, {});

/** `DELETE /api/account`. */
export const deleteAccount = (values: AccountDeleteInput) =>
  postMessage('/account', accountDeleteSchema.parse(values), 'DELETE');

/** `GET /api/account/export`: the JSON file, as a blob to hand to the browser. */
export const exportAccount = (): Promise<Blob> =>
  describeFailures(async () =>
    authClient<Blob, 'blob'>('/account/export', { responseType: 'blob' }),
  );

/** The account is the person's own: one key, not under a club. */
export const accountKey = ['account'] as const;

export const accountQuery = () => queryOptions({ queryKey: accountKey, queryFn: getAccount });

export const useAccount = () => useQuery(accountQuery());

/** Reads the account again (after a profile, photo, e-mail or club change). */
export function useRefreshAccount() {
  return useRefreshAfter('account');
}
