import { z } from 'zod';
import { wholeNumberSchema } from './common.schema';

/*
 * Análisis Global (issue #17): the platform's growth and money month by month, for the
 * super admin. Every figure is defined in docs/platform.md "Análisis Global".
 */

export const ANALYTICS_MONTH_CHOICES = [3, 6, 12, 24] as const;
export const ANALYTICS_MONTHS_MAX = 36;
export const ANALYTICS_DEFAULT_MONTHS = 12;
/** A club is active when it did something in this many days. */
export const ACTIVITY_WINDOW_DAYS = 30;

const monthsMessage = `Los meses deben ser un número entero entre 1 y ${ANALYTICS_MONTHS_MAX}`;

/** `GET /api/admin/analytics?months=12`: the last `months` months, the current one included. */
export const analyticsQuerySchema = z.strictObject(
  {
    months: wholeNumberSchema(monthsMessage)
      .pipe(z.number().min(1, monthsMessage).max(ANALYTICS_MONTHS_MAX, monthsMessage))
      .default(ANALYTICS_DEFAULT_MONTHS),
  },
  { error: 'Este parámetro no existe en el análisis' },
);
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

/** One month of the platform ('YYYY-MM', Bogotá's calendar except `collected`: see the docs). */
export const analyticsMonthSchema = z.object({
  month: z.string(),
  new_clubs: z.number().int(),
  new_users: z.number().int(),
  new_players: z.number().int(),
  /** Totals at the end of the month (or now, for the current one). */
  clubs_total: z.number().int(),
  users_total: z.number().int(),
  players_total: z.number().int(),
  /** Clubs with activity in the 30 days up to the month's end (or now). */
  active_clubs: z.number().int(),
  /** Σ amount_due of the month's period, not cancelled (money-figures' billed), in pesos. */
  billed: z.number().int(),
  /** Of `billed`, the balance exempted. */
  exempt: z.number().int(),
  /** Σ approved records by approval instant in each club's timezone (money-figures' collected). */
  collected: z.number().int(),
});
export type AnalyticsMonth = z.infer<typeof analyticsMonthSchema>;

export const analyticsSchema = z.object({
  months: z.array(analyticsMonthSchema),
  /** Now: clubs, users and players, and clubs active in the last 30 days. */
  totals: z.object({
    clubs: z.number().int(),
    users: z.number().int(),
    players: z.number().int(),
    active_clubs: z.number().int(),
  }),
  generated_at: z.string(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsResponseSchema = z.object({
  success: z.literal(true),
  data: analyticsSchema,
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
