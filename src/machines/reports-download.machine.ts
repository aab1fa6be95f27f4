import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ReportFormat, ReportKind } from '../../contract/reports.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/** The report to download: which one, its format and the filters set (status, from, to). */
export interface ReportDownloadRequest {
  report: ReportKind;
  format: ReportFormat;
  filters: Partial<Record<'status' | 'from' | 'to', string>>;
}

/** How far a download has come, as the stream tells it. */
export interface ReportDownloadProgress {
  /** Data rows the report holds (X-Total-Rows); null if the server did not say. */
  total: number | null;
  /** 0..1 for a CSV; null for an XLSX (unknown until the end). */
  fraction: number | null;
  bytes: number;
}

/** The downloaded file, handed to the `save` action (the blob is never kept in context). */
export interface ReportDownloadFile {
  blob: Blob;
  fileName: string;
  total: number | null;
}

/** What the download actor is given: the request and where to report its progress. */
export interface ReportDownloadInput {
  request: ReportDownloadRequest;
  onProgress: (progress: ReportDownloadProgress) => void;
}

export interface ReportDownloadContext {
  request: ReportDownloadRequest | null;
  progress: ReportDownloadProgress | null;
  /** The last file saved: its name and rows (X-Total-Rows). */
  saved: { fileName: string; total: number | null } | null;
  failure: RequestFailure | null;
}

export type ReportDownloadEvent =
  | { type: 'download.start'; request: ReportDownloadRequest }
  | { type: 'download.cancel' }
  /** Sent by the running download itself (its input's onProgress). */
  | { type: 'download.progress'; progress: ReportDownloadProgress };

const empty: ReportDownloadContext = { request: null, progress: null, saved: null, failure: null };

const start = {
  target: '#reportsDownload.downloading',
  actions: {
    type: 'assignRequest',
    params: ({ event }: { event: ReportDownloadEvent }) => ({
      request: (event as Extract<ReportDownloadEvent, { type: 'download.start' }>).request,
    }),
  },
} as const;

/**
 * One report card's download (issue #17): 'Descargar' streams the report with its progress;
 * 'Cancelar' stops it (leaving `downloading` stops the actor, whose signal aborts the
 * request); the file is handed to the browser by the `save` action; a refusal shows the
 * server's Spanish message and field errors. A new download can start once one has ended.
 */
export const reportDownloadMachine = setup({
  types: {
    context: {} as ReportDownloadContext,
    events: {} as ReportDownloadEvent,
  },
  actors: {
    download: fromPromise<ReportDownloadFile, ReportDownloadInput>(() =>
      Promise.reject(new Error('download is not provided')),
    ),
  },
  actions: {
    /** Hands the file to the browser (a link clicked once); provided by the screen. */
    save: (_, _params: { file: ReportDownloadFile }) => {},
    assignRequest: assign((_, { request }: { request: ReportDownloadRequest }) => ({
      ...empty,
      request,
    })),
    assignProgress: assign((_, { progress }: { progress: ReportDownloadProgress }) => ({
      progress,
    })),
    assignSaved: assign((_, { file }: { file: ReportDownloadFile }) => ({
      saved: { fileName: file.fileName, total: file.total },
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
  },
}).createMachine({
  id: 'reportsDownload',
  description: "One report's download: streamed with its progress, cancellable, then saved.",
  context: empty,
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing downloaded yet: the card shows its filters and "Descargar".',
      on: { 'download.start': start },
    },
    downloading: {
      tags: ['busy'],
      description: 'The report streams in; its progress shows; "Cancelar" stops it.',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context, self }) => ({
          request: context.request!,
          onProgress: (progress: ReportDownloadProgress) =>
            self.send({ type: 'download.progress', progress }),
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ file: event.output }) },
            { type: 'save', params: ({ event }) => ({ file: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'download.progress': {
          actions: {
            type: 'assignProgress',
            params: ({ event }) => ({ progress: event.progress }),
          },
        },
        'download.cancel': { target: 'cancelled' },
      },
    },
    done: {
      description: 'The file was handed to the browser: its name and rows show.',
      on: { 'download.start': start },
    },
    cancelled: {
      description: 'The person stopped it: nothing was saved and the server stopped reading.',
      on: { 'download.start': start },
    },
    failed: {
      description: 'The server refused it or could not be reached: its Spanish message shows.',
      on: { 'download.start': start },
    },
  },
});

export type ReportDownloadSnapshot = SnapshotFrom<typeof reportDownloadMachine>;
