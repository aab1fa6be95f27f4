import { z } from 'zod';

/*
 * Panel Super Admin (issue #17): GET /api/admin/platform-health, the platform's health at
 * a glance, and (issue #36) the job queue's failed jobs with their error:
 * GET /api/admin/job-failures, POST /api/admin/job-failures/{queue}/{id}/retry.
 * Instants are ISO 8601 strings; sizes in bytes; ages in seconds.
 */

export const jobOutcomes = ['running', 'ok', 'failed'] as const;

/** The last run of one background job (job_runs). */
export const jobRunSchema = z.object({
  job: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(jobOutcomes),
  summary: z.record(z.string(), z.unknown()),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** One recorded 5xx: the route's pattern, never its URL or body. */
export const serverErrorSchema = z.object({
  id: z.int(),
  at: z.string(),
  method: z.string(),
  route: z.string(),
  status_code: z.int(),
  message: z.string(),
});
export type ServerErrorRow = z.infer<typeof serverErrorSchema>;

/** The job queue's queues (server/queue/job-queue.ts `queueNames`). */
export const jobQueues = [
  'mail',
  'payment-generation',
  'payment-reminders',
  'session-reminders',
  'communications',
  'exports',
  'exports-cleanup',
] as const;
export type JobQueueName = (typeof jobQueues)[number];

/** Jobs waiting, running and failed (still kept) in one queue. */
export const queueDepthSchema = z.object({
  queue: z.enum(jobQueues),
  queued: z.int().nonnegative(),
  active: z.int().nonnegative(),
  failed: z.int().nonnegative(),
});
export type QueueDepth = z.infer<typeof queueDepthSchema>;

export const platformHealthSchema = z.object({
  /** package.json's version. */
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** pg_database_size of the app's database; null when it could not be read. */
    size_bytes: z.int().nonnegative().nullable(),
  }),
  outbox: z.object({
    pending: z.int().nonnegative(),
    failed: z.int().nonnegative(),
    /** Seconds the oldest pending e-mail has waited; null when none waits. */
    oldest_pending_age_seconds: z.int().nonnegative().nullable(),
  }),
  jobs: z.array(jobRunSchema),
  /** The job queue's depth per queue; empty when the server runs no queue (or is older). */
  queues: z.array(queueDepthSchema).default([]),
  errors: z.object({
    /** 5xx answers of the last 24 hours. */
    last_24h: z.int().nonnegative(),
    /** The last 10, newest first. */
    recent: z.array(serverErrorSchema),
  }),
  /** When this answer was computed. */
  checked_at: z.string(),
});
export type PlatformHealth = z.infer<typeof platformHealthSchema>;

export const platformHealthResponseSchema = z.object({ data: platformHealthSchema });

/** The background jobs' Spanish names, by job_runs' `job`. */
export const jobLabels: Record<string, string> = {
  'payment-generation': 'Generación de pagos',
  'payment-reminders': 'Recordatorios de pago',
  'session-reminders': 'Recordatorios de sesiones',
  'exports-cleanup': 'Limpieza de exportaciones',
};

/** The queues' Spanish names: the mail queue, then the background jobs' own. */
export const jobQueueLabels: Record<JobQueueName, string> = {
  mail: 'Correo',
  'payment-generation': 'Generación de pagos',
  'payment-reminders': 'Recordatorios de pago',
  'session-reminders': 'Recordatorios de sesiones',
  communications: 'Comunicaciones masivas',
  exports: 'Exportaciones',
  'exports-cleanup': 'Limpieza de exportaciones',
};

export const jobFailureMessages = {
  badQueue: `La cola debe ser una de: ${jobQueues.join(', ')}`,
  badId: 'El identificador de la tarea no es válido',
  notFailed: 'La tarea no existe o ya no está fallida',
  retried: 'Tarea enviada de nuevo',
} as const;

/** One failed job of the queue, with the error of its last attempt. */
export const jobFailureSchema = z.object({
  /** pg-boss's id (a UUID). */
  id: z.string(),
  queue: z.enum(jobQueues),
  /** The last attempt's error message (at most 1000 characters). */
  error: z.string(),
  /** How many times it was retried before failing for good. */
  retry_count: z.int().nonnegative(),
  created_at: z.string(),
  /** When it failed for good; null when pg-boss did not record it. */
  failed_at: z.string().nullable(),
});
export type JobFailure = z.infer<typeof jobFailureSchema>;

/** `GET /api/admin/job-failures`: the latest failure first, at most 50. */
export const jobFailuresResponseSchema = z.object({ data: z.array(jobFailureSchema) });

/** `{queue}/{id}` of `POST /api/admin/job-failures/{queue}/{id}/retry`. */
export const jobFailureParamsSchema = z.object({
  queue: z.enum(jobQueues, { error: jobFailureMessages.badQueue }),
  id: z
    .string({ error: jobFailureMessages.badId })
    .pipe(z.uuid({ error: jobFailureMessages.badId }))
    .transform((id) => id.toLowerCase()),
});
export type JobFailureParams = z.output<typeof jobFailureParamsSchema>;

export const jobRetryResponseSchema = z.object({
  data: z.object({ retried: z.literal(true) }),
});

export const jobOutcomeLabels: Record<(typeof jobOutcomes)[number], string> = {
  running: 'En curso',
  ok: 'Correcto',
  failed: 'Falló',
};
