import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  notificationPreferencesRequestSchema,
  notificationPreferencesResponseSchema,
  type NotificationType,
} from '../../contract/notifications.schema';
import { authClient, describeFailures } from './http';

/*
 * The signed-in user's notification preferences (issue #13 item 5):
 * `/api/notifications/preferences`, behind the session, the same in every club. Every
 * notification arrives in the app; these say which types also arrive by e-mail. Answers
 * are parsed with the contract; every failure is a RequestError.
 */

/** Whether each type also arrives by e-mail (the server fills in the defaults). */
export type EmailChoices = Record<NotificationType, boolean>;

/** `GET /api/notifications/preferences`. */
export const getNotificationPreferences = (): Promise<EmailChoices> =>
  describeFailures(
    async () =>
      notificationPreferencesResponseSchema.parse(await authClient('/notifications/preferences'))
        .data.email as EmailChoices,
  );

/** `PUT /api/notifications/preferences`: only the types named change; answers every choice. */
export const updateNotificationPreferences = (
  email: Partial<EmailChoices>,
): Promise<EmailChoices> =>
  describeFailures(async () => {
    const body = notificationPreferencesRequestSchema.parse({ email });
    return notificationPreferencesResponseSchema.parse(
      await authClient('/notifications/preferences', { method: 'PUT', body }),
    ).data.email as EmailChoices;
  });

/** The user's own preferences: one key, not under a club (they hold in every club). */
export const notificationPreferencesKey = ['notification-preferences'] as const;

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: notificationPreferencesKey,
    queryFn: getNotificationPreferences,
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

/**
 * Saves one type's e-mail choice and keeps the server's answer as the cached
 * preferences, so the switch rests on what the server now holds. A stable function.
 */
export function useSaveEmailChoice() {
  const queryClient = useQueryClient();
  return useCallback(
    async (type: NotificationType, email: boolean) => {
      const saved = await updateNotificationPreferences({ [type]: email });
      queryClient.setQueryData(notificationPreferencesKey, saved);
      return saved;
    },
    [queryClient],
  );
}
