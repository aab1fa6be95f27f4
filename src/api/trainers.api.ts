import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listQueryString } from '../../contract/common.schema';
import { type PersonStatus, statusChangeSchema } from '../../contract/people.schema';
import {
  trainerCreateSchema,
  trainerListResponseSchema,
  trainerResponseSchema,
  trainerUpdateSchema,
  type Trainer,
  type TrainerCreateInput,
  type TrainerListParams,
  type TrainerListResponse,
  type TrainerUpdateInput,
} from '../../contract/trainers.schema';
import { authClient, describeFailures } from './http';
import { postSavedOrRequested, type SavedOrRequested } from './link-requests.api';
import { clubKey, clubScope } from './query-keys';
import { changes, refreshAfter, useRefreshAfter } from './refresh';

/*
 * A club's trainers (issue #11): `/api/pla_club_teams/{id}/trainers`, and the document
 * check their form makes (`/api/validate-document`). Answers are parsed with the contract;
 * every failure is a RequestError.
 */

const trainersPath = (clubId: number) => `/pla_club_teams/${clubId}/trainers`;

/** A saved trainer and, when an invitation went out with the change, the server's message. */
export interface TrainerSaved {
  data: Trainer;
  message?: string;
}

/** `GET …/trainers`: one page of trainers (the list contract). */
export const listTrainers = (
  clubId: number,
  params: TrainerListParams,
): Promise<TrainerListResponse> =>
  describeFailures(async () =>
    trainerListResponseSchema.parse(
      await authClient(trainersPath(clubId), { query: listQueryString(params) }),
    ),
  );

/**
 * `POST …/trainers`: a new person, or (`link_existing`) the one registered elsewhere; 202
 * with a link request when that person must accept first (issue #33).
 */
export const createTrainer = (
  clubId: number,
  values: TrainerCreateInput,
): Promise<SavedOrRequested<TrainerSaved>> =>
  describeFailures(async () => {
    const body = trainerCreateSchema.parse(values);
    return postSavedOrRequested(trainersPath(clubId), body, (answer) =>
      trainerResponseSchema.parse(answer),
    );
  });

/** `PATCH …/trainers/{trainerId}`: the fields sent change. */
export const updateTrainer = (
  clubId: number,
  trainerId: number,
  values: TrainerUpdateInput,
): Promise<TrainerSaved> =>
  describeFailures(async () => {
    const body = trainerUpdateSchema.parse(values);
    return trainerResponseSchema.parse(
      await authClient(`${trainersPath(clubId)}/${trainerId}`, { method: 'PATCH', body }),
    );
  });

/** `DELETE …/trainers/{trainerId}`: the person leaves the club's trainers (204). */
export const removeTrainer = (clubId: number, trainerId: number): Promise<void> =>
  describeFailures(async () => {
    await authClient(`${trainersPath(clubId)}/${trainerId}`, { method: 'DELETE' });
  });

/** `PATCH …/trainers/{trainerId}/status`: the trainer as the server left it. */
export const changeTrainerStatus = (
  clubId: number,
  trainerId: number,
  status: PersonStatus,
): Promise<Trainer> =>
  describeFailures(async () => {
    const body = statusChangeSchema.parse({ status });
    return trainerResponseSchema.parse(
      await authClient(`${trainersPath(clubId)}/${trainerId}/status`, { method: 'PATCH', body }),
    ).data;
  });

/** The trainers of one club under its scope; the grid's params are part of the key. */
export const trainersKey = (clubId: number, params?: TrainerListParams) =>
  params ? clubKey(clubId, 'trainers', { ...params }) : clubScope(clubId, 'trainers');

/** One page of trainers for `useServerGrid`, the previous page kept while the next loads. */
export const trainersListQuery = (clubId: number) => (params: TrainerListParams) =>
  queryOptions({
    queryKey: trainersKey(clubId, params),
    queryFn: () => listTrainers(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** Refreshes every page of the club's trainers (after a save, a delete, a status change). */
export function useInvalidateTrainers(clubId: number) {
  return useRefreshAfter('trainers', clubId);
}

/** Creates a trainer (or sends a link request) and refreshes the trainers and the requests. */
export function useCreateTrainer(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TrainerCreateInput) => createTrainer(clubId, values),
    // A request sent instead (202): nobody joined, only the club's requests changed.
    onSuccess: (outcome) =>
      refreshAfter(queryClient, {
        resource: outcome.kind === 'saved' ? 'trainers' : 'link-requests',
        clubId,
      }),
  });
}

/** Saves a trainer's fields and refreshes the club's trainer pages. */
export function useUpdateTrainer(clubId: number) {
  return useMutation({
    ...changes('trainers', clubId),
    mutationFn: ({ id, values }: { id: number; values: TrainerUpdateInput }) =>
      updateTrainer(clubId, id, values),
  });
}

/** Takes a trainer out of the club and refreshes the club's trainer pages. */
export function useRemoveTrainer(clubId: number) {
  return useMutation({
    ...changes('trainers', clubId),
    mutationFn: (id: number) => removeTrainer(clubId, id),
  });
}
