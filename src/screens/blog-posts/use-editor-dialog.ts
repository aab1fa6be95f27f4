import { useSaveFlow } from '../../components/use-machine-flow';
import { EDITOR_DIALOG_OPTIONS } from '../../machines/blog-posts.actors';
import type { SaveMachine } from '../../machines/save.machine';

/**
 * A tab's editor: its save machine started as a dialog that closes after saving, read as
 * what the document's dialog takes (`dialogProps`), what it edits (`subject`) and how to
 * open it on a document or on none (`open`).
 */
export function useEditorDialog<Subject, Values, Output>(
  logic: SaveMachine<Subject, Values, Output>,
) {
  const editor = useSaveFlow(logic, EDITOR_DIALOG_OPTIONS);
  const dialogProps = {
    open: editor.isOpen,
    busy: editor.busy,
    failure: editor.failure,
    onCancel: editor.close,
    onSave: editor.submit,
  };
  return { open: editor.open, subject: editor.subject, dialogProps };
}
