import { z } from 'zod';
import {
  type ListParams,
  listQuerySchema,
  listResponseSchema,
  requiredText,
} from './common.schema';

/*
 * The clubs of the platform as the super admin sees them (issue #17, Administración del
 * Sistema): `GET /api/admin/clubs`, `POST /api/admin/clubs/{id}/suspend` and
 * `POST /api/admin/clubs/{id}/reactivate`. A suspended club refuses its members on every
 * club-scoped endpoint (423, `adminClubMessages.suspended`); the super admin still enters.
 */

/** The status the grid shows: suspension wins over the stored active/archived. */
export const adminClubStatuses = ['active', 'suspended', 'archived'] as const;
export type AdminClubStatus = (typeof adminClubStatuses)[number];
export const adminClubStatusLabels: Record<AdminClubStatus, string> = {
  active: 'Activo',
  suspended: 'Suspendido',
  archived: 'Archivado',
};

export const SUSPENSION_REASON_MAX = 500;

export const adminClubMessages = {
  notFound: 'Club no encontrado',
  badStatus: "El estado debe ser 'active', 'suspended' o 'archived'",
  alreadySuspended: 'El club ya está suspendido',
  notSuspended: 'El club no está suspendido',
  /** What a member of a suspended club reads on every club-scoped endpoint (423). */
  suspended: (reason: string) => `Este club está suspendido: ${reason}`,
} as const;

export const adminClubSortFields = [
  'name',
  'status',
  'owner_name',
  'players_count',
  'members_count',
  'created_at',
] as const;
export type AdminClubSortField = (typeof adminClubSortFields)[number];

/** `GET /api/admin/clubs`: `q` over the club's name and its owners' names and e-mails. */
export const adminClubListQuerySchema = listQuerySchema({
  sortable: adminClubSortFields,
  defaultSort: '-created_at',
  filters: {
    status: z.enum(adminClubStatuses, { error: adminClubMessages.badStatus }).optional(),
  },
});
export type AdminClubListQuery = z.output<typeof adminClubListQuerySchema>;
export type AdminClubListParams = ListParams<AdminClubSortField> & {
  status?: AdminClubStatus | '';
};

export const adminClubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(adminClubStatuses),
  suspension_reason: z.string().nullable(),
  suspended_at: z.string().nullable(),
  /** The first owner (lowest user id) when the club has several. */
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  players_count: z.number().int(),
  members_count: z.number().int(),
  created_at: z.string(),
});
export type AdminClub = z.infer<typeof adminClubSchema>;

export const adminClubListResponseSchema = listResponseSchema(adminClubSchema);
export type AdminClubListResponse = z.infer<typeof adminClubListResponseSchema>;
export const adminClubResponseSchema = z.object({ data: adminClubSchema });

/** `POST /api/admin/clubs/{id}/suspend`. */
export const clubSuspendSchema = z.object({
  reason: requiredText('El motivo', SUSPENSION_REASON_MAX, { multiline: true }),
});
export type ClubSuspendInput = z.input<typeof clubSuspendSchema>;
