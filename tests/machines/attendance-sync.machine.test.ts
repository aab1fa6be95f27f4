import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { attendanceMessages, type AttendanceSheet } from '../../contract/attendance.schema';
import type { AttendanceMark, QueuedAttendance } from '../../src/lib/attendance-queue';
import { NETWORK_FAILURE_MESSAGE, RequestError } from '../../src/lib/request-failure';
import { createAttendanceSyncImplementations } from '../../src/machines/attendance.actors';
import {
  attendanceSyncMachine,
  type AttendancePush,
  type AttendanceSyncEvent,
  type AttendanceSyncInput,
} from '../../src/machines/attendance-sync.machine';
import * as sel from '../../src/machines/attendance-sync.selectors';
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
 * The offline roll call's statechart (issue #14), walked on every path. The expectations
 * come from a reference model written from the issue: what the status line shows, which
 * list waits on the device, which PUTs go out (with force or not), which sheet the screen
 * is told about. They are not read from the machine.
 */

const USER = 4;
const CLUB = 1;
const SESSION = 7;
/** Where the device keeps this person's list of this session. */
const KEY = `${USER}/${CLUB}/${SESSION}`;
const SAVED_AT = '2026-11-24T18:05:00.000Z';

const listA: AttendanceMark[] = [
  { player_id: 11, status: 'present', note: null },
  { player_id: 12, status: 'absent', note: 'Enfermo' },
];
const listB: AttendanceMark[] = [
  { player_id: 11, status: 'late', note: null },
  { player_id: 12, status: 'absent', note: 'Enfermo' },
];

const sheet = (version: number, marks: AttendanceMark[]): AttendanceSheet => ({
  session_id: SESSION,
  version,
  closed_at: null,
  closed_by_name: null,
  can_manage: true,
  records: marks.map((mark) => ({
    ...mark,
    name: `Jugador ${mark.player_id}`,
    photo_url: null,
    jersey_number: mark.player_id,
  })),
});
/** What the server answers an accepted save. */
const accepted = sheet(4, listA);
/** Someone else's newer list. */
const theirs = sheet(6, [
  { player_id: 11, status: 'excused', note: 'Viaje' },
  { player_id: 12, status: 'absent', note: null },
]);
/** A list left on the device by an earlier visit, from version 2. */
const leftOver: QueuedAttendance = {
  userId: USER,
  clubId: CLUB,
  sessionId: SESSION,
  baseVersion: 2,
  records: listB,
  savedAt: '2026-11-24T17:00:00.000Z',
};

const conflict = new RequestError({
  status: 409,
  message: attendanceMessages.conflict,
  fieldErrors: { version: attendanceMessages.conflict },
});
const offline = new RequestError({
  status: null,
  message: NETWORK_FAILURE_MESSAGE,
  fieldErrors: {},
});
const closed = new RequestError({
  status: 409,
  message: attendanceMessages.closed,
  fieldErrors: {},
});
const forbidden = new RequestError({
  status: 403,
  message: 'No tienes permiso para esta acción',
  fieldErrors: {},
});

type Actor = 'loadQueued' | 'push' | 'loadTheirs';
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.${Actor}`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = AttendanceSyncEvent | ActorEvent;

const save = (records: AttendanceMark[], baseVersion: number): AttendanceSyncEvent => ({
  type: 'sync.save',
  records,
  baseVersion,
  savedAt: SAVED_AT,
});

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    save(listA, 3),
    save(listB, 5),
    { type: 'sync.online' },
    { type: 'sync.offline' },
    { type: 'sync.retry' },
    { type: 'sync.keepMine' },
    { type: 'sync.keepTheirs' },
    { type: 'sync.discard' },
  ];
  if (snapshot.children.loadQueued) {
    events.push({ type: 'xstate.done.actor.loadQueued', output: leftOver });
    events.push({ type: 'xstate.done.actor.loadQueued', output: null });
    events.push({ type: 'xstate.error.actor.loadQueued', error: new Error('IndexedDB refused') });
  }
  if (snapshot.children.push) {
    events.push({ type: 'xstate.done.actor.push', output: accepted });
    for (const error of [conflict, offline, closed]) {
      events.push({ type: 'xstate.error.actor.push', error });
    }
  }
  if (snapshot.children.loadTheirs) {
    events.push({ type: 'xstate.done.actor.loadTheirs', output: theirs });
    events.push({ type: 'xstate.error.actor.loadTheirs', error: offline });
    events.push({ type: 'xstate.error.actor.loadTheirs', error: forbidden });
  }
  return events;
}

/* The reference model: what the roll call should be after each event, from the issue. */

type Status = sel.AttendanceSyncStatus;
type Call = Actor | null;

interface Expected {
  status: Status;
  /** Which call is in flight (a PUT, or the server's sheet after a conflict). */
  call: Call;
  online: boolean;
  /** The list waiting to reach the server, and the version it is based on. */
  pending: { records: AttendanceMark[]; baseVersion: number } | null;
  /** When the waiting list was saved, if an earlier visit left it (not saved on this page). */
  leftOverSince: string | null;
  force: boolean;
  /** The server's sheet after the last accepted save (or theirs, kept). */
  saved: AttendanceSheet | null;
  theirs: AttendanceSheet | null;
  failure: string | null;
  /** What the device holds for this session. */
  stored: QueuedAttendance | null;
  /** Every PUT sent, in order. */
  puts: Omit<AttendancePush, 'clubId' | 'sessionId'>[];
  /** Every sheet the screen was told is the server's now. */
  shown: AttendanceSheet[];
}

const entryOf = (pending: NonNullable<Expected['pending']>, savedAt: string): QueuedAttendance => ({
  userId: USER,
  clubId: CLUB,
  sessionId: SESSION,
  baseVersion: pending.baseVersion,
  records: pending.records,
  savedAt,
});

/** With a list waiting: sent at once when online, else 'Pendiente de sincronizar'. */
function waitOrSend(e: Expected): Expected {
  if (!e.online) return { ...e, status: 'pending', call: null };
  return sendPut(e);
}

function sendPut(e: Expected): Expected {
  const { baseVersion, records } = e.pending!;
  return {
    ...e,
    status: 'syncing',
    call: 'push',
    puts: [...e.puts, { baseVersion, records, force: e.force }],
  };
}

const isNetwork = (error: unknown) => (error as RequestError).status === null;

/** A failed call: a lost connection waits queued; anything else is the server's refusal. */
function afterFailure(e: Expected, error: unknown): Expected {
  if (isNetwork(error)) return { ...e, status: 'pending', call: null, online: false };
  return { ...e, status: 'failed', call: null, failure: (error as Error).message };
}

function expectedAfter(e: Expected, event: ModelEvent): Expected {
  const resting = ['idle', 'pending', 'synced', 'failed'].includes(e.status);
  switch (event.type) {
    case 'sync.online':
      return e.status === 'pending' ? sendPut({ ...e, online: true }) : { ...e, online: true };
    case 'sync.offline':
      return e.status === 'syncing'
        ? { ...e, online: false, status: 'pending', call: null }
        : { ...e, online: false };
    case 'sync.save': {
      if (!resting) return e;
      // The version a list is based on is where the trainer started: the queued list's,
      // else the last sheet this device saved, else the one on screen.
      const baseVersion = e.pending?.baseVersion ?? e.saved?.version ?? event.baseVersion;
      const pending = { records: event.records, baseVersion };
      const next = { ...e, pending, leftOverSince: null, force: false, failure: null };
      return waitOrSend({ ...next, stored: entryOf(pending, event.savedAt) });
    }
    case 'sync.retry':
      return e.status === 'pending' || e.status === 'failed' ? sendPut(e) : e;
    case 'sync.keepMine': {
      if (e.status !== 'conflict') return e;
      const pending = { ...e.pending!, baseVersion: e.theirs!.version };
      const stored = entryOf(pending, e.stored!.savedAt);
      return sendPut({ ...e, pending, stored, force: true, theirs: null });
    }
    case 'sync.keepTheirs':
      if (e.status !== 'conflict') return e;
      return {
        ...e,
        status: 'synced',
        saved: e.theirs,
        pending: null,
        leftOverSince: null,
        theirs: null,
        force: false,
        online: true,
        stored: null,
        shown: [...e.shown, e.theirs!],
      };
    case 'sync.discard':
      if (e.status !== 'failed') return e;
      return {
        ...e,
        status: 'idle',
        pending: null,
        leftOverSince: null,
        force: false,
        failure: null,
        stored: null,
      };
    case 'xstate.done.actor.loadQueued': {
      const entry = event.output as QueuedAttendance | null;
      if (!entry) return { ...e, status: 'idle', call: null };
      const pending = { records: entry.records, baseVersion: entry.baseVersion };
      return waitOrSend({ ...e, pending, leftOverSince: entry.savedAt, call: null });
    }
    case 'xstate.error.actor.loadQueued':
      return { ...e, status: 'idle', call: null };
    case 'xstate.done.actor.push': {
      const answer = event.output as AttendanceSheet;
      return {
        ...e,
        status: 'synced',
        call: null,
        saved: answer,
        pending: null,
        leftOverSince: null,
        force: false,
        online: true,
        stored: null,
        shown: [...e.shown, answer],
      };
    }
    case 'xstate.error.actor.push':
      if ((event.error as RequestError).fieldErrors.version) {
        return { ...e, status: 'syncing', call: 'loadTheirs' };
      }
      return afterFailure(e, event.error);
    case 'xstate.error.actor.loadTheirs':
      return afterFailure(e, event.error);
    case 'xstate.done.actor.loadTheirs':
      return { ...e, status: 'conflict', call: null, theirs: event.output as AttendanceSheet };
  }
}

interface Effects {
  stored: Map<string, QueuedAttendance>;
  /** Whose entries the machine asked the device for. */
  asked: string[];
  puts: AttendancePush[];
  shown: AttendanceSheet[];
  theirsAsked: number;
}

function checkState(snapshot: AnyMachineSnapshot, e: Expected, effects: Effects) {
  const s = snapshot as never;
  // What the status line says.
  expect(sel.selectSyncStatus(s)).toBe(e.status);
  expect(snapshot.children.push !== undefined).toBe(e.call === 'push');
  expect(snapshot.children.loadTheirs !== undefined).toBe(e.call === 'loadTheirs');
  // The list shown over the server's: the one waiting, if any.
  expect(sel.selectPendingMarks(s)).toEqual(e.pending?.records ?? null);
  // 'Tienes una lista sin enviar de …': a list from an earlier visit, resting unsent.
  expect(sel.selectLeftOverSince(s)).toBe(
    e.status === 'pending' || e.status === 'failed' ? e.leftOverSince : null,
  );
  // The conflict dialog shows mine next to theirs, and only in conflict.
  expect(sel.selectConflict(s)).toEqual(
    e.status === 'conflict' ? { mine: e.pending!.records, theirs: e.theirs } : null,
  );
  // 'Guardar' never while a list is in flight or both are shown.
  expect(sel.selectCanSave(s)).toBe(['idle', 'pending', 'synced', 'failed'].includes(e.status));
  expect(sel.selectCanRetry(s)).toBe(e.status === 'pending' || e.status === 'failed');
  expect(sel.selectCanDiscard(s)).toBe(e.status === 'failed');
  expect(sel.selectSyncFailure(s)?.message ?? null).toBe(e.status === 'failed' ? e.failure : null);
  expect(sel.selectIsSettled(s)).toBe(e.status === 'idle' || e.status === 'synced');
  // Effects: the device holds exactly the list waiting; the PUTs and the sheets shown.
  expect(effects.stored.get(KEY) ?? null).toEqual(e.stored);
  // Only this person's entry is ever read or written.
  expect([...effects.stored.keys()].filter((key) => key !== KEY)).toEqual([]);
  expect(effects.asked.every((key) => key === KEY)).toBe(true);
  expect(effects.puts).toEqual(e.puts.map((put) => ({ clubId: CLUB, sessionId: SESSION, ...put })));
  expect(effects.shown).toEqual(e.shown);
  // Nothing waits on the device once the server has the list (synced) or it was dropped.
  if (e.status === 'synced' || e.status === 'idle') expect(effects.stored.size).toBe(0);
  // Force only after the trainer saw both lists and kept mine, rebased on theirs.
  for (const put of effects.puts.filter(({ force }) => force)) {
    expect(put.baseVersion).toBe(theirs.version);
  }
}

async function walk(path: ModelPath, input: AttendanceSyncInput, coverage: Coverage) {
  const effects: Effects = { stored: new Map(), asked: [], puts: [], shown: [], theirsAsked: 0 };
  if (path.steps.some(({ event }) => event.type === 'xstate.done.actor.loadQueued')) {
    // What loadQueued answers is what the device holds.
    const entry = path.steps.find(({ event }) => event.type === 'xstate.done.actor.loadQueued')!
      .event as ActorEvent;
    if (entry.output) effects.stored.set(KEY, entry.output as QueuedAttendance);
  }
  const calls: Partial<Record<Actor, Deferred<unknown>>> = {};
  const call = <T>(actor: Actor) => {
    calls[actor] = deferred<unknown>();
    return calls[actor].promise as Promise<T>;
  };
  const logic = attendanceSyncMachine.provide(
    createAttendanceSyncImplementations({
      getQueued: (ref) => {
        effects.asked.push(`${ref.userId}/${ref.clubId}/${ref.sessionId}`);
        return call('loadQueued');
      },
      putQueued: async (entry) =>
        void effects.stored.set(`${entry.userId}/${entry.clubId}/${entry.sessionId}`, entry),
      deleteQueued: async (ref) => {
        effects.asked.push(`${ref.userId}/${ref.clubId}/${ref.sessionId}`);
        effects.stored.delete(`${ref.userId}/${ref.clubId}/${ref.sessionId}`);
      },
      saveAttendance: (push) => {
        effects.puts.push(push);
        return call('push');
      },
      getAttendance: () => {
        effects.theirsAsked++;
        return call('loadTheirs');
      },
      onSynced: (answer) => void effects.shown.push(answer),
    }),
  );
  const actor = createActor(logic, { input, inspect: coverage.inspect });
  let e: Expected = {
    status: 'loading',
    call: 'loadQueued',
    online: input.online,
    pending: null,
    leftOverSince: null,
    force: false,
    saved: null,
    theirs: null,
    failure: null,
    stored: effects.stored.get(KEY) ?? null,
    puts: [],
    shown: [],
  };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
    if (event.type === 'xstate.init') actor.start();
    else {
      e = expectedAfter(e, event as ModelEvent);
      if (done) calls[done[1] as Actor]!.resolve((event as ActorEvent).output);
      else if (failed) calls[failed[1] as Actor]!.reject((event as ActorEvent).error);
      else actor.send(event as AttendanceSyncEvent);
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    checkState(snapshot, e, effects);
  }
  actor.stop();
}

const coverage = new Coverage(attendanceSyncMachine);
let walked = 0;

for (const online of [true, false]) {
  describe(`attendance-sync machine, every path of the model (opens ${online ? 'online' : 'offline'})`, () => {
    const input = { userId: USER, clubId: CLUB, sessionId: SESSION, online };
    for (const path of planPaths(attendanceSyncMachine, { input, events: eventsIn })) {
      it(describePath(path) || '(start)', async () => {
        await walk(path, input, coverage);
        walked++;
      });
    }
  });
}

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('attendance-sync machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
