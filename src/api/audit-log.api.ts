import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AuditLogParams,
  type AuditLogResponse,
  auditLogResponseSchema,
} from '../../contract/audit-log.schema';
import { listQueryString } from '../../contract/common.schema';
import { authClient, describeFailures } from './http';

/** `GET /api/admin/audit-log` (issue #17, super admin): one page, newest first. */
export const listAuditLog = (params: AuditLogParams): Promise<AuditLogResponse> =>
  describeFailures(async () =>
    auditLogResponseSchema.parse(
      await authClient('/admin/audit-log', { query: listQueryString(params) }),
    ),
  );

export const auditLogListQuery = (params: AuditLogParams) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', { ...params }] as const,
    queryFn: () => listAuditLog(params),
    placeholderData: keepPreviousData,
  });
