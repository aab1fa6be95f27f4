import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../contract/common.schema';
import {
  type CommunicationCreateInput,
  type CommunicationListResponse,
  type CommunicationPreview,
  type CommunicationResponse,
  type CommunicationSendInput,
  communicationCreateSchema,
  communicationListResponseSchema,
  communicationPreviewResponseSchema,
  communicationResponseSchema,
  communicationSendSchema,
  type communicationSortFields,
} from '../../contract/communications.schema';
import { listAdminClubs } from './admin-clubs.api';
import { authClient, describeFailures } from './http';
import { changes } from './refresh';

/*
 * Comunicaciones Masivas (issue #17): `/api/admin/communications` (super admin). Answers
 * are parsed with the contract; every failure is a RequestError.
 */

const PATH = '/admin/communications';

export type CommunicationListParams = ListParams<(typeof communicationSortFields)[number]>;

/** `POST …/preview`: how many it would reach and a few names, nothing sent. */
export const previewCommunication = (
  values: CommunicationCreateInput,
): Promise<CommunicationPreview> =>
  describeFailures(async () => {
    const body = communicationCreateSchema.parse(values);
    return communicationPreviewResponseSchema.parse(
      await authClient(`${PATH}/preview`, { method: 'POST', body }),
    ).data;
  });

/**
 * `POST /api/admin/communications` with the message's idempotency key: the communication
 * sent, or the one already sent with that key (`repeated`).
 */
export const sendCommunication = (values: CommunicationSendInput): Promise<CommunicationResponse> =>
  describeFailures(async () => {
    const body = communicationSendSchema.parse(values);
    return communicationResponseSchema.parse(await authClient(PATH, { method: 'POST', body }));
  });

/** `GET /api/admin/communications`: one page of the history. */
export const listCommunications = (
  params: CommunicationListParams,
): Promise<Pick<CommunicationListResponse, 'data' | 'total'>> =>
  describeFailures(async () => {
    const { data, total } = communicationListResponseSchema.parse(
      await authClient(PATH, { query: listQueryString(params) }),
    );
    return { data, total };
  });

export const communicationsKey = ['admin', 'communications'] as const;

/** One page of the history, the previous page kept while the next loads. */
export const communicationsListQuery = (params: CommunicationListParams) =>
  queryOptions({
    queryKey: [...communicationsKey, 'list', { ...params }],
    queryFn: () => listCommunications(params),
    placeholderData: keepPreviousData,
  });

/**
 * The preview of `values` (null: the form is not complete yet, nothing is asked). Kept
 * while the next one loads, so the count does not blink as the person types.
 */
export const communicationPreviewQuery = (values: CommunicationCreateInput | null) =>
  queryOptions({
    queryKey: [...communicationsKey, 'preview', values ? { ...values } : null],
    queryFn: () => previewCommunication(values!),
    enabled: values !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** How many clubs the picker offers per search. */
export const CLUB_SEARCH_PAGE_SIZE = 10;

/**
 * The clubs whose name (or owner) matches `q`, first by name: one small page of
 * `GET /api/admin/clubs`, for the "clubes elegidos" picker. Kept while the next search loads.
 */
export const communicationClubsQuery = (q: string) =>
  queryOptions({
    queryKey: [...communicationsKey, 'clubs', q],
    queryFn: async () => {
      const page = await listAdminClubs({
        page: 1,
        pageSize: CLUB_SEARCH_PAGE_SIZE,
        sort: 'name',
        q,
      });
      return page.data.map(({ id, name }) => ({ id, name }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Sends a communication and refreshes the history. */
export function useSendCommunication() {
  return useMutation({ ...changes('communications'), mutationFn: sendCommunication });
}
