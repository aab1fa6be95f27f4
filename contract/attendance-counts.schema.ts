import { z } from 'zod';

/*
 * The counts behind every attendance rate, alone in their module so a screen that only
 * shows rates (the dashboards, issue #16) does not load the roll call's contract.
 */

/** What every attendance figure counts (server/features/attendance/attendance-figures.ts). */
export const attendanceCountsShape = {
  /** Sessions (not cancelled, starting in the range) with at least one counted mark. */
  sessions: z.number().int(),
  /** Marks counted. */
  recorded: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  /** (present + late) / (recorded − excused), 0 to 1; null when nothing is rated. */
  rate: z.number().nullable(),
};
