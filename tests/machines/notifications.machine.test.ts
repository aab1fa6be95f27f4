import { afterAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { NotificationItem, NotificationStats } from '../../contract/notifications.schema';
import { createNotificationsActions } from '../../src/machines/notifications.actors';
import type { NotificationChange } from '../../src/machines/notifications.changes';
import {
  notificationsMachine,
  type NotificationsEvent,
} from '../../src/machines/notifications.machine';
import * as sel from '../../src/machines/notifications.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

/*
 * The notifications machine against a reference model written here from the spec (SPEC §2
 * "Notification centre", §8 toasts, §9 30 s): `decide` says what each event must do to the
 * world (calls, toasts, navigation) and what the bell and the centre must show after it.
 */

const item = (
  over: Partial<NotificationItem> & Pick<NotificationItem, 'id'>,
): NotificationItem => ({
  title: `Aviso ${over.id}`,
  message: 'Mensaje',
  type: 'payment_due',
  priority: 'medium',
  status: 'unread',
  read_at: null,
  created_at: '2026-11-24T09:00:00.000Z',
  club: { name: 'Club Deportivo Demo' },
  is_read: false,
  time_ago: 'Hace 5 min',
  club_name: 'Club Deportivo Demo',
  data: {},
  ...over,
});

/** Unread, urgent, recent, with a screen to open. */
const urgent = item({ id: 1, priority: 'urgent', data: { action_url: '/home/payments' } });
/** Read, old, no screen. */
const old = item({
  id: 2,
  type: 'club_announcement',
  priority: 'low',
  status: 'read',
  is_read: true,
  read_at: '2026-11-20T10:00:00.000Z',
  time_ago: 'Hace 4d',
});
/** Unread, only in the centre's list. */
const third = item({ id: 3, priority: 'high', time_ago: 'Hace 2h' });

/** Read and old, on the list's second page ('Cargar más'). */
const fourth = item({ ...old, id: 4 });

const POLL = { unreadCount: 2, dropdown: [urgent, old] };
/** The server counts 4; the centre's first page holds 3, 'Cargar más' brings the fourth. */
const STATS: NotificationStats = { total: 4, unread: 2, high_priority: 2, recent: 2 };
const CENTRE = { list: [urgent, old, third], stats: STATS };
const MORE = [fourth];
const UPDATED = 2;
const offline = { status: null, message: 'No se pudo conectar con el servidor', fieldErrors: {} };
const outputs: Record<string, unknown> = {
  poll: POLL,
  loadCentre: CENTRE,
  loadMore: MORE,
  change: UPDATED,
};

const AFTER = 'xstate.after.pollInterval.notifications.polling.active.waiting';
/** A toast as an effect: 'toast:…', or a destructive one with its title, 'Error|error:…'. */
const effectOf = (message: string, options?: { variant: 'destructive'; title?: string }) =>
  options?.variant === 'destructive'
    ? `${options.title ?? ''}|error:${message}`
    : `toast:${message}`;
const LOAD_FAILED = 'Error|error:Error al cargar notificaciones';
const SUCCESS: Record<string, string> = {
  read: 'toast:Marcada como leída',
  archive: 'toast:Archivada',
  remove: 'toast:Eliminada',
  markAll: `toast:Todas marcadas como leídas (${UPDATED})`,
};
const FAILURE: Record<string, string> = {
  read: 'Error|error:No se pudo marcar como leída',
  archive: 'Error|error:No se pudo archivar la notificación',
  remove: 'Error|error:No se pudo eliminar la notificación',
  markAll: 'Error|error:No se pudieron marcar todas como leídas',
};

type ActorEvent = { type: string; output?: unknown; error?: unknown };
type ModelEvent = NotificationsEvent | ActorEvent;

// ---------------------------------------------------------------- the reference model

interface Shown {
  unread: number;
  dropdown: NotificationItem[];
  list: NotificationItem[] | null;
  stats: NotificationStats | null;
}
interface Pending {
  kind: 'read' | 'archive' | 'remove' | 'markAll';
  id: number;
  silent: boolean;
}
interface Ref {
  started: boolean;
  hidden: boolean;
  polling: boolean;
  pollFailed: boolean;
  centre: 'closed' | 'loading' | 'ready' | 'loadingMore' | 'failed';
  server: Shown;
  pending: Pending | null;
}
const EMPTY: Shown = { unread: 0, dropdown: [], list: null, stats: null };
const initialRef: Ref = {
  started: false,
  hidden: false,
  polling: false,
  pollFailed: false,
  centre: 'closed',
  server: EMPTY,
  pending: null,
};

const readVersion = (n: NotificationItem): NotificationItem => ({
  ...n,
  is_read: true,
  status: 'read',
});
const within24h = (n: NotificationItem) => !n.time_ago.includes('d') && !n.time_ago.includes('/');

/** What the bell and centre show: the server's data with the pending change done. */
function expectedShown({ server, pending }: Ref): Shown {
  if (!pending) return server;
  if (pending.kind === 'markAll') {
    const all = (list: NotificationItem[]) => list.map(readVersion);
    return {
      unread: 0,
      dropdown: all(server.dropdown),
      list: server.list && all(server.list),
      stats: server.stats && { ...server.stats, unread: 0, high_priority: 0 },
    };
  }
  const target = [...server.dropdown, ...(server.list ?? [])].find((n) => n.id === pending.id);
  if (!target) return server;
  const unread = target.is_read ? 0 : 1;
  const urgentUnread = unread && ['urgent', 'high'].includes(target.priority) ? 1 : 0;
  const gone = pending.kind !== 'read';
  const change = (list: NotificationItem[]) =>
    gone
      ? list.filter((n) => n.id !== pending.id)
      : list.map((n) => (n.id === pending.id ? readVersion(n) : n));
  return {
    // A count never goes below 0 (the list may hold an unread one the last poll did not count).
    unread: Math.max(0, server.unread - unread),
    dropdown: change(server.dropdown),
    list: server.list && change(server.list),
    stats: server.stats && {
      total: server.stats.total - (gone ? 1 : 0),
      unread: Math.max(0, server.stats.unread - unread),
      high_priority: Math.max(0, server.stats.high_priority - urgentUnread),
      recent: server.stats.recent - (gone && within24h(target) ? 1 : 0),
    },
  };
}

/** The list holds fewer than the server counts: 'Cargar más' is offered. */
const hasMore = (ref: Ref) => {
  const { list, stats } = expectedShown(ref);
  return list !== null && stats !== null && list.length > 0 && list.length < stats.total;
};

const shownItem = (ref: Ref, id: number) => {
  const shown = expectedShown(ref);
  return [...shown.dropdown, ...(shown.list ?? [])].find((n) => n.id === id) ?? null;
};

/** The spec's decision for one event: the next reference state and the effects, in order. */
function decide(ref: Ref, event: ModelEvent): { next: Ref; effects: string[] } {
  const next: Ref = { ...ref };
  const effects: string[] = [];
  const poll = () => {
    next.polling = true;
    effects.push('call:poll');
  };
  const loadCentre = () => {
    next.centre = 'loading';
    effects.push('call:loadCentre');
  };
  const send = (pending: Pending) => {
    next.pending = pending;
    effects.push(`call:${pending.kind}:${pending.id}`);
  };
  const free = ref.pending === null;
  switch (event.type) {
    case 'notifications.start':
      if (!ref.started) {
        next.started = true;
        if (!ref.hidden) poll();
      }
      break;
    case 'notifications.stop':
      if (ref.started) Object.assign(next, { ...initialRef, hidden: ref.hidden });
      break;
    case 'notifications.visibility': {
      const { hidden } = event as { hidden: boolean };
      if (ref.started && hidden && !ref.hidden) next.polling = false;
      if (ref.started && !hidden && ref.hidden) poll();
      if (!ref.started || hidden !== ref.hidden) next.hidden = hidden;
      break;
    }
    case 'notifications.clubChanged':
      if (ref.started && !ref.hidden) poll();
      if (ref.centre !== 'closed') loadCentre();
      break;
    // A write elsewhere touched the person's notifications (src/api/refresh.ts): poll now.
    case 'notifications.refresh':
      if (ref.started && !ref.hidden) poll();
      break;
    case AFTER:
      poll();
      break;
    case 'xstate.done.actor.poll':
      next.polling = false;
      next.pollFailed = false;
      next.server = { ...ref.server, unread: POLL.unreadCount, dropdown: POLL.dropdown };
      break;
    case 'xstate.error.actor.poll':
      next.polling = false;
      // Once, not every 30 s while it keeps failing; the old data stays.
      if (!ref.pollFailed) effects.push(LOAD_FAILED);
      next.pollFailed = true;
      break;
    case 'notifications.centreOpen':
      if (ref.centre === 'closed') loadCentre();
      break;
    case 'notifications.centreClose':
      next.centre = 'closed';
      break;
    case 'notifications.centreRetry':
      if (ref.centre === 'failed') loadCentre();
      break;
    case 'xstate.done.actor.loadCentre':
      next.centre = 'ready';
      next.server = { ...ref.server, list: CENTRE.list, stats: CENTRE.stats };
      break;
    case 'xstate.error.actor.loadCentre':
      next.centre = 'failed';
      effects.push(LOAD_FAILED);
      break;
    case 'notifications.centreMore':
      if (ref.centre === 'ready' && hasMore(ref)) {
        next.centre = 'loadingMore';
        effects.push('call:loadMore');
      }
      break;
    case 'xstate.done.actor.loadMore': {
      next.centre = 'ready';
      const list = ref.server.list ?? [];
      const added = MORE.filter((n) => !list.some((known) => known.id === n.id));
      next.server = { ...ref.server, list: [...list, ...added] };
      break;
    }
    case 'xstate.error.actor.loadMore':
      // The page stays as it was; the toast says the load failed.
      next.centre = 'ready';
      effects.push(LOAD_FAILED);
      break;
    case 'notifications.read':
    case 'notifications.archive':
    case 'notifications.remove': {
      const { id } = event as { id: number };
      const kind = event.type.split('.')[1] as Pending['kind'];
      const target = shownItem(ref, id);
      if (free && target && (kind !== 'read' || !target.is_read)) send({ kind, id, silent: false });
      break;
    }
    case 'notifications.markAll':
      if (free && expectedShown(ref).unread > 0) send({ kind: 'markAll', id: 0, silent: false });
      break;
    case 'notifications.open': {
      const { id } = event as { id: number };
      const target = shownItem(ref, id);
      if (free && target && !target.is_read) send({ kind: 'read', id, silent: true });
      if (target?.data.action_url) effects.push(`navigate:${target.data.action_url}`);
      break;
    }
    case 'xstate.done.actor.change':
      if (!ref.pending!.silent) effects.push(SUCCESS[ref.pending!.kind]!);
      next.server = expectedShown(ref);
      next.pending = null;
      break;
    case 'xstate.error.actor.change':
      effects.push(FAILURE[ref.pending!.kind]!);
      next.pending = null;
      break;
    default:
      throw new Error(`The reference model does not know ${event.type}`);
  }
  return { next, effects };
}

// ---------------------------------------------------------------- fakes and the walk

/** One fake per actor and effect: calls wait for the test; toasts and navigation are recorded. */
class FakeWorld {
  effects: string[] = [];
  private calls = new Map<string, Deferred<unknown>>();
  readonly clock = new SimulatedClock();

  private call = <T, I = void>(name: string, describe: (input: I) => string = () => name) =>
    fromPromise<T, I>(({ input, self }) => {
      const call = deferred<unknown>();
      this.calls.set(self.id, call);
      this.effects.push(`call:${describe(input)}`);
      return call.promise as Promise<T>;
    });

  logic() {
    return notificationsMachine.provide({
      actors: {
        poll: this.call('poll'),
        loadCentre: this.call('loadCentre'),
        loadMore: this.call<NotificationItem[], { before: number }>('loadMore', () => 'loadMore'),
        change: this.call<unknown, { change: NotificationChange }>('change', ({ change }) =>
          change.kind === 'markAll' ? 'markAll:0' : `${change.kind}:${change.item.id}`,
        ),
      },
      actions: createNotificationsActions({
        toast: (message, options) => this.effects.push(effectOf(message, options)),
        navigate: (to) => this.effects.push(`navigate:${to}`),
      }),
    });
  }

  settleCall(event: ActorEvent): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const call = this.calls.get(match[2]!);
    if (!call) throw new Error(`No call in flight for ${event.type}`);
    this.calls.delete(match[2]!);
    if (match[1] === 'done') call.resolve(event.output);
    else call.reject(event.error);
    return true;
  }
}

const actorEventsIn = (snapshot: AnyMachineSnapshot): ActorEvent[] =>
  Object.keys(snapshot.children).flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: outputs[id] },
    { type: `xstate.error.actor.${id}`, error: offline },
  ]);

/** The session and the tab: start, stop, hide, show, another club, the 30 s timer. */
function pollingEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  return [
    { type: 'notifications.start' },
    { type: 'notifications.stop' },
    { type: 'notifications.visibility', hidden: true },
    { type: 'notifications.visibility', hidden: false },
    { type: 'notifications.clubChanged' },
    { type: 'notifications.refresh' },
    ...(snapshot.matches({ polling: { active: 'waiting' } }) ? [{ type: AFTER }] : []),
    ...actorEventsIn(snapshot),
  ];
}

/** Only the calls the model lets finish (a failed poll is the first model's business). */
const finishing = (snapshot: AnyMachineSnapshot, failing: string[]): ActorEvent[] =>
  actorEventsIn(snapshot).filter(
    ({ type }) => type.startsWith('xstate.done') || failing.some((id) => type.endsWith(`.${id}`)),
  );

/** The centre opened, closed, retried, and the session or the club changing under it. */
function centreEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  if (snapshot.matches({ polling: 'idle' })) return [{ type: 'notifications.start' }];
  return [
    { type: 'notifications.centreOpen' },
    { type: 'notifications.centreClose' },
    { type: 'notifications.centreRetry' },
    { type: 'notifications.centreMore' },
    { type: 'notifications.clubChanged' },
    { type: 'notifications.stop' },
    ...finishing(snapshot, ['loadCentre', 'loadMore']),
  ];
}

/** What the user does to the notifications, signed in, in a visible tab, the centre open. */
function changeEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  if (snapshot.matches({ polling: 'idle' })) return [{ type: 'notifications.start' }];
  if (snapshot.matches({ centre: 'closed' })) return [{ type: 'notifications.centreOpen' }];
  return [
    { type: 'notifications.read', id: 1 },
    { type: 'notifications.read', id: 2 },
    { type: 'notifications.archive', id: 1 },
    { type: 'notifications.remove', id: 3 },
    { type: 'notifications.markAll' },
    { type: 'notifications.open', id: 1 },
    { type: 'notifications.open', id: 2 },
    { type: 'notifications.open', id: 3 },
    ...(snapshot.matches({ changes: 'running' }) ? [{ type: 'notifications.stop' }] : []),
    ...finishing(snapshot, ['change']),
  ];
}

/** What the screens read must be what the reference says. */
function checkState(snapshot: AnyMachineSnapshot, ref: Ref) {
  const s = snapshot as never;
  const shown = expectedShown(ref);
  expect(sel.selectIsPolling(s)).toBe(ref.started);
  if (ref.started) {
    const timer = ref.hidden ? 'hidden' : ref.polling ? 'fetching' : 'waiting';
    expect(snapshot.matches({ polling: { active: timer } })).toBe(true);
  }
  expect(sel.selectUnreadCount(s)).toBe(shown.unread);
  expect(sel.selectDropdown(s)).toEqual(shown.dropdown);
  expect(sel.selectCentreList(s)).toEqual(shown.list ?? []);
  expect(sel.selectStats(s)).toEqual(shown.stats);
  expect(sel.selectCentreOpen(s)).toBe(ref.centre !== 'closed');
  expect(sel.selectCentreLoading(s)).toBe(ref.centre === 'loading');
  expect(sel.selectCentreFailed(s)).toBe(ref.centre === 'failed');
  expect(sel.selectLoadingMore(s)).toBe(ref.centre === 'loadingMore');
  expect(sel.selectCanLoadMore(s)).toBe(ref.centre === 'ready' && hasMore(ref));
  expect(sel.selectIsChanging(s)).toBe(ref.pending !== null);
  expect(sel.selectCanMarkAll(s)).toBe(ref.pending === null && shown.unread > 0);
}

async function walk(path: ModelPath, coverage: Coverage) {
  const world = new FakeWorld();
  const actor = createActor(world.logic(), { clock: world.clock, inspect: coverage.inspect });
  let ref = initialRef;
  for (const step of path.steps) {
    const event = step.event as ModelEvent;
    world.effects = [];
    if (event.type === 'xstate.init') {
      actor.start();
    } else if (event.type === AFTER) {
      world.clock.increment(30_000);
    } else if (!world.settleCall(event)) {
      actor.send(event as NotificationsEvent);
    }
    await settle();
    const after = actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    if (event.type !== 'xstate.init') {
      const { next, effects } = decide(ref, event);
      // Calls, toasts and navigation of one step, in any order.
      expect([...world.effects].sort()).toEqual([...effects].sort());
      ref = next;
    }
    checkState(after, ref);
  }
  actor.stop();
}

const coverage = new Coverage(notificationsMachine);
let walked = 0;

describe('notifications machine, every path of the model', () => {
  for (const [name, events] of [
    ['the session and the tab', pollingEvents],
    ['the centre', centreEvents],
    ['the changes', changeEvents],
  ] as const) {
    describe(name, () => {
      for (const path of planPaths(notificationsMachine, { events })) {
        it(describePath(path) || '(start)', async () => {
          await walk(path, coverage);
          walked++;
        });
      }
    });
  }
});

/** A running actor on a fake clock whose calls answer at once: `fail` names the ones that fail. */
function running(fail: { poll?: boolean; change?: boolean } = {}) {
  const effects: string[] = [];
  const clock = new SimulatedClock();
  let polls = 0;
  const answer = <T>(failing: boolean | undefined, output: T) =>
    failing ? Promise.reject(new Error('offline')) : Promise.resolve(output);
  const logic = notificationsMachine.provide({
    actors: {
      poll: fromPromise(() => {
        polls++;
        return answer(fail.poll, POLL);
      }),
      loadCentre: fromPromise(() => answer(false, CENTRE)),
      change: fromPromise<unknown, { change: NotificationChange }>(({ input }) => {
        effects.push(`call:${input.change.kind}`);
        return answer(fail.change, UPDATED);
      }),
    },
    actions: createNotificationsActions({
      toast: (message, options) => effects.push(effectOf(message, options)),
      navigate: (to) => effects.push(`navigate:${to}`),
    }),
  });
  const actor = createActor(logic, { clock, inspect: coverage.inspect }).start();
  const advance = async (ms: number) => {
    // Second by second, letting each poll's answer arrive before the next tick.
    for (let t = 0; t < ms; t += 1000) {
      clock.increment(Math.min(1000, ms - t));
      await settle();
    }
  };
  return { actor, effects, clock, advance, polls: () => polls };
}

describe('notifications machine, polling on a fake clock', () => {
  it('polls at once, then every 30 s while started and visible', async () => {
    const { actor, advance, polls } = running();
    actor.send({ type: 'notifications.start' });
    await settle();
    expect(polls()).toBe(1);
    await advance(29_000);
    expect(polls()).toBe(1);
    await advance(1_000);
    expect(polls()).toBe(2);
    await advance(5 * 60_000);
    expect(polls()).toBe(12);
    expect(sel.selectUnreadCount(actor.getSnapshot())).toBe(2);
    actor.stop();
  });

  it('does not poll while the tab is hidden, and polls at once when it shows again', async () => {
    const { actor, advance, polls } = running();
    actor.send({ type: 'notifications.start' });
    await settle();
    actor.send({ type: 'notifications.visibility', hidden: true });
    await advance(10 * 60_000);
    expect(polls()).toBe(1);
    actor.send({ type: 'notifications.visibility', hidden: false });
    await settle();
    expect(polls()).toBe(2);
    await advance(30_000);
    expect(polls()).toBe(3);
    actor.stop();
  });

  it('starts paused in a tab opened in the background', async () => {
    const { actor, advance, polls } = running();
    actor.send({ type: 'notifications.visibility', hidden: true });
    actor.send({ type: 'notifications.start' });
    await advance(2 * 60_000);
    expect(polls()).toBe(0);
    actor.send({ type: 'notifications.visibility', hidden: false });
    await settle();
    expect(polls()).toBe(1);
    actor.stop();
  });

  it('stops polling and forgets the data on logout', async () => {
    const { actor, advance, polls } = running();
    actor.send({ type: 'notifications.start' });
    await settle();
    actor.send({ type: 'notifications.stop' });
    await advance(10 * 60_000);
    expect(polls()).toBe(1);
    expect(sel.selectUnreadCount(actor.getSnapshot())).toBe(0);
    expect(sel.selectDropdown(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });

  it('polls again at once when the working club changes', async () => {
    const { actor, advance, polls } = running();
    actor.send({ type: 'notifications.start' });
    await advance(10_000);
    actor.send({ type: 'notifications.clubChanged' });
    await settle();
    expect(polls()).toBe(2);
    // The 30 s count from the new poll.
    await advance(29_000);
    expect(polls()).toBe(2);
    await advance(1_000);
    expect(polls()).toBe(3);
    actor.stop();
  });

  it("tells 'Error al cargar notificaciones' once while polls keep failing, and keeps polling", async () => {
    const { actor, advance, polls, effects } = running({ poll: true });
    actor.send({ type: 'notifications.start' });
    await settle();
    await advance(3 * 60_000);
    expect(polls()).toBe(7);
    expect(effects).toEqual([LOAD_FAILED]);
    actor.stop();
  });
});

describe('notifications machine, optimistic changes', () => {
  const cases = [
    { kind: 'read', event: { type: 'notifications.read', id: 1 } },
    { kind: 'archive', event: { type: 'notifications.archive', id: 1 } },
    { kind: 'remove', event: { type: 'notifications.remove', id: 1 } },
    { kind: 'markAll', event: { type: 'notifications.markAll' } },
  ] as const;

  for (const { kind, event } of cases) {
    it(`${kind}: shown at once, rolled back with '${FAILURE[kind]!.slice(6)}' when refused`, async () => {
      const { actor, effects } = running({ change: true });
      actor.send({ type: 'notifications.start' });
      await settle();
      const before = actor.getSnapshot();
      actor.send(event);
      const during = actor.getSnapshot();
      // At once: the bell no longer counts notification 1.
      expect(sel.selectUnreadCount(during)).toBe(kind === 'markAll' ? 0 : 1);
      const first = sel.selectDropdown(during).find((n) => n.id === 1);
      if (kind === 'read' || kind === 'markAll') expect(first?.is_read).toBe(true);
      else expect(first).toBeUndefined();
      await settle();
      const after = actor.getSnapshot();
      expect(sel.selectUnreadCount(after)).toBe(sel.selectUnreadCount(before));
      expect(sel.selectDropdown(after)).toEqual(sel.selectDropdown(before));
      expect(effects).toEqual([`call:${kind}`, FAILURE[kind]]);
      actor.stop();
    });

    it(`${kind}: kept and told ('${SUCCESS[kind]!.slice(6)}') when the server does it`, async () => {
      const { actor, effects } = running();
      actor.send({ type: 'notifications.start' });
      await settle();
      actor.send(event);
      await settle();
      expect(sel.selectUnreadCount(actor.getSnapshot())).toBe(kind === 'markAll' ? 0 : 1);
      expect(effects).toEqual([`call:${kind}`, SUCCESS[kind]]);
      actor.stop();
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('notifications machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
