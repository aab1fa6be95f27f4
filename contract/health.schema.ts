import { z } from 'zod';
import { apiErrorSchema } from './api-error.schema';

/*
 * What a load balancer asks (issue #36 item 4, docs/deploy.md): `GET /api/health/live`,
 * whether the process answers at all, and `GET /api/health/ready`, whether it can serve
 * now (its database, its file storage and, when there is one, its job queue).
 */

/** `GET /api/health/live`: the process is up; nothing else is checked. */
export const healthLiveSchema = z.object({ status: z.literal('ok') });

/** What the readiness check looked at. */
export const readinessCheckNameSchema = z.enum(['database', 'storage', 'queue']);

/** Each check's outcome: `failed` covers an error and an answer that came too late. */
export const readinessCheckStateSchema = z.enum(['ok', 'failed']);

/** The outcome of every check that ran, by name (a check the server does not have is absent). */
export const readinessChecksSchema = z.object({
  database: readinessCheckStateSchema.optional(),
  storage: readinessCheckStateSchema.optional(),
  queue: readinessCheckStateSchema.optional(),
});

/** `GET /api/health/ready` 200: every check passed. */
export const healthReadySchema = z.object({
  status: z.literal('ok'),
  checks: readinessChecksSchema,
});

/** `GET /api/health/ready` 503: the usual error body, plus which checks failed. */
export const healthNotReadySchema = apiErrorSchema.extend({ checks: readinessChecksSchema });

export type ReadinessCheckName = z.infer<typeof readinessCheckNameSchema>;
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** The Spanish message of a 503, naming what failed. */
export const readinessMessages = {
  notReady: 'El servicio no está listo',
  names: {
    database: 'la base de datos',
    storage: 'el almacenamiento de archivos',
    queue: 'la cola de tareas',
  },
} as const satisfies { notReady: string; names: Record<ReadinessCheckName, string> };
