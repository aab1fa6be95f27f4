import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ConfirmActionMachine } from '../machines/confirm-action.machine';
import * as confirmAction from '../machines/confirm-action.selectors';
import type { SaveMachine, SaveOptions } from '../machines/save.machine';
import * as save from '../machines/save.selectors';

/*
 * The wiring every form, dialog and confirmation shares (issue #35 item 3): start the
 * generic machine's actor, read what the view draws through its selectors, and send its
 * events through named functions, so a screen declares its use instead of copying it.
 */

/**
 * One use of the save machine (src/machines/save.machine.ts), started with the form's
 * options: whether the dialog shows and what it edits, whether it saves, why it was refused,
 * the answer it shows; `open(subject)`, `close()` and `submit(values)` send its events.
 */
export function useSaveFlow<Subject, Values, Output>(
  logic: SaveMachine<Subject, Values, Output>,
  options: SaveOptions,
) {
  return useSaveActor(useActorRef(logic, { input: options }));
}

/**
 * The same reading of a save actor started elsewhere (a hook that hands out several actors
 * and lets each dialog read its own, so only the dialog redraws).
 */
export function useSaveActor<Subject, Values, Output>(
  actor: ActorRefFrom<SaveMachine<Subject, Values, Output>>,
) {
  const isOpen = useSelector(actor, save.selectIsOpen);
  const subject = useSelector(actor, save.selectSubject);
  const busy = useSelector(actor, save.selectIsSaving);
  const canSave = useSelector(actor, save.selectCanSave);
  const failure = useSelector(actor, save.selectFailure);
  const saved = useSelector(actor, save.selectSaved);
  const events = useMemo(() => saveEvents(actor), [actor]);
  // The same object while nothing it holds changed, so it may be a dependency (grid columns).
  return useMemo(
    () => ({ actor, isOpen, subject, busy, canSave, failure, saved, ...events }),
    [actor, isOpen, subject, busy, canSave, failure, saved, events],
  );
}

/**
 * The save machine's events as functions, without reading the actor: for the owner of
 * actors that its dialogs read (`useSaveActor`), so opening one does not redraw the owner.
 */
export function saveEvents<Subject, Values, Output>(
  actor: ActorRefFrom<SaveMachine<Subject, Values, Output>>,
) {
  return {
    open: (subject: Subject) => actor.send({ type: 'save.open', subject }),
    close: () => actor.send({ type: 'save.close' }),
    submit: (values: Values) => actor.send({ type: 'save.submit', values }),
  };
}

/**
 * One use of the confirm-action machine (src/machines/confirm-action.machine.ts): what the
 * confirmation names while it asks, whether the action runs and on what, the server's
 * refusal; `request(subject, confirm)`, `cancel()` and `confirm()` send its events.
 */
export function useConfirmFlow<Subject, Output>(logic: ConfirmActionMachine<Subject, Output>) {
  return useConfirmActor(useActorRef(logic));
}

/** The same reading of a confirm-action actor started elsewhere (its owner sends the requests). */
export function useConfirmActor<Subject, Output>(
  actor: ActorRefFrom<ConfirmActionMachine<Subject, Output>>,
) {
  const asking = useSelector(actor, confirmAction.selectAsking);
  const running = useSelector(actor, confirmAction.selectIsRunning);
  const inFlight = useSelector(actor, confirmAction.selectInFlight);
  const refusal = useSelector(actor, confirmAction.selectRefusal);
  const events = useMemo(() => confirmEvents(actor), [actor]);
  return useMemo(
    () => ({ actor, asking, running, inFlight, refusal, ...events }),
    [actor, asking, running, inFlight, refusal, events],
  );
}

/** The confirm-action machine's events as functions, without reading the actor. */
export function confirmEvents<Subject, Output>(
  actor: ActorRefFrom<ConfirmActionMachine<Subject, Output>>,
) {
  return {
    /** Runs the action on `subject`, asking first unless `confirm` is false. */
    request: (subject: Subject, confirm = true) =>
      actor.send({ type: 'action.request', subject, confirm }),
    cancel: () => actor.send({ type: 'action.cancel' }),
    confirm: () => actor.send({ type: 'action.confirm' }),
  };
}
