import { useActorRef, useSelector } from '@xstate/react';
import type { RefObject } from 'react';
import type { SessionChoices } from '../../../contract/session-choices.schema';
import type { Session } from '../../../contract/sessions.schema';
import * as dialog from '../../machines/save.selectors';
import { SESSION_DIALOG_OPTIONS } from '../../machines/sessions.actors';
import {
  useSessionCancelLogic,
  useSessionDeleteLogic,
  useSessionFormLogic,
  useSessionResultLogic,
} from './calendar.logic';
import { SessionScopeActionDialog } from './session-cancel-dialog';
import { SessionFormDialog } from './session-form-dialog';
import type { SessionPanelAction } from './session-panel';
import { SessionResultDialog } from './session-result-dialog';

const input = { input: SESSION_DIALOG_OPTIONS };

/** The calendar's dialogs (form, cancel, delete, result): one save actor each. */
export function useCalendarDialogs(clubId: number, closePanel: RefObject<() => void>) {
  const editor = useActorRef(useSessionFormLogic(clubId), input);
  const canceller = useActorRef(useSessionCancelLogic(clubId), input);
  const remover = useActorRef(useSessionDeleteLogic(clubId, closePanel), input);
  const recorder = useActorRef(useSessionResultLogic(clubId), input);
  const actors = { edit: editor, cancel: canceller, delete: remover, result: recorder } as const;
  return {
    editor,
    canceller,
    remover,
    recorder,
    /** 'Nueva sesión', on a selected slot or none. */
    create: (slot: { start: string; end: string } | null) =>
      editor.send({ type: 'save.open', subject: { session: null, slot } }),
    /** A panel action on a session. */
    act: (action: SessionPanelAction, session: Session) => {
      if (action === 'edit') editor.send({ type: 'save.open', subject: { session, slot: null } });
      else actors[action].send({ type: 'save.open', subject: session });
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
  const { editor, canceller, remover, recorder } = dialogs;
  const editorOpen = useSelector(editor, dialog.selectIsOpen);
  const editing = useSelector(editor, dialog.selectSubject);
  const saving = useSelector(editor, dialog.selectIsSaving);
  const failure = useSelector(editor, dialog.selectFailure);
  const cancelling = useSelector(canceller, dialog.selectSubject);
  const deleting = useSelector(remover, dialog.selectSubject);
  const recording = useSelector(recorder, dialog.selectSubject);
  return (
    <>
      {/* The form's times are the club's wall clock: it waits for the club's zone. */}
      <SessionFormDialog
        open={editorOpen && choices !== undefined}
        subject={editing}
        categories={choices?.categories.filter((category) => category.can_manage) ?? NO_OPTIONS}
        clubWide={choices?.can_manage_club_wide ?? false}
        trainers={choices?.trainers ?? NO_OPTIONS}
        timeZone={choices?.timezone ?? 'UTC'}
        busy={saving}
        failure={failure}
        onCancel={() => editor.send({ type: 'save.close' })}
        onSave={(values) => editor.send({ type: 'save.submit', values })}
      />
      <SessionScopeActionDialog
        mode="cancel"
        session={cancelling}
        busy={useSelector(canceller, dialog.selectIsSaving)}
        failure={useSelector(canceller, dialog.selectFailure)}
        onClose={() => canceller.send({ type: 'save.close' })}
        onConfirm={(values) => canceller.send({ type: 'save.submit', values })}
      />
      <SessionScopeActionDialog
        mode="delete"
        session={deleting}
        busy={useSelector(remover, dialog.selectIsSaving)}
        failure={useSelector(remover, dialog.selectFailure)}
        onClose={() => remover.send({ type: 'save.close' })}
        onConfirm={({ scope }) => remover.send({ type: 'save.submit', values: { scope } })}
      />
      <SessionResultDialog
        session={recording}
        busy={useSelector(recorder, dialog.selectIsSaving)}
        failure={useSelector(recorder, dialog.selectFailure)}
        onClose={() => recorder.send({ type: 'save.close' })}
        onSave={(values) => recorder.send({ type: 'save.submit', values })}
      />
    </>
  );
}
