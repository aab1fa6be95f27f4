import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph';
import type { StatePath } from '@xstate/graph';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
  InspectionEvent,
} from 'xstate';

/*
 * Model-based testing for machines that invoke actors (STYLE.md §9, STACK.md): the paths
 * come from @xstate/graph walking the REAL machine, with the actors' completions fed as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events; the test then replays each
 * path on a running actor whose fake actors settle when the path says so.
 */

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>;

/** Every state node of a machine except the root, by id. */
export function stateIdsOf(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      ids.push(child.id);
      visit(child);
    }
  };
  visit(machine.root);
  return ids;
}

/** A transition's identity that survives `machine.provide()` (which rebuilds the nodes). */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const always = source.always ?? [];
  const isAlways = always.includes(transition);
  const list = isAlways ? always : (source.transitions.get(transition.eventType) ?? []);
  const targets = (transition.target ?? []).map((node: AnyStateNode) => node.id).join(',');
  const event = isAlways ? 'always' : transition.eventType;
  return `${source.id} --${event}[${list.indexOf(transition)}]--> ${targets || '(self)'}`;
}

/** Every transition the machine defines (events, invoke done/error, always), by key. */
export function transitionKeysOf(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) keys.push(...list.map(transitionKey));
    keys.push(...(node.always ?? []).map(transitionKey));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return keys;
}

export interface PlanOptions {
  input?: unknown;
  /** The events to try in a state; done/error events only for actors running in it. */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
}

/**
 * The paths to walk: the shortest path to every distinct state (value + context), plus,
 * for every transition those miss, the shortest path to a state where it fires followed
 * by the event that fires it. Together they take every reachable transition once.
 */
export function planPaths(machine: AnyStateMachine, options: PlanOptions): ModelPath[] {
  const traversal = {
    input: options.input,
    events: options.events,
    serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
  };
  const shortest = getShortestPaths(machine, traversal as never) as unknown as ModelPath[];
  const covered = new Set<string>();
  for (const path of shortest) {
    for (let i = 1; i < path.steps.length; i++) {
      const taken = machine.getTransitionData(path.steps[i - 1]!.state, path.steps[i]!.event);
      for (const transition of taken) covered.add(transitionKey(transition));
    }
  }
  const pathTo = new Map<string, ModelPath>(
    shortest.map((path) => [serializeSnapshot(path.state), path]),
  );
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }>;
    }
  >;
  const extra: ModelPath[] = [];
  for (const [serialized, { state, transitions }] of Object.entries(adjacency)) {
    for (const { event, state: next } of Object.values(transitions)) {
      const keys = machine
        .getTransitionData(state, event)
        .map(transitionKey)
        .filter((key) => !covered.has(key));
      const head = pathTo.get(serialized);
      if (keys.length === 0 || !head) continue;
      keys.forEach((key) => covered.add(key));
      extra.push({
        state: next,
        steps: [...head.steps, { state: next, event }],
        weight: head.weight + 1,
      });
    }
  }
  return [...shortest, ...extra];
}

/** Records, from a running actor's inspection, which states were entered and which transitions fired. */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  constructor(private readonly machine: AnyStateMachine) {}

  /** Pass as `createActor(logic, { inspect: coverage.inspect })`. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) {
      this.transitions.add(transitionKey(transition));
      // A transient state (left by `always` at once) shows up only as a source.
      this.states.add(transition.source.id);
    }
    this.recordSnapshot(event.snapshot as AnyMachineSnapshot);
  };

  recordSnapshot(snapshot: AnyMachineSnapshot): void {
    for (const id of stateIdsOf(this.machine)) {
      if (snapshot.matches(id.split('.').slice(1).join('.') as never)) this.states.add(id);
    }
  }

  report(name: string): { missingStates: string[]; missingTransitions: string[]; summary: string } {
    const allStates = stateIdsOf(this.machine);
    const allTransitions = transitionKeysOf(this.machine);
    const missingStates = allStates.filter((id) => !this.states.has(id));
    const missingTransitions = allTransitions.filter((key) => !this.transitions.has(key));
    const summary =
      `${name}: states ${allStates.length - missingStates.length}/${allStates.length}, ` +
      `transitions ${allTransitions.length - missingTransitions.length}/${allTransitions.length}`;
    return { missingStates, missingTransitions, summary };
  }
}

/** Lets promise callbacks and the actor's reactions to them run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A promise the test settles by hand, standing in for a call in flight. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A short, readable name for a path: its events, without payloads. */
export function describePath(path: ModelPath): string {
  return path.steps
    .slice(1)
    .map(({ event }) =>
      event.type
        .replace(/^xstate\.done\.actor\./, 'done:')
        .replace(/^xstate\.error\.actor\./, 'error:'),
    )
    .join(' → ');
}
