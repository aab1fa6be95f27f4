import { useQuery } from '@tanstack/react-query';
import { appConfigSchema, type AppConfigResponse } from '../../contract/app-config.schema';
import { cookieClient, describeFailures } from './http';

/** `GET /api/config`: public settings (the WhatsApp help number); no session needed. */
export const getAppConfig = (): Promise<AppConfigResponse> =>
  describeFailures(async () => appConfigSchema.parse(await cookieClient('/config')));

export const appConfigQueryKey = ['app-config'] as const;

/** The public settings, cached like any server data; `data` is undefined until they arrive. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: getAppConfig,
    // The server reads them once at start-up: they do not change while the page is open.
    staleTime: Infinity,
  });
}
