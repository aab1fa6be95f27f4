import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  PLAYER_IMPORT_MAX_BYTES,
  type PlayerImportMapping,
  type PlayerImportPreview,
  type PlayerImportResult,
  playerImportMessages,
} from '../../contract/player-imports.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/** What the preview and the import send: the file and the mapping the person confirmed (null = the server's). */
export interface PlayerImportUpload {
  file: File;
  mapping: PlayerImportMapping | null;
}

export interface PlayerImportContext {
  file: File | null;
  /** The mapping the person chose; null while the server's detected one stands. */
  mapping: PlayerImportMapping | null;
  preview: PlayerImportPreview | null;
  result: PlayerImportResult | null;
  failure: RequestFailure | null;
}

export type PlayerImportEvent =
  | { type: 'import.fileChosen'; file: File }
  | { type: 'import.confirmMapping'; mapping: PlayerImportMapping }
  | { type: 'import.backToMapping' }
  | { type: 'import.start' }
  | { type: 'import.retry' }
  | { type: 'import.reset' };

const sameMapping = (a: PlayerImportMapping, b: PlayerImportMapping) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof PlayerImportMapping>;
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null));
};

const empty: PlayerImportContext = {
  file: null,
  mapping: null,
  preview: null,
  result: null,
  failure: null,
};

const fileOf = (event: PlayerImportEvent) =>
  (event as Extract<PlayerImportEvent, { type: 'import.fileChosen' }>).file;

/**
 * A new file restarts from its preview (any step but while a call is running); one over
 * the size limit is refused here, before a byte is sent.
 */
const chooseFile = [
  {
    guard: ({ event }: { event: PlayerImportEvent }) =>
      fileOf(event).size > PLAYER_IMPORT_MAX_BYTES,
    target: '#playerImports.previewFailed',
    actions: [
      {
        type: 'assignFile',
        params: ({ event }: { event: PlayerImportEvent }) => ({ file: fileOf(event) }),
      },
      'assignTooLarge',
    ],
  },
  {
    target: '#playerImports.previewing',
    actions: {
      type: 'assignFile',
      params: ({ event }: { event: PlayerImportEvent }) => ({ file: fileOf(event) }),
    },
  },
] as const;

/**
 * The players import dialog (issue #11 item 4): pick a file → the server previews it →
 * the person checks the column mapping (a changed mapping previews again) → the rows
 * with their status and errors → import the whole file (only without errors) → done.
 * A new file can be chosen at any step but while a call is running.
 */
export const playerImportMachine = setup({
  types: {
    context: {} as PlayerImportContext,
    events: {} as PlayerImportEvent,
  },
  actors: {
    preview: fromPromise<PlayerImportPreview, PlayerImportUpload>(() =>
      Promise.reject(new Error('preview is not provided')),
    ),
    importFile: fromPromise<PlayerImportResult, PlayerImportUpload>(() =>
      Promise.reject(new Error('importFile is not provided')),
    ),
  },
  actions: {
    /** The players list is stale: refresh it (and tell the person). */
    notifyImported: (_, _params: { result: PlayerImportResult }) => {},
    assignFile: assign((_, { file }: { file: File }) => ({ ...empty, file })),
    assignPreview: assign((_, { preview }: { preview: PlayerImportPreview }) => ({
      preview,
      failure: null,
    })),
    assignMapping: assign((_, { mapping }: { mapping: PlayerImportMapping }) => ({ mapping })),
    assignResult: assign((_, { result }: { result: PlayerImportResult }) => ({
      result,
      failure: null,
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clearFailure: assign({ failure: null }),
    assignTooLarge: assign({
      failure: { status: 413, message: playerImportMessages.tooLarge, fieldErrors: {} },
    }),
    reset: assign(() => empty),
  },
  guards: {
    fileFits: ({ context }) =>
      context.file !== null && context.file.size <= PLAYER_IMPORT_MAX_BYTES,
    /** The person already confirmed a mapping: this preview is the rows step. */
    mappingConfirmed: ({ context }) => context.mapping !== null,
    mappingUnchanged: ({ context }, { mapping }: { mapping: PlayerImportMapping }) =>
      context.preview !== null && sameMapping(mapping, context.mapping ?? context.preview.mapping),
    /** Nothing to fix and something to write (players, or requests to people elsewhere). */
    importable: ({ context }) =>
      context.preview !== null &&
      context.preview.counts.error === 0 &&
      context.preview.counts.new + context.preview.counts.update + context.preview.counts.request >
        0,
  },
}).createMachine({
  id: 'playerImports',
  description: 'Importing players from a CSV or Excel file: preview, mapping, rows, import.',
  context: empty,
  initial: 'idle',
  states: {
    idle: {
      description: 'Step 1: choose a file (or download the template).',
      on: { 'import.fileChosen': chooseFile },
    },
    previewing: {
      tags: ['busy'],
      description: 'The server reads the file and checks every row; nothing is saved.',
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ file: context.file!, mapping: context.mapping }),
        onDone: [
          {
            guard: 'mappingConfirmed',
            target: 'preview.rows',
            actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
          },
          {
            target: 'preview.mapping',
            actions: { type: 'assignPreview', params: ({ event }) => ({ preview: event.output }) },
          },
        ],
        onError: {
          target: 'previewFailed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    previewFailed: {
      description: 'The file was refused (type, size, empty) or the server could not be asked.',
      on: {
        'import.retry': { guard: 'fileFits', target: 'previewing', actions: 'clearFailure' },
        'import.reset': { target: 'idle', actions: 'reset' },
        'import.fileChosen': chooseFile,
      },
    },
    preview: {
      initial: 'mapping',
      on: {
        'import.reset': { target: 'idle', actions: 'reset' },
        'import.fileChosen': chooseFile,
      },
      states: {
        mapping: {
          description:
            'Step 2: which column of the file fills each field (pre-filled by the server).',
          on: {
            'import.confirmMapping': [
              {
                guard: {
                  type: 'mappingUnchanged',
                  params: ({ event }) => ({ mapping: event.mapping }),
                },
                target: 'rows',
              },
              {
                target: '#playerImports.previewing',
                actions: {
                  type: 'assignMapping',
                  params: ({ event }) => ({ mapping: event.mapping }),
                },
              },
            ],
          },
        },
        rows: {
          description:
            'Step 3: every row with its status and errors; importing only when no row has an error.',
          on: {
            'import.backToMapping': { target: 'mapping' },
            'import.start': { guard: 'importable', target: '#playerImports.importing' },
          },
        },
      },
    },
    importing: {
      tags: ['busy'],
      description: 'Step 4: the whole file in one transaction (all or nothing).',
      invoke: {
        id: 'importFile',
        src: 'importFile',
        input: ({ context }) => ({ file: context.file!, mapping: context.mapping }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifyImported', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'importFailed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    importFailed: {
      description: 'Nothing was written (a row turned bad meanwhile, or the server failed).',
      on: {
        'import.retry': { target: 'importing', actions: 'clearFailure' },
        'import.reset': { target: 'idle', actions: 'reset' },
        'import.fileChosen': chooseFile,
      },
    },
    done: {
      description: 'Step 5: how many players were created and updated.',
      on: {
        'import.reset': { target: 'idle', actions: 'reset' },
        'import.fileChosen': chooseFile,
      },
    },
  },
});

export type PlayerImportSnapshot = SnapshotFrom<typeof playerImportMachine>;
