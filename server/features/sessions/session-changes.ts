import type { SessionUpdate } from '../../../contract/sessions.schema';

/*
 * The columns a `PATCH …/sessions/{sessionId}` changes (session-edits.ts), shared with the
 * re-planning of a series (session-replan.ts).
 */

/** The field changes of `input` as columns; absent fields are left out. */
export function fieldChanges(input: SessionUpdate) {
  const changes = {
    title: input.title,
    location: input.location,
    trainerUserId: input.trainer_id,
    notes: input.notes,
    categoryId: input.category_id,
    type: input.type,
    opponent: input.opponent,
    homeAway: input.home_away,
    competition: input.competition,
  };
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<{ [K in keyof typeof changes]: Exclude<(typeof changes)[K], undefined> }>;
}

/** The series row's share of `changes` (it has no match fields). */
export const seriesChanges = ({
  opponent: _o,
  homeAway: _h,
  competition: _c,
  ...changes
}: SessionFieldChanges) => changes;

/** What `fieldChanges` gives. */
export type SessionFieldChanges = ReturnType<typeof fieldChanges>;
