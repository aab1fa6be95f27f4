import type { SaveContext } from './save.machine';

/** What the selectors read of any typed use of the save machine. */
interface SaveSnapshot<Subject, Output> {
  context: SaveContext<Subject, Output>;
  matches(state: 'start' | 'closed' | 'editing' | 'saving' | 'saved'): boolean;
  hasTag(tag: 'loading'): boolean;
}

/** Whether the dialog shows (a form that is not a dialog is always open). */
export const selectIsOpen = <S, O>(snapshot: SaveSnapshot<S, O>) =>
  !snapshot.matches('closed') && !snapshot.matches('start');

/** What the open dialog edits, else null. */
export const selectSubject = <S, O>(snapshot: SaveSnapshot<S, O>) =>
  selectIsOpen(snapshot) ? snapshot.context.subject : null;

export const selectIsSaving = <S, O>(snapshot: SaveSnapshot<S, O>) => snapshot.hasTag('loading');

/** One save at a time, from the open form only. */
export const selectCanSave = <S, O>(snapshot: SaveSnapshot<S, O>) => snapshot.matches('editing');

/** The server's answer the screen shows after a save (the link, the message), else null. */
export const selectSaved = <S, O>(snapshot: SaveSnapshot<S, O>) =>
  snapshot.matches('saved') ? snapshot.context.saved : null;

/** Why the last save was refused (message and field errors), or null. */
export const selectFailure = <S, O>(snapshot: SaveSnapshot<S, O>) => snapshot.context.failure;
