import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { AnyActorRef, StateValue } from 'xstate';
import { getLiveActor, subscribeLiveActors, type LiveActor } from '../../app/live-actors';

/** The running actor of this machine and its last events (src/app/live-actors.ts). */
export function useLiveActor(machineId: string): LiveActor | undefined {
  return useSyncExternalStore(subscribeLiveActors, () => getLiveActor(machineId));
}

/** The actor's current state value, following it as it changes; null without an actor. */
export function useStateValue(actor: AnyActorRef | null): StateValue | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  // As JSON, so an equal value in a new snapshot draws nothing again.
  const value = useSyncExternalStore(subscribe, () =>
    actor ? JSON.stringify((actor.getSnapshot() as { value?: StateValue }).value ?? null) : 'null',
  );
  return useMemo(() => JSON.parse(value) as StateValue | null, [value]);
}
