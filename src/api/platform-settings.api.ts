import { queryOptions } from '@tanstack/react-query';
import {
  type PlatformSettings,
  type PlatformSettingsUpdate,
  platformSettingsResponseSchema,
  platformSettingsUpdateSchema,
} from '../../contract/platform-settings.schema';
import { authClient, describeFailures } from './http';

/** `GET /api/admin/platform-settings` (super admin): WhatsApp number and plans. */
export const getPlatformSettings = (): Promise<PlatformSettings> =>
  describeFailures(
    async () =>
      platformSettingsResponseSchema.parse(await authClient('/admin/platform-settings')).data,
  );

export const platformSettingsQuery = queryOptions({
  queryKey: ['admin', 'platform-settings'] as const,
  queryFn: getPlatformSettings,
});

/** `PUT /api/admin/platform-settings`: what was saved. */
export const updatePlatformSettings = (values: PlatformSettingsUpdate): Promise<PlatformSettings> =>
  describeFailures(async () => {
    const body = platformSettingsUpdateSchema.parse(values);
    return platformSettingsResponseSchema.parse(
      await authClient('/admin/platform-settings', { method: 'PUT', body }),
    ).data;
  });
