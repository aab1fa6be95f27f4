import type { ConfirmActionContext } from './confirm-action.machine';

/** What the selectors read of any typed use of the confirm-action machine. */
interface ConfirmActionSnapshot<Subject> {
  context: ConfirmActionContext<Subject>;
  matches(state: 'idle' | 'confirming' | 'running' | 'done' | 'failed'): boolean;
  hasTag(tag: 'loading'): boolean;
}

/**
 * The subject the confirmation dialog names while it is open: while asking, and while a
 * confirmed request runs (the dialog waits, busy); else null.
 */
export const selectAsking = <Subject>(snapshot: ConfirmActionSnapshot<Subject>) => {
  const { subject, confirm } = snapshot.context;
  const open = snapshot.matches('confirming') || (snapshot.matches('running') && confirm);
  return open ? subject : null;
};

/** True while the server runs the action: its buttons and switches wait. */
export const selectIsRunning = <Subject>(snapshot: ConfirmActionSnapshot<Subject>) =>
  snapshot.hasTag('loading');

/** The subject being sent, whose asked-for value the screen shows meanwhile; else null. */
export const selectInFlight = <Subject>(snapshot: ConfirmActionSnapshot<Subject>) =>
  snapshot.matches('running') ? snapshot.context.subject : null;

/** The server's reason for refusing the last run, until the next request; else null. */
export const selectRefusal = <Subject>(snapshot: ConfirmActionSnapshot<Subject>) =>
  snapshot.matches('failed') ? snapshot.context.refusal : null;
