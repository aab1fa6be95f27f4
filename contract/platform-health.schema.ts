import { z } from 'zod';

/*
 * Panel Super Admin (issue #17): GET /api/admin/platform-health, the platform's health at
 * a glance. Instants are ISO 8601 strings; sizes in bytes; ages in seconds.
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
};

export const jobOutcomeLabels: Record<(typeof jobOutcomes)[number], string> = {
  running: 'En curso',
  ok: 'Correcto',
  failed: 'Falló',
};
