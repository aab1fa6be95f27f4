import { useActorRef } from '@xstate/react';
import type { RefObject } from 'react';
import type { SessionChoices } from '../../../contract/session-choices.schema';
import type { Session } from '../../../contract/sessions.schema';
import { saveEvents, useSaveActor } from '../../components/use-machine-flow';
import { SESSION_DIALOG_OPTIONS } from '../../machines/sessions.actors';
import {
  useSessionCancelLogic,
  useSessionDeleteLogic,
  useSessionFormLogic,
  useSessionResultLogic,
} from './calendar.logic';
import { SessionScopeActionDialog } from '../sessions/session-cancel-dialog';
import { SessionFormDialog } from '../sessions/session-form-dialog';
import type { SessionPanelAction } from '../sessions/session-panel';
import { SessionResultDialog } from '../sessions/session-result-dialog';

const input = { input: SESSION_DIALOG_OPTIONS };

/** The calendar's dialogs (form, cancel, delete, result): one save actor each. */
export function useCalendarDialogs(clubId: number, closePanel: RefObject<() => void>) {
  const editor = useActorRef(useSessionFormLogic(clubId), input);
  const canceller = useActorRef(useSessionCancelLogic(clubId), input);
  const remover = useActorRef(useSessionDeleteLogic(clubId, closePanel), input);
  const recorder = useActorRef(useSessionResultLogic(clubId), input);
  // Opening sends without reading the actors: only the dialog that opens redraws.
  const edit = saveEvents(editor).open;
  const opens = {
    cancel: saveEvents(canceller).open,
    delete: saveEvents(remover).open,
    result: saveEvents(recorder).open,
  };
  return {
    editor,
    canceller,
    remover,
    recorder,
    /** 'Nueva sesión', on a selected slot or none. */
    create: (slot: { start: string; end: string } | null) => edit({ session: null, slot }),
    /** A panel action on a session. */
    act: (action: SessionPanelAction, session: Session) => {
      if (action === 'edit') edit({ session, slot: null });
      else opens[action](session);
    },
  };
}

interface CalendarDialogsProps {
  dialogs: ReturnType<typeof useCalendarDialogs>;
  /** What the form offers (the server's choices for the caller); none while they load. */
  choices: SessionChoices | undefined;
}

const NO_OPTIONS = [] as const;

export function CalendarDialogs({ dialogs, choices }: CalendarDialogsProps) {
  const editor = useSaveActor(dialogs.editor);
  const canceller = useSaveActor(dialogs.canceller);
  const remover = useSaveActor(dialogs.remover);
  const recorder = useSaveActor(dialogs.recorder);
  return (
    <>
      {/* The form's times are the club's wall clock: it waits for the club's zone. */}
      <SessionFormDialog
        open={editor.isOpen && choices !== undefined}
        subject={editor.subject}
        categories={choices?.categories.filter((category) => category.can_manage) ?? NO_OPTIONS}
        clubWide={choices?.can_manage_club_wide ?? false}
        trainers={choices?.trainers ?? NO_OPTIONS}
        timeZone={choices?.timezone ?? 'UTC'}
        busy={editor.busy}
        failure={editor.failure}
        onCancel={editor.close}
        onSave={editor.submit}
      />
      <SessionScopeActionDialog
        mode="cancel"
        session={canceller.subject}
        busy={canceller.busy}
        failure={canceller.failure}
        onClose={canceller.close}
        onConfirm={canceller.submit}
      />
      <SessionScopeActionDialog
        mode="delete"
        session={remover.subject}
        busy={remover.busy}
        failure={remover.failure}
        onClose={remover.close}
        onConfirm={({ scope }) => remover.submit({ scope })}
      />
      <SessionResultDialog
        session={recorder.subject}
        busy={recorder.busy}
        failure={recorder.failure}
        onClose={recorder.close}
        onSave={recorder.submit}
      />
    </>
  );
}
