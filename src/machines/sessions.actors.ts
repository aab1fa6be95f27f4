import { fromPromise } from 'xstate';
import type {
  Session,
  SessionCancelInput,
  SessionCreateInput,
  SessionResultInput,
  SessionScope,
  SessionUpdateInput,
  SessionWriteResponse,
} from '../../contract/sessions.schema';
import type { calendarMoveMachine, MoveRequest } from './sessions-move.machine';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * The calendar screen's flows with their effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/sessions.api.ts's mutations (which refresh the
 * calendar) satisfy them, tests pass fakes. The dialogs with fields (the session form, the
 * cancellation with its scope and reason, the delete with its scope, the result) are the
 * save machine; only the drag-move has its own machine (sessions-move.machine.ts).
 */

/** "3 sesiones", "1 sesión". */
export const sessionsText = (count: number) => (count === 1 ? '1 sesión' : `${count} sesiones`);

/** What a series write left alone, from the server's `kept`: '' when nothing. */
const keptText = (kept: number) =>
  kept === 0 ? '' : `; ${sessionsText(kept)} con asistencia no se tocaron`;

/** "Sesión actualizada", "3 sesiones actualizadas; 1 sesión con asistencia no se tocaron". */
export const writeText = (
  verb: 'actualizada' | 'cancelada' | 'eliminada',
  answer: Pick<SessionWriteResponse, 'affected' | 'kept'>,
) => {
  const plural = verb.replace(/a$/, 'as');
  const what =
    answer.affected === 1 ? `Sesión ${verb}` : `${sessionsText(answer.affected)} ${plural}`;
  return `${what}${keptText(answer.kept)}`;
};

/** The form dialog opens on a session to edit, or on a new one (a chosen slot, maybe). */
export interface SessionToEdit {
  session: Session | null;
  /** For a new session: the slot selected on the calendar (ISO instants), else null. */
  slot: { start: string; end: string } | null;
}

/** What the form sends: a create body, or an edit body with its scope. */
export type SessionFormValues =
  { kind: 'create'; values: SessionCreateInput } | { kind: 'update'; values: SessionUpdateInput };

export const sessionFormMachine = saveFor<SessionToEdit, SessionFormValues, SessionWriteResponse>();

/** Every dialog of the calendar closes on the server's answer. */
export const SESSION_DIALOG_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export interface SessionFormDeps {
  createSession: (values: SessionCreateInput) => Promise<SessionWriteResponse>;
  updateSession: (change: {
    id: number;
    values: SessionUpdateInput;
  }) => Promise<SessionWriteResponse>;
  toast: Toast;
}

export function createSessionFormImplementations(deps: SessionFormDeps) {
  return {
    actors: {
      save: fromPromise<SessionWriteResponse, SaveRequest<SessionToEdit, SessionFormValues>>(
        ({ input: { subject, values } }) => {
          if (values.kind === 'create') return deps.createSession(values.values);
          if (!subject?.session) throw new Error('No session to edit');
          return deps.updateSession({ id: subject.session.id, values: values.values });
        },
      ),
    },
    actions: {
      notifySaved: (_, { subject, output }) =>
        deps.toast(
          subject?.session
            ? writeText('actualizada', output)
            : output.affected > 1
              ? `Serie creada: ${sessionsText(output.affected)}`
              : `Sesión ${output.session.title} creada`,
        ),
    },
  } satisfies SaveImplementations<SessionToEdit, SessionFormValues, SessionWriteResponse>;
}

/** Cancelling: the scope and the reason the dialog asks. */
export const sessionCancelMachine = saveFor<Session, SessionCancelInput, SessionWriteResponse>();

export interface SessionCancelDeps {
  cancelSession: (change: {
    id: number;
    values: SessionCancelInput;
  }) => Promise<SessionWriteResponse>;
  toast: Toast;
}

export function createSessionCancelImplementations(deps: SessionCancelDeps) {
  return {
    actors: {
      save: fromPromise<SessionWriteResponse, SaveRequest<Session, SessionCancelInput>>(
        ({ input: { subject, values } }) => {
          if (!subject) throw new Error('No session to cancel');
          return deps.cancelSession({ id: subject.id, values });
        },
      ),
    },
    actions: { notifySaved: (_, { output }) => deps.toast(writeText('cancelada', output)) },
  } satisfies SaveImplementations<Session, SessionCancelInput, SessionWriteResponse>;
}

/** Deleting: the scope the dialog asks (a single session: 'this'). */
export const sessionDeleteMachine = saveFor<
  Session,
  { scope: SessionScope },
  { affected: number; kept: number }
>();

export interface SessionDeleteDeps {
  removeSession: (change: {
    id: number;
    scope: SessionScope;
  }) => Promise<{ affected: number; kept: number }>;
  /** Closes the side panel: the session is gone. */
  closePanel: () => void;
  toast: Toast;
}

export function createSessionDeleteImplementations(deps: SessionDeleteDeps) {
  return {
    actors: {
      save: fromPromise<
        { affected: number; kept: number },
        SaveRequest<Session, { scope: SessionScope }>
      >(({ input: { subject, values } }) => {
        if (!subject) throw new Error('No session to delete');
        return deps.removeSession({ id: subject.id, scope: values.scope });
      }),
    },
    actions: {
      notifySaved: (_, { output }) => {
        if (output.affected > 0) deps.closePanel();
        deps.toast(writeText('eliminada', output));
      },
    },
  } satisfies SaveImplementations<
    Session,
    { scope: SessionScope },
    { affected: number; kept: number }
  >;
}

/** 'Registrar resultado' of a match or a tournament. */
export const sessionResultMachine = saveFor<Session, SessionResultInput, SessionWriteResponse>();

export interface SessionResultDeps {
  recordResult: (change: {
    id: number;
    values: SessionResultInput;
  }) => Promise<SessionWriteResponse>;
  toast: Toast;
}

export function createSessionResultImplementations(deps: SessionResultDeps) {
  return {
    actors: {
      save: fromPromise<SessionWriteResponse, SaveRequest<Session, SessionResultInput>>(
        ({ input: { subject, values } }) => {
          if (!subject) throw new Error('No session to record');
          return deps.recordResult({ id: subject.id, values });
        },
      ),
    },
    actions: {
      notifySaved: (_, { output }) =>
        deps.toast(
          `Resultado registrado: ${output.session.score_ours ?? 0} - ${output.session.score_theirs ?? 0}`,
        ),
    },
  } satisfies SaveImplementations<Session, SessionResultInput, SessionWriteResponse>;
}

export interface CalendarMoveDeps {
  moveSession: (change: {
    id: number;
    values: SessionUpdateInput;
  }) => Promise<SessionWriteResponse>;
  /** Puts the dropped event back where it was (FullCalendar's `revert`). */
  revert: (sessionId: number) => void;
  toast: Toast;
}

/** The drag-move with its effects: PATCH the new instants over the chosen scope. */
export function createCalendarMoveImplementations(deps: CalendarMoveDeps) {
  return {
    actors: {
      save: fromPromise<SessionWriteResponse, MoveRequest>(({ input: { move, scope } }) =>
        deps.moveSession({
          id: move.sessionId,
          values: { scope, starts_at: move.startsAt, ends_at: move.endsAt },
        }),
      ),
    },
    actions: {
      revert: (_, { move }) => deps.revert(move.sessionId),
      notifyMoved: (_, { output }) => deps.toast(writeText('actualizada', output)),
      // The server says why (attendance taken, not your category), as it said it.
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies Parameters<typeof calendarMoveMachine.provide>[0];
}
