import { useActorRef, useSelector } from '@xstate/react';
import { EDITOR_DIALOG_OPTIONS } from '../../machines/blog-posts.actors';
import * as dialog from '../../machines/save.selectors';
import type { SaveMachine } from '../../machines/save.machine';

/**
 * A tab's editor: its save machine started as a dialog that closes after saving, read as
 * what the document's dialog takes (`dialogProps`) and what it edits (`subject`).
 */
export function useEditorDialog<Subject, Values, Output>(
  logic: SaveMachine<Subject, Values, Output>,
) {
  const editor = useActorRef(logic, { input: EDITOR_DIALOG_OPTIONS });
  const subject = useSelector(editor, dialog.selectSubject);
  const dialogProps = {
    open: useSelector(editor, dialog.selectIsOpen),
    busy: useSelector(editor, dialog.selectIsSaving),
    failure: useSelector(editor, dialog.selectFailure),
    onCancel: () => editor.send({ type: 'save.close' }),
    onSave: (values: Values) => editor.send({ type: 'save.submit', values }),
  };
  return { editor, subject, dialogProps };
}
