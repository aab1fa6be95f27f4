import type { AnyActorRef, EventObject, InspectionEvent } from 'xstate';

/*
 * The app-wide actors as they run, for QA's statechart page (/dev/statecharts, issue #13
 * item 7). An actor joins when it is created with `inspect: liveInspector(machine.id)`:
 * from its start on, the last events it received are kept here, whether or not the page
 * is open. Only each event's type and a few harmless fields are kept, never a password,
 * a token or a server's answer.
 */

/** One event an actor received. */
export interface LiveEvent {
  type: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The whitelisted fields it carried (`pathname`, `hidden`, `id`, `session`). */
  detail: Record<string, string | number | boolean>;
}

/** What is known of one app-wide actor, by its machine's id. */
export interface LiveActor {
  /** The running actor; null once it stopped (its events stay). */
  actor: AnyActorRef | null;
  /** The last 20 events it (or the one before it of the same machine) received, newest first. */
  events: readonly LiveEvent[];
}

const KEPT_EVENTS = 20;
/** The fields read from an event, its `facts` (the route guard) and its `club` (auth). */
const DETAIL_KEYS = ['pathname', 'session', 'hidden', 'id'];

const liveActors = new Map<string, LiveActor>();
const listeners = new Set<() => void>();

function detailOf(event: EventObject): LiveEvent['detail'] {
  const detail: LiveEvent['detail'] = {};
  const { facts, club } = event as { facts?: object; club?: object };
  for (const source of [event, facts, club]) {
    for (const key of DETAIL_KEYS) {
      const value = (source as Record<string, unknown> | undefined)?.[key];
      if (['string', 'number', 'boolean'].includes(typeof value)) {
        detail[key] = value as string | number | boolean;
      }
    }
  }
  return detail;
}

function update(name: string, change: Partial<LiveActor>) {
  liveActors.set(name, { actor: null, events: [], ...liveActors.get(name), ...change });
  listeners.forEach((listener) => listener());
}

/**
 * The `inspect` option of an app-wide actor: records the events the actor itself (not its
 * invoked children) receives, starting with `xstate.init`, and forgets the actor when it stops.
 */
export const liveInspector =
  (name: string) =>
  (inspection: InspectionEvent): void => {
    const actor = inspection.actorRef as AnyActorRef;
    if (actor.sessionId !== inspection.rootId) return;
    if (inspection.type === '@xstate.event') {
      const { type } = inspection.event;
      const event: LiveEvent = { type, at: Date.now(), detail: detailOf(inspection.event) };
      const events = [event, ...(liveActors.get(name)?.events ?? [])];
      update(name, { actor, events: events.slice(0, KEPT_EVENTS) });
    } else if (
      inspection.type === '@xstate.snapshot' &&
      (inspection.snapshot as { status?: string }).status === 'stopped' &&
      liveActors.get(name)?.actor === actor
    ) {
      update(name, { actor: null });
    }
  };

/** The actor of this machine id and its last events; undefined when none ever ran. */
export const getLiveActor = (name: string): LiveActor | undefined => liveActors.get(name);

/** Calls `listener` whenever an actor starts, stops or receives an event; returns the unsubscribe. */
export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
