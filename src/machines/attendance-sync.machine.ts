import { assign, fromPromise, setup, type NonReducibleUnknown, type SnapshotFrom } from 'xstate';
import type { AttendanceSheet } from '../../contract/attendance.schema';
import type { AttendanceMark, AttendanceOwnerRef, QueuedAttendance } from '../lib/attendance-queue';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/* The machine's input, context, events and the shapes its effects receive. */

export interface AttendanceSyncInput {
  /** The signed-in user: the only one whose queued list is read, written and sent. */
  userId: number;
  clubId: number;
  sessionId: number;
  /** Whether the browser says it is online when the page opens (`navigator.onLine`). */
  online: boolean;
}

export interface AttendanceSyncContext extends AttendanceSyncInput {
  /** The list saved on this device and not yet accepted by the server. */
  pending: QueuedAttendance | null;
  /** The waiting list was left on the device by an earlier visit (not saved on this page). */
  leftOver: boolean;
  /** The trainer saw both lists and kept mine: the next send overwrites theirs. */
  force: boolean;
  /** The server's sheet after the last accepted save (its `version` is the next base). */
  saved: AttendanceSheet | null;
  /** Someone else's newer sheet, shown next to mine while the trainer chooses. */
  theirs: AttendanceSheet | null;
  /** Why the server refused the last send (not a lost connection, not a conflict). */
  failure: RequestFailure | null;
}

export type AttendanceSyncEvent =
  | { type: 'sync.save'; records: AttendanceMark[]; baseVersion: number; savedAt: string }
  | { type: 'sync.online' }
  | { type: 'sync.offline' }
  | { type: 'sync.retry' }
  | { type: 'sync.keepMine' }
  | { type: 'sync.keepTheirs' }
  | { type: 'sync.discard' };

/** What the `push` actor sends: `PUT …/attendance`. */
export interface AttendancePush {
  clubId: number;
  sessionId: number;
  baseVersion: number;
  records: AttendanceMark[];
  force: boolean;
}

export interface SessionRef {
  clubId: number;
  sessionId: number;
}

/*
 * The transitions used in several states, and the references the effects receive: plain
 * data naming the actions and guards below, which `setup` checks.
 */

/** The session, for the server's calls. */
const refOf = ({ clubId, sessionId }: AttendanceSyncContext): SessionRef => ({
  clubId,
  sessionId,
});

/** This user's entry on the device: nobody reads or sends another person's list. */
const ownRefOf = ({ userId, clubId, sessionId }: AttendanceSyncContext): AttendanceOwnerRef => ({
  userId,
  clubId,
  sessionId,
});

/** A new list from 'Guardar': queued on the device, then sent when there is a connection. */
const save = {
  target: '#attendanceSync.queued',
  actions: [
    'assignPending',
    {
      type: 'persistQueued',
      params: ({ context }: { context: AttendanceSyncContext }) => ({ entry: context.pending! }),
    },
  ],
} as const;

/** The connection went (the browser said so): the list waits, queued. */
const goOffline = { target: '#attendanceSync.queued', actions: 'markOffline' } as const;

/** A failed call: a lost connection waits queued; anything else is the server's refusal. */
const failedCall = [
  {
    guard: {
      type: 'isNetworkFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
    target: '#attendanceSync.queued',
    actions: 'markOffline',
  },
  {
    target: '#attendanceSync.failed',
    actions: {
      type: 'assignFailure',
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
  },
] as const;

const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is not provided`)));

/**
 * The offline roll call (issue #14): 'Guardar' keeps the list on the device (IndexedDB)
 * and sends it while there is a connection; a lost connection leaves it "pendiente de
 * sincronizar" until the browser is online again or the trainer retries. When someone
 * else saved the list meanwhile (409 on `version`), their sheet is fetched and both are
 * shown: mine is sent again with `force`, or theirs replaces mine. Effects are provided
 * by src/machines/attendance.actors.ts.
 */
export const attendanceSyncMachine = setup({
  types: {
    input: {} as AttendanceSyncInput,
    context: {} as AttendanceSyncContext,
    events: {} as AttendanceSyncEvent,
  },
  actors: {
    loadQueued: notProvided<QueuedAttendance | null, AttendanceOwnerRef>('loadQueued'),
    push: notProvided<AttendanceSheet, AttendancePush>('push'),
    loadTheirs: notProvided<AttendanceSheet, SessionRef>('loadTheirs'),
  },
  actions: {
    // Effects: src/machines/attendance.actors.ts, faked by the tests.
    /** Writes the queued list to the device (replacing this session's previous one). */
    persistQueued: (_, _params: { entry: QueuedAttendance }) => {},
    /** Removes this user's queued list of this session from the device. */
    forgetQueued: (_, _params: AttendanceOwnerRef) => {},
    /** The server's sheet is now this one: the screen shows it (and caches it). */
    notifySynced: (_, _params: { sheet: AttendanceSheet }) => {},

    // Pure context updates.
    assignLoaded: assign((_, { entry }: { entry: QueuedAttendance | null }) => ({
      pending: entry,
      leftOver: entry !== null,
    })),
    assignPending: assign(({ context, event }) => {
      if (event.type !== 'sync.save') return {};
      const baseVersion =
        context.pending?.baseVersion ?? context.saved?.version ?? event.baseVersion;
      return {
        pending: {
          ...ownRefOf(context),
          baseVersion,
          records: event.records,
          savedAt: event.savedAt,
        },
        leftOver: false,
        force: false,
        failure: null,
      };
    }),
    assignOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
    assignSaved: assign((_, { sheet }: { sheet: AttendanceSheet }) => ({
      saved: sheet,
      pending: null,
      leftOver: false,
      theirs: null,
      force: false,
      failure: null,
      // The server answered: whatever the browser said, it is reachable.
      online: true,
    })),
    assignTheirs: assign((_, { sheet }: { sheet: AttendanceSheet }) => ({
      theirs: sheet,
      online: true,
    })),
    /** Mine over theirs: based on their version now, and sent with `force`. */
    rebaseOnTheirs: assign(({ context }) => ({
      pending: context.pending && {
        ...context.pending,
        baseVersion: context.theirs?.version ?? context.pending.baseVersion,
      },
      theirs: null,
      force: true,
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    dropPending: assign({ pending: null, leftOver: false, force: false, failure: null }),
  },
  guards: {
    isOnline: ({ context }) => context.online,
    hasEntry: (_, { entry }: { entry: QueuedAttendance | null }) => entry !== null,
    /** No answer came back: the connection, not the server. */
    isNetworkFailure: (_, { error }: { error: unknown }) => toRequestFailure(error).status === null,
    /** 409 on `version`: someone else saved the list since the version mine started from. */
    isVersionConflict: (_, { error }: { error: unknown }) => {
      const failure = toRequestFailure(error);
      return failure.status === 409 && 'version' in failure.fieldErrors;
    },
  },
}).createMachine({
  id: 'attendanceSync',
  description:
    'The roll call saved on the device and sent to the server when there is a connection.',
  context: ({ input }) => ({
    ...input,
    pending: null,
    leftOver: false,
    force: false,
    saved: null,
    theirs: null,
    failure: null,
  }),
  on: {
    'sync.online': { actions: 'assignOnline' },
    'sync.offline': { actions: 'markOffline' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: "Reads this session's list queued on the device, if any.",
      invoke: {
        id: 'loadQueued',
        src: 'loadQueued',
        input: ({ context }) => ownRefOf(context),
        onDone: [
          {
            guard: { type: 'hasEntry', params: ({ event }) => ({ entry: event.output }) },
            target: 'queued',
            actions: { type: 'assignLoaded', params: ({ event }) => ({ entry: event.output }) },
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle' },
      },
    },
    idle: {
      description: "Nothing waits to be sent: the list is the server's.",
      on: { 'sync.save': save },
    },
    queued: {
      tags: ['pending'],
      description: 'Pendiente de sincronizar: kept on the device until there is a connection.',
      always: { guard: 'isOnline', target: 'syncing' },
      on: {
        'sync.save': save,
        'sync.retry': 'syncing',
      },
    },
    syncing: {
      tags: ['busy'],
      description: 'Sincronizando: the list goes to the server (with force after choosing mine).',
      invoke: {
        id: 'push',
        src: 'push',
        input: ({ context }) => ({
          ...refOf(context),
          baseVersion: context.pending!.baseVersion,
          records: context.pending!.records,
          force: context.force,
        }),
        onDone: {
          target: 'synced',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ sheet: event.output }) },
            { type: 'forgetQueued', params: ({ context }) => ownRefOf(context) },
            { type: 'notifySynced', params: ({ event }) => ({ sheet: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isVersionConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'comparing',
          },
          ...failedCall,
        ],
      },
      on: { 'sync.offline': goOffline },
    },
    comparing: {
      tags: ['busy'],
      description: 'Someone else saved meanwhile: their sheet is fetched to show next to mine.',
      invoke: {
        id: 'loadTheirs',
        src: 'loadTheirs',
        input: ({ context }) => refOf(context),
        onDone: {
          target: 'conflict',
          actions: { type: 'assignTheirs', params: ({ event }) => ({ sheet: event.output }) },
        },
        onError: failedCall,
      },
      on: { 'sync.offline': goOffline },
    },
    conflict: {
      description: 'Both lists are shown, per player; the trainer keeps one.',
      on: {
        'sync.keepMine': {
          target: 'syncing',
          actions: [
            'rebaseOnTheirs',
            { type: 'persistQueued', params: ({ context }) => ({ entry: context.pending! }) },
          ],
        },
        'sync.keepTheirs': {
          target: 'synced',
          actions: [
            { type: 'notifySynced', params: ({ context }) => ({ sheet: context.theirs! }) },
            { type: 'assignSaved', params: ({ context }) => ({ sheet: context.theirs! }) },
            { type: 'forgetQueued', params: ({ context }) => ownRefOf(context) },
          ],
        },
      },
    },
    failed: {
      description:
        'The server refused the list (closed, a player not in the category): its reason is shown.',
      on: {
        'sync.save': save,
        'sync.retry': 'syncing',
        'sync.discard': {
          target: 'idle',
          actions: [
            'dropPending',
            { type: 'forgetQueued', params: ({ context }) => ownRefOf(context) },
          ],
        },
      },
    },
    synced: {
      description: 'Sincronizado: the server has the list.',
      on: { 'sync.save': save },
    },
  },
});

export type AttendanceSyncSnapshot = SnapshotFrom<typeof attendanceSyncMachine>;
