import { z } from 'zod';
import { analyticsSchema } from './analytics.schema';
import { attendanceCountsShape } from './attendance-counts.schema';
import { paymentSummarySchema } from './payments.schema';
import { sessionTypes } from './sessions.labels';

/*
 * The dashboards of every role (issue #16, SPEC §6/§7): `GET /api/dashboard/{club-owner|
 * accountant|trainer|super-admin}` here; `player` and `parent` are the families'
 * (contract/parents.schema.ts). Each answers the working club in one call, every figure
 * from the canonical modules (money-figures.ts, attendance-figures.ts), each block with
 * the period it covers. A caller without the endpoint's role in the working club gets
 * 403 `dashboardMessages.notYourRole` (a super admin passes).
 * What each figure counts, and the screen it agrees with: docs/dashboards.md.
 */

/** How many months the billed-vs-collected chart shows, the current one included. */
export const DASHBOARD_MONTHS = 6;
/** The attendance figures look back this many days (up to now). */
export const ATTENDANCE_WINDOW_DAYS = 30;
/** Upcoming sessions: those starting within this many days from now. */
export const UPCOMING_DAYS = 7;
/** At most this many upcoming sessions are listed. */
export const UPCOMING_MAX = 8;
/** Sessions still without roll call are looked for this many days back. */
export const TO_TAKE_DAYS = 14;
/** A player is low on attendance below this rate (over ATTENDANCE_WINDOW_DAYS). */
export const LOW_ATTENDANCE_RATE = 0.7;
/** At most this many low-attendance players and receipts are listed. */
export const DASHBOARD_LIST_MAX = 10;

export const dashboardMessages = {
  notYourRole: 'Este tablero es de otro rol: no tienes ese rol en este club',
  /** The player's and the parent's dashboards span every club: the role counts in any. */
  notYourFamilyRole: (role: string) =>
    `Este tablero es para quien tiene el rol ${role}, y no lo tienes en ningún club`,
  noClub: 'Selecciona un club para ver su tablero',
} as const;

/** The steps of a new club's set-up, in order (the screen names and links them). */
export const setupSteps = [
  'club_data',
  'first_category',
  'first_trainer',
  'players',
  'first_charge',
  'payment_methods',
  'first_period',
] as const;
export type SetupStep = (typeof setupSteps)[number];

const int = () => z.number().int();
const clubRefSchema = z.object({ id: int(), name: z.string() });
/**
 * The working club of a club dashboard, with its timezone (clubs.timezone): the screen
 * shows every day and time in it without loading the calendar's choices.
 */
export const dashboardClubSchema = clubRefSchema.extend({ timezone: z.string() });
export type DashboardClub = z.infer<typeof dashboardClubSchema>;

/** A span of time: `from` included, `to` excluded (ISO instants, or 'YYYY-MM-DD' days). */
export const spanSchema = z.object({ from: z.string(), to: z.string() });

/** One month of the chart: billed of its period and collected in it (money-figures.ts). */
export const moneyMonthSchema = z.object({ month: z.string(), billed: int(), collected: int() });
export type MoneyMonth = z.infer<typeof moneyMonthSchema>;

/** The money part, shared by the owner and the accountant. */
const moneyShape = {
  /** The Pagos header of the club's current month (its `period`): GET …/payments/summary. */
  money: paymentSummarySchema,
  /** The last DASHBOARD_MONTHS months, oldest first, the current one last. */
  money_months: z.array(moneyMonthSchema),
};

/** A session as a dashboard lists it. */
export const dashboardSessionSchema = z.object({
  id: int(),
  title: z.string(),
  type: z.enum(sessionTypes),
  starts_at: z.string(),
  ends_at: z.string(),
  location: z.string().nullable(),
  /** null: a club-wide session. */
  category: clubRefSchema.nullable(),
  /** Marks recorded for it (0: no roll call yet). */
  marks: int(),
});
export type DashboardSession = z.infer<typeof dashboardSessionSchema>;

export const categoryAttendanceSchema = z.object({
  /** null = the club-wide sessions. */
  category_id: int().nullable(),
  category_name: z.string().nullable(),
  ...attendanceCountsShape,
});

/** `GET /api/dashboard/club-owner`. */
export const clubOwnerDashboardSchema = z.object({
  club: dashboardClubSchema,
  generated_at: z.string(),
  /** What the Jugadores, Entrenadores and Categorías grids count with no filter. */
  counts: z.object({ players: int(), trainers: int(), categories: int() }),
  ...moneyShape,
  /** attendanceRateByCategory over the last ATTENDANCE_WINDOW_DAYS days. */
  attendance: spanSchema.extend({ categories: z.array(categoryAttendanceSchema) }),
  /** Scheduled sessions starting in the next UPCOMING_DAYS days, soonest first. */
  upcoming: spanSchema.extend({ sessions: z.array(dashboardSessionSchema) }),
  /** Every step in `setupSteps` order; `complete` when all are done. */
  checklist: z.object({
    complete: z.boolean(),
    steps: z.array(z.object({ step: z.enum(setupSteps), done: z.boolean() })),
  }),
});
export type ClubOwnerDashboard = z.infer<typeof clubOwnerDashboardSchema>;

/** `GET /api/dashboard/accountant`. */
export const accountantDashboardSchema = z.object({
  club: dashboardClubSchema,
  generated_at: z.string(),
  ...moneyShape,
  /**
   * Overdue payments (money-figures' overdue, any period, the club's today) by the
   * category they were billed under: Σ = money.overdue.
   */
  debtors: z.object({
    as_of: z.string(),
    categories: z.array(
      z.object({
        category_id: int().nullable(),
        category_name: z.string().nullable(),
        players: int(),
        payments: int(),
        amount: int(),
      }),
    ),
  }),
  /** Records approved in money.period by method (approval instant): Σ amount = money.collected. */
  methods: z.array(
    z.object({
      method_id: int().nullable(),
      method_name: z.string(),
      records: int(),
      amount: int(),
    }),
  ),
  /**
   * Receipts (approved records) issued in the 7 days up to now by approval instant: how
   * many, their amount, the latest DASHBOARD_LIST_MAX.
   */
  receipts: spanSchema.extend({
    count: int(),
    amount: int(),
    latest: z.array(
      z.object({
        /** The approved payment record. */
        record_id: int(),
        payment_id: int(),
        receipt_number: int(),
        player: z.object({ id: int(), name: z.string(), lastname: z.string() }),
        amount: int(),
        issued_at: z.string(),
      }),
    ),
  }),
});
export type AccountantDashboard = z.infer<typeof accountantDashboardSchema>;

/** `GET /api/dashboard/trainer`: the caller's categories only (their trainer scope). */
export const trainerDashboardSchema = z.object({
  club: dashboardClubSchema,
  generated_at: z.string(),
  /** Their categories, and the current players of them (the Jugadores grid they see). */
  counts: z.object({ categories: int(), players: int() }),
  /** The club's today ('YYYY-MM-DD', its timezone) and its sessions, not cancelled. */
  today: z.object({ date: z.string(), sessions: z.array(dashboardSessionSchema) }),
  /** Monday to Sunday of the club's current week ('YYYY-MM-DD', `to` excluded). */
  week: spanSchema.extend({ sessions: z.array(dashboardSessionSchema) }),
  /** Sessions started in the last TO_TAKE_DAYS days, not cancelled, with no marks. */
  to_take: spanSchema.extend({ sessions: z.array(dashboardSessionSchema) }),
  /** Their players rated below LOW_ATTENDANCE_RATE over ATTENDANCE_WINDOW_DAYS, lowest first. */
  low_attendance: spanSchema.extend({
    threshold: z.number(),
    players: z.array(z.object({ player_id: int(), name: z.string(), ...attendanceCountsShape })),
  }),
});
export type TrainerDashboard = z.infer<typeof trainerDashboardSchema>;

/** `GET /api/dashboard/super-admin`: Análisis Global over DASHBOARD_MONTHS months. */
export const superAdminDashboardSchema = analyticsSchema;
export type SuperAdminDashboard = z.infer<typeof superAdminDashboardSchema>;

const response = <T extends z.ZodType>(data: T) => z.object({ data });
export const clubOwnerDashboardResponseSchema = response(clubOwnerDashboardSchema);
export const accountantDashboardResponseSchema = response(accountantDashboardSchema);
export const trainerDashboardResponseSchema = response(trainerDashboardSchema);
export const superAdminDashboardResponseSchema = response(superAdminDashboardSchema);

/** A family's charts (player and parent dashboards): the last DASHBOARD_MONTHS months. */
export const familyChartsSchema = z.object({
  /** attendanceRateByMonth of the player, 'YYYY-MM' oldest first (months without marks absent). */
  attendance_months: z.array(z.object({ month: z.string(), ...attendanceCountsShape })),
  /** The player's payments by period: billed (not cancelled) and paid of it. */
  payment_months: z.array(z.object({ month: z.string(), billed: int(), paid: int() })),
});
export type FamilyCharts = z.infer<typeof familyChartsSchema>;
