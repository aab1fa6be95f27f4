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
  /** Whether the page offers it in the machine's state (by default, wherever the machine takes it). */
  when?: (snapshot: AnyMachineSnapshot) => boolean;
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
  if (action.when && !action.when(snapshot)) return false;
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
  { name = stateName }: Pick<WalkOptions, 'name'> = {},
): WalkStep<TAction>[][] {
  const [initial] = initialTransition(machine, input as never);
  // The machine driven by whole actions: what @xstate/graph walks.
  const byActions = fromTransition(
    (snapshot: AnyMachineSnapshot, action: TAction) => perform(machine, snapshot, action),
    initial,
  );
  const paths = getShortestPaths(byActions, {
    events: () => [...actions],
    serializeState: (snapshot) => name(snapshot.context),
  });
  return paths
    .map((path) =>
      path.steps.slice(1).map((step) => ({
        action: step.event,
        state: name(step.state.context),
      })),
    )
    .filter((steps) => steps.length > 0);
}

export interface WalkOptions {
  /** A state's name for the walk (by default `stateName`): states of one name are one state. */
  name?: (snapshot: AnyMachineSnapshot) => string;
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
 * state; self-move actions in each state either way): at each step a move not made yet, to a
 * state not entered yet first; when the state has none left, the shortest way to a state that
 * still has one; a final state last. Ends when no move is left, or after `maxSteps`.
 */
export function coveringWalk<TAction extends WalkAction>(
  machine: AnyStateMachine,
  input: unknown,
  actions: readonly TAction[],
  { maxSteps = 40, moves: moveKind = 'states', name = stateName }: WalkOptions = {},
): WalkStep<TAction>[] {
  let [snapshot] = initialTransition(machine, input as never);
  const made = new Set<string>();
  const entered = new Set<string>([name(snapshot)]);
  const steps: WalkStep<TAction>[] = [];

  type Option = { action: TAction; next: AnyMachineSnapshot; to: string; move: string };
  // An action the state refuses (a login form while signed in) cannot be done in the page.
  const optionsFrom = (current: AnyMachineSnapshot): Option[] =>
    actions
      .filter((action) => applies(current, action))
      .map((action) => {
        const next = perform(machine, current, action);
        const from = name(current);
        const to = name(next);
        const byAction = action.selfMove || moveKind === 'actions';
        return {
          action,
          next,
          to,
          move: byAction ? `${from} —${action.type}→ ${to}` : `${from} → ${to}`,
        };
      })
      .filter(
        ({ action, to, next }) => action.selfMove || to !== name(current) || next.status === 'done',
      );
  const isFinal = ({ next }: Option) => next.status === 'done';
  const unmade = (current: AnyMachineSnapshot) =>
    optionsFrom(current).filter(({ move }) => !made.has(move));

  /** The shortest way (not through a final state) to a state where `wanted` holds. */
  const routeTo = (wanted: (current: AnyMachineSnapshot) => boolean): Option[] | null => {
    const seen = new Set([name(snapshot)]);
    let frontier: { at: AnyMachineSnapshot; route: Option[] }[] = [{ at: snapshot, route: [] }];
    while (frontier.length > 0) {
      const next: typeof frontier = [];
      for (const { at, route } of frontier) {
        for (const option of optionsFrom(at).filter((candidate) => !isFinal(candidate))) {
          if (seen.has(option.to)) continue;
          seen.add(option.to);
          const longer = [...route, option];
          if (wanted(option.next)) return longer;
          next.push({ at: option.next, route: longer });
        }
      }
      frontier = next;
    }
    return null;
  };

  const take = (option: Option) => {
    made.add(option.move);
    entered.add(option.to);
    steps.push({ action: option.action, state: option.to });
    snapshot = option.next;
  };

  while (steps.length < maxSteps) {
    const fresh = unmade(snapshot);
    const open = fresh.filter((option) => !isFinal(option));
    if (open.length > 0) {
      take(open.find(({ to }) => !entered.has(to)) ?? open[0]!);
      continue;
    }
    const route =
      routeTo((at) => unmade(at).some((option) => !isFinal(option))) ??
      (fresh.length > 0 ? [] : routeTo((at) => unmade(at).length > 0));
    if (route === null) break;
    if (route.length === 0) {
      take(fresh[0]!);
      break;
    }
    for (const option of route) if (steps.length < maxSteps) take(option);
  }
  return steps;
}
