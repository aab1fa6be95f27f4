import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { categoryFitResponseSchema, type Category } from '../../contract/categories.schema';
import { listQueryString } from '../../contract/common.schema';
import { type PersonStatus, statusChangeSchema } from '../../contract/people.schema';
import {
  playerCreateSchema,
  playerListResponseSchema,
  playerResponseSchema,
  playerUpdateSchema,
  type PlayerCreateInput,
  type PlayerDetail,
  type PlayerListParams,
  type PlayerListResponse,
  type PlayerUpdateInput,
} from '../../contract/players.schema';
import type { PersonGender } from '../../contract/profile.schema';
import { categoriesListQuery } from './categories.api';
import { authClient, describeFailures } from './http';
import { postSavedOrRequested, type SavedOrRequested } from './link-requests.api';
import { clubKey, clubScope } from './query-keys';
import { changes, refreshAfter, useRefreshAfter } from './refresh';

/*
 * A club's players (issue #11): `/api/pla_club_teams/{id}/players`, the categories a
 * birth date fits and `GET /api/validate-document`. Answers are parsed with the contract;
 * every failure is a RequestError.
 */

const playersPath = (clubId: number) => `/pla_club_teams/${clubId}/players`;

/** `GET /api/pla_club_teams/{id}/players`: one page of players (the list contract). */
export const listPlayers = (
  clubId: number,
  params: PlayerListParams,
): Promise<PlayerListResponse> =>
  describeFailures(async () =>
    playerListResponseSchema.parse(
      await authClient(playersPath(clubId), { query: listQueryString(params) }),
    ),
  );

/** `GET /api/pla_club_teams/{id}/players/{playerId}`: every field of one player. */
export const getPlayer = (clubId: number, playerId: number): Promise<PlayerDetail> =>
  describeFailures(
    async () =>
      playerResponseSchema.parse(await authClient(`${playersPath(clubId)}/${playerId}`)).data,
  );

/**
 * `POST /api/pla_club_teams/{id}/players`: the person, the club's fields and the guardian;
 * 202 with a link request when the person belongs elsewhere and must accept first (issue #33).
 */
export const createPlayer = (
  clubId: number,
  values: PlayerCreateInput,
): Promise<SavedOrRequested<PlayerDetail>> =>
  describeFailures(async () => {
    const body = playerCreateSchema.parse(values);
    return postSavedOrRequested(
      playersPath(clubId),
      body,
      (answer) => playerResponseSchema.parse(answer).data,
    );
  });

/** `PATCH /api/pla_club_teams/{id}/players/{playerId}`: the fields sent change. */
export const updatePlayer = (
  clubId: number,
  playerId: number,
  values: PlayerUpdateInput,
): Promise<PlayerDetail> =>
  describeFailures(async () => {
    const body = playerUpdateSchema.parse(values);
    return playerResponseSchema.parse(
      await authClient(`${playersPath(clubId)}/${playerId}`, { method: 'PATCH', body }),
    ).data;
  });

/** `POST …/players/{playerId}/photo`: multipart, the image in the field `photo`. */
export const uploadPlayerPhoto = (
  clubId: number,
  playerId: number,
  photo: File,
): Promise<PlayerDetail> =>
  describeFailures(async () => {
    const body = new FormData();
    body.append('photo', photo);
    return playerResponseSchema.parse(
      await authClient(`${playersPath(clubId)}/${playerId}/photo`, { method: 'POST', body }),
    ).data;
  });

/** `DELETE …/players/{playerId}`: the person leaves the club (204); their history stays. */
export const removePlayer = (clubId: number, playerId: number): Promise<void> =>
  describeFailures(async () => {
    await authClient(`${playersPath(clubId)}/${playerId}`, { method: 'DELETE' });
  });

/** `PATCH …/players/{playerId}/status`: active or inactive. */
export const changePlayerStatus = (
  clubId: number,
  playerId: number,
  status: PersonStatus,
): Promise<PlayerDetail> =>
  describeFailures(async () => {
    const body = statusChangeSchema.parse({ status });
    return playerResponseSchema.parse(
      await authClient(`${playersPath(clubId)}/${playerId}/status`, { method: 'PATCH', body }),
    ).data;
  });

/** `GET …/categories-birthday/{birthday}/gender/{gender}`: the categories a new player fits. */
export const categoriesForBirthday = (
  clubId: number,
  birthday: string,
  gender: PersonGender,
): Promise<Category[]> =>
  describeFailures(
    async () =>
      categoryFitResponseSchema.parse(
        await authClient(
          `/pla_club_teams/${clubId}/categories-birthday/${birthday}/gender/${gender}`,
        ),
      ).data,
  );

/** The players of one club under its scope; the grid's params are part of the key. */
export const playersKey = (clubId: number, params?: PlayerListParams) =>
  params ? clubKey(clubId, 'players', { ...params }) : clubScope(clubId, 'players');

/**
 * One page of players for the grid's hook (`useServerGrid`), the previous page kept on
 * screen while the next one loads.
 */
export const playersListQuery = (clubId: number) => (params: PlayerListParams) =>
  queryOptions({
    queryKey: playersKey(clubId, params),
    queryFn: () => listPlayers(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** One player for the form; id 0 (a new player) asks nothing. */
export const usePlayer = (clubId: number, playerId: number) =>
  useQuery({
    queryKey: clubKey(clubId, 'players', 'detail', playerId),
    queryFn: () => getPlayer(clubId, playerId),
    enabled: clubId > 0 && playerId > 0,
  });

/** The categories a birth date and gender fit; nothing is asked until both are known. */
export const useCategoriesForBirthday = (
  clubId: number,
  birthday: string | null,
  gender: PersonGender | null,
) =>
  useQuery({
    queryKey: clubKey(clubId, 'categories-birthday', birthday ?? '', gender ?? ''),
    queryFn: () => categoriesForBirthday(clubId, birthday ?? '', gender ?? 'other'),
    enabled: clubId > 0 && birthday !== null && gender !== null,
  });

/**
 * The club's active categories, by name (the sections of the grid and the form's select):
 * one page of 100, the most a list gives at once.
 */
export const useActiveCategories = (clubId: number, enabled = true) => {
  const query = categoriesListQuery(clubId)({
    page: 1,
    pageSize: 100,
    sort: 'name',
    status: 'active',
  });
  return useQuery({ ...query, enabled: enabled && query.enabled !== false });
};

/** Refreshes every player page (and the open ones) once a change is saved; stable per club. */
export function useInvalidatePlayers(clubId: number) {
  return useRefreshAfter('players', clubId);
}

/** Creates a player (or sends a link request) and refreshes the players and the requests. */
export function useCreatePlayer(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PlayerCreateInput) => createPlayer(clubId, values),
    // A request sent instead (202): nobody joined, only the club's requests changed.
    onSuccess: (outcome) =>
      refreshAfter(queryClient, {
        resource: outcome.kind === 'saved' ? 'players' : 'link-requests',
        clubId,
      }),
  });
}

/** Saves a player's fields and refreshes the club's player pages. */
export function useUpdatePlayer(clubId: number) {
  return useMutation({
    ...changes('players', clubId),
    mutationFn: ({ id, values }: { id: number; values: PlayerUpdateInput }) =>
      updatePlayer(clubId, id, values),
  });
}

/** Stores a player's photo and refreshes the club's player pages. */
export function useUploadPlayerPhoto(clubId: number) {
  return useMutation({
    ...changes('players', clubId),
    mutationFn: ({ id, photo }: { id: number; photo: File }) =>
      uploadPlayerPhoto(clubId, id, photo),
  });
}

/** Takes a player out of the club and refreshes the club's player pages. */
export function useRemovePlayer(clubId: number) {
  return useMutation({
    ...changes('players', clubId),
    mutationFn: (id: number) => removePlayer(clubId, id),
  });
}
