import type { CalendarMoveContext } from './sessions-move.machine';

/** What the selectors read of the sessions-move machine's snapshot. */
interface CalendarMoveSnapshot {
  context: CalendarMoveContext;
  matches(state: 'idle' | 'askingScope' | 'saving' | 'reverted'): boolean;
  hasTag(tag: 'loading'): boolean;
}

/** The move whose scope the dialog asks, else null. */
export const selectAskingScope = (snapshot: CalendarMoveSnapshot) =>
  snapshot.matches('askingScope') ? snapshot.context.move : null;

/** True while the server saves a move: the calendar takes no other drop meanwhile. */
export const selectIsMoving = (snapshot: CalendarMoveSnapshot) => snapshot.hasTag('loading');

/** The server's reason for refusing the last move, until the next one; else null. */
export const selectMoveRefusal = (snapshot: CalendarMoveSnapshot) =>
  snapshot.matches('reverted') ? snapshot.context.refusal : null;
