import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clubCreateSchema,
  clubListResponseSchema,
  clubResponseSchema,
  clubUpdateSchema,
  type Club,
  type ClubCreateInput,
  type ClubUpdateInput,
} from '../../contract/clubs.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';
import { refreshAfter } from './refresh';

/*
 * The clubs of `/api/pla_club_teams` (issue #4). Requests are parsed with the contract
 * before they leave and answers after they come back; every failure is a RequestError.
 */

/** `GET /api/pla_club_teams`: the user's clubs (every club for a super admin), archived included. */
export const listClubs = (): Promise<Club[]> =>
  describeFailures(
    async () => clubListResponseSchema.parse(await authClient('/pla_club_teams')).data,
  );

/** `GET /api/pla_club_teams/{id}`. */
export const getClub = (id: number): Promise<Club> =>
  describeFailures(
    async () => clubResponseSchema.parse(await authClient(`/pla_club_teams/${id}`)).data,
  );

/** `POST /api/pla_club_teams`: the creator becomes the club's owner. */
export const createClub = (values: ClubCreateInput): Promise<Club> =>
  describeFailures(async () => {
    const body = clubCreateSchema.parse(values);
    return clubResponseSchema.parse(await authClient('/pla_club_teams', { method: 'POST', body }))
      .data;
  });

/** `PATCH /api/pla_club_teams/{id}`: only the fields sent change; null clears one. */
export const updateClub = (id: number, values: ClubUpdateInput): Promise<Club> =>
  describeFailures(async () => {
    const body = clubUpdateSchema.parse(values);
    return clubResponseSchema.parse(
      await authClient(`/pla_club_teams/${id}`, { method: 'PATCH', body }),
    ).data;
  });

/**
 * Archives a club: `PATCH … { status: 'archived' }`, which the server always allows to
 * whoever may update the club. DELETE is the stricter "remove" that a club with players
 * refuses ("archive instead"), so the 'Archivar' button does not use it.
 */
export const archiveClub = (id: number): Promise<Club> => updateClub(id, { status: 'archived' });

/** The list's key: not club-scoped, it is the list of clubs itself. */
export const clubsQueryKey = ['clubs'] as const;

/** One club's key, under that club's scope (src/api/query-keys.ts). */
export const clubDetailKey = (id: number) => clubKey(id, 'detail');

export const useClubs = () => useQuery({ queryKey: clubsQueryKey, queryFn: listClubs });

/** One club; disabled (never sent) for an id that is not a positive number. */
export const useClub = (id: number) =>
  useQuery({ queryKey: clubDetailKey(id), queryFn: () => getClub(id), enabled: id > 0 });

/**
 * After a change: the list is stale, the changed club's detail is the answer, and
 * `sessionChanged` lets whoever wires the mutation reload the session's `listClub` (names,
 * membership) so the shell and the club selection see it (src/api never imports the app).
 */
function useAfterClubChange(sessionChanged: () => void) {
  const queryClient = useQueryClient();
  return async (club: Club) => {
    queryClient.setQueryData(clubDetailKey(club.id), club);
    sessionChanged();
    await refreshAfter(queryClient, { resource: 'club', clubId: club.id });
  };
}

export function useCreateClub(sessionChanged: () => void) {
  const afterChange = useAfterClubChange(sessionChanged);
  return useMutation({ mutationFn: createClub, onSuccess: afterChange });
}

export function useUpdateClub(id: number, sessionChanged: () => void) {
  const afterChange = useAfterClubChange(sessionChanged);
  return useMutation({
    mutationFn: (values: ClubUpdateInput) => updateClub(id, values),
    onSuccess: afterChange,
  });
}

export function useArchiveClub(sessionChanged: () => void) {
  const afterChange = useAfterClubChange(sessionChanged);
  return useMutation({ mutationFn: archiveClub, onSuccess: afterChange });
}
