import { z } from 'zod';

/*
 * The calendar's choices (issue #14): `GET /api/pla_club_teams/{id}/sessions/choices`
 * (sessions.view) answers the categories a caller may filter by and create sessions in,
 * and the trainers they may assign, and the club's timezone, for every role — a trainer, a player or a parent
 * holds neither categories.view nor trainers.view, and the calendar needs both lists.
 */

/** An active category the caller sees; `can_manage`: they may create and manage its sessions. */
export const sessionChoiceCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  can_manage: z.boolean(),
});
export type SessionChoiceCategory = z.infer<typeof sessionChoiceCategorySchema>;

/** An active trainer of the club (Entrenador role), by full name. */
export const sessionChoiceTrainerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type SessionChoiceTrainer = z.infer<typeof sessionChoiceTrainerSchema>;

/** What the calendar's filter and session form offer the caller. */
export const sessionChoicesSchema = z.object({
  /** The active categories the caller sees, by name. */
  categories: z.array(sessionChoiceCategorySchema),
  /** Whether the caller may create and manage club-wide sessions ('Todo el club'). */
  can_manage_club_wide: z.boolean(),
  /** The club's active trainers by name; empty for a caller who manages nothing. */
  trainers: z.array(sessionChoiceTrainerSchema),
  /**
   * The club's IANA timezone ('America/Bogota'): the calendar shows and takes its
   * sessions' times as the club's wall clock, whatever the browser's zone.
   */
  timezone: z.string(),
});
export type SessionChoices = z.infer<typeof sessionChoicesSchema>;
