import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ClubSettings,
  type ClubSettingsInput,
  clubSettingsResponseSchema,
  clubSettingsUpdateSchema,
} from '../../contract/club-settings.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * A club's billing settings, the billing section of 'Configuración': the months it does
 * not bill and when payment reminders go out.
 */

const settingsPath = (clubId: number) => `/pla_club_teams/${clubId}/settings`;

/** `GET /api/pla_club_teams/{id}/settings` (settings.manage). */
export const getClubSettings = (clubId: number): Promise<ClubSettings> =>
  describeFailures(
    async () => clubSettingsResponseSchema.parse(await authClient(settingsPath(clubId))).data,
  );

/** `PATCH /api/pla_club_teams/{id}/settings`: the fields sent change. */
export const updateClubSettings = (
  clubId: number,
  values: Partial<ClubSettingsInput>,
): Promise<ClubSettings> =>
  describeFailures(async () => {
    const body = clubSettingsUpdateSchema.parse(values);
    return clubSettingsResponseSchema.parse(
      await authClient(settingsPath(clubId), { method: 'PATCH', body }),
    ).data;
  });

export const clubSettingsQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'settings'),
    queryFn: () => getClubSettings(clubId),
    enabled: clubId > 0,
  });

export const useClubSettings = (clubId: number) => useQuery(clubSettingsQuery(clubId));
