import { getShortestPaths } from '@xstate/graph';
import {
  fromTransition,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';

/*
 * Paths of a statechart to walk in the browser (issue #35 item 8). A browser action (log in,
 * open a page as someone) is one or more events of the machine, the server's answers
 * included; @xstate/graph plans paths over the actions on the real machine, the spec performs
 * each action through the UI and checks the visible invariant it wrote for the state the
 * machine reached, so QA's diagram and the product cannot drift apart.
 */

/** Something a person does in the browser, as the machine sees it. */
export interface WalkAction {
  /** What the person does, in words (the step's title); also the action's event type. */
  type: string;
  /**
   * A page load: the machine starts over with the input this returns for the state it was in
   * (what the browser kept), before the events.
   */
  restart?: (snapshot: AnyMachineSnapshot) => unknown;
  /** The events the machine receives for it, in order. */
  events: readonly EventObject[];
  /**
   * Walk it even where it leaves the machine in the state it was in: the page shows
   * something else meanwhile (a reload, a refusal on the form).
   */
  selfMove?: boolean;
}

/** One step of a walk: the action performed and the state the machine says it leads to. */
export interface WalkStep<TAction extends WalkAction> {
  action: TAction;
  state: string;
}

/** A state's name as the walks name it: `parent.child`, parallel regions joined by `+`. */
export function stateName(snapshot: AnyMachineSnapshot): string {
  const flatten = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${flatten(child)}`)
          .join('+');
  return flatten(snapshot.value);
}

/** The machine's snapshot after `action`. */
function perform(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  action: WalkAction,
): AnyMachineSnapshot {
  const start = action.restart
    ? initialTransition(machine, action.restart(snapshot) as never)[0]
    : snapshot;
  return action.events.reduce<AnyMachineSnapshot>(
    (current, event) => transition(machine, current, event as never)[0],
    start,
  );
}

/** Whether the machine in `snapshot` takes the action's first event (a page load always). */
function applies(snapshot: AnyMachineSnapshot, action: WalkAction): boolean {
  return action.restart !== undefined || snapshot.can(action.events[0] as never);
}

/**
 * The shortest path (in actions) to every state, by name whatever the context, from the
 * machine's initial state, trying every action in each state.
 */
export function shortestWalks<TAction extends WalkAction>(
  machine: AnyStateMachine,
  input: unknown,
  actions: readonly TAction[],
): WalkStep<TAction>[][] {
  const [initial] = initialTransition(machine, input as never);
  // The machine driven by whole actions: what @xstate/graph walks.
  const byActions = fromTransition(
    (snapshot: AnyMachineSnapshot, action: TAction) => perform(machine, snapshot, action),
    initial,
  );
  const paths = getShortestPaths(byActions, {
    events: () => [...actions],
    serializeState: (snapshot) => stateName(snapshot.context),
  });
  return paths
    .map((path) =>
      path.steps.slice(1).map((step) => ({
        action: step.event,
        state: stateName(step.state.context),
      })),
    )
    .filter((steps) => steps.length > 0);
}

export interface WalkOptions {
  /** The walk ends after this many steps at most. */
  maxSteps?: number;
  /**
   * What counts as a move to make once: going from a state to another ('states', for many
   * actions that differ only in their data), or each action from each state ('actions').
   */
  moves?: 'states' | 'actions';
}

/**
 * One walk through the machine's moves (from state → to state, or each action from each
 * state; self-move actions in each state either way): at each step a move not made yet, to a state not entered yet first; when the state has none left, a step to a state that
 * still has one. Ends when no unmade move is one or two actions away, or after `maxSteps`.
 */
export function coveringWalk<TAction extends WalkAction>(
  machine: AnyStateMachine,
  input: unknown,
  actions: readonly TAction[],
  { maxSteps = 40, moves: moveKind = 'states' }: WalkOptions = {},
): WalkStep<TAction>[] {
  let [snapshot] = initialTransition(machine, input as never);
  const moves = new Set<string>();
  const entered = new Set<string>([stateName(snapshot)]);
  const steps: WalkStep<TAction>[] = [];
  // An action the state refuses (a login form while signed in) cannot be done in the page.
  const optionsFrom = (current: AnyMachineSnapshot) =>
    actions
      .filter((action) => applies(current, action))
      .map((action) => {
        const next = perform(machine, current, action);
        const from = stateName(current);
        const to = stateName(next);
        const move =
          action.selfMove || moveKind === 'actions'
            ? `${from} —${action.type}→ ${to}`
            : `${from} → ${to}`;
        return { action, next, to, move, changes: to !== from || action.selfMove === true };
      });
  const unmade = (current: AnyMachineSnapshot) =>
    optionsFrom(current).filter(({ changes, move }) => changes && !moves.has(move));
  while (steps.length < maxSteps) {
    const fresh = unmade(snapshot);
    const pick =
      fresh.find(({ to }) => !entered.has(to)) ??
      fresh[0] ??
      optionsFrom(snapshot).find(({ changes, next }) => changes && unmade(next).length > 0);
    if (!pick) break;
    moves.add(pick.move);
    entered.add(pick.to);
    steps.push({ action: pick.action, state: pick.to });
    snapshot = pick.next;
  }
  return steps;
}
