import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../contract/common.schema';
import {
  type CommunicationCreateInput,
  type CommunicationListResponse,
  type CommunicationPreview,
  type CommunicationResponse,
  communicationCreateSchema,
  communicationListResponseSchema,
  communicationPreviewResponseSchema,
  communicationResponseSchema,
  type communicationSortFields,
} from '../../contract/communications.schema';
import { authClient, describeFailures } from './http';

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

/** `POST /api/admin/communications`: the communication sent (or the same one, `repeated`). */
export const sendCommunication = (
  values: CommunicationCreateInput,
): Promise<CommunicationResponse> =>
  describeFailures(async () => {
    const body = communicationCreateSchema.parse(values);
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

/** Sends a communication and refreshes the history. */
export function useSendCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCommunication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationsKey }),
  });
}
