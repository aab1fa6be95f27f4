import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { SessionScope } from '../../../contract/sessions.schema';
import type { SessionMove } from '../../machines/sessions-move.machine';
import * as move from '../../machines/sessions-move.selectors';
import { useCalendarMoveLogic } from './calendar.logic';

/**
 * The calendar's drag-move: FullCalendar's drop (or resize) goes to the sessions-move
 * actor with its `revert` kept aside; the scope dialog answers or cancels.
 */
export function useCalendarMove(clubId: number) {
  const reverts = useRef(new Map<number, () => void>());
  const mover = useActorRef(useCalendarMoveLogic(clubId, reverts));
  const asking = useSelector(mover, move.selectAskingScope);
  const moving = useSelector(mover, move.selectIsMoving);
  return {
    /** The move whose scope the dialog asks, else null. */
    asking,
    /** True while a move is saved. */
    moving,
    onMove: (dropped: SessionMove, revert: () => void) => {
      reverts.current.set(dropped.sessionId, revert);
      mover.send({ type: 'move.request', move: dropped });
    },
    onScope: (scope: SessionScope) => mover.send({ type: 'move.scope', scope }),
    onCancel: () => mover.send({ type: 'move.cancel' }),
  };
}
