import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { UNKNOWN_FAILURE_MESSAGE } from '../../src/lib/request-failure';
import { createReportDownloadImplementations } from '../../src/machines/reports-download.actors';
import {
  reportDownloadMachine,
  type ReportDownloadEvent,
  type ReportDownloadFile,
  type ReportDownloadProgress,
  type ReportDownloadRequest,
  type ReportDownloadSnapshot,
} from '../../src/machines/reports-download.machine';
import {
  type DownloadState,
  selectCanCancel,
  selectDownloadState,
  selectIsBusy,
} from '../../src/machines/reports-download.selectors';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

const clubs: ReportDownloadRequest = {
  report: 'clubs',
  format: 'csv',
  filters: { status: 'archived' },
};
const payments: ReportDownloadRequest = {
  report: 'payments',
  format: 'xlsx',
  filters: { from: '2026-01', to: '2026-03' },
};
const half: ReportDownloadProgress = { total: 2, fraction: 0.5, bytes: 40 };
const bytesOnly: ReportDownloadProgress = { total: 7, fraction: null, bytes: 9_000 };
const file: ReportDownloadFile = {
  blob: new Blob(['ID;Nombre\r\n']),
  fileName: 'reporte-clubes-2026-11-24.csv',
  total: 2,
};
/** A refusal as src/api describes it: Spanish message and the field it names. */
const refusal = { status: 422, message: 'El mes debe ser AAAA-MM', fieldErrors: { from: 'Mes' } };
/** Anything else (a bug, a browser error in English) must not reach the screen as is. */
const crash = new TypeError('Failed to fetch');

type ActorEvent =
  | { type: 'xstate.done.actor.download'; output: ReportDownloadFile }
  | { type: 'xstate.error.actor.download'; error: unknown };
type ModelEvent = ReportDownloadEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'download.start', request: clubs },
    { type: 'download.start', request: payments },
    { type: 'download.cancel' },
  ];
  // Progress and the outcome only come from a download that is running.
  if (snapshot.children.download) {
    events.push({ type: 'download.progress', progress: half });
    events.push({ type: 'download.progress', progress: bytesOnly });
    events.push({ type: 'xstate.done.actor.download', output: file });
    events.push({ type: 'xstate.error.actor.download', error: refusal });
    events.push({ type: 'xstate.error.actor.download', error: crash });
  }
  return events;
}

/** One call of the download: what it was asked, and the test's hand on it. */
interface Call {
  request: ReportDownloadRequest;
  signal: AbortSignal;
  onProgress: (progress: ReportDownloadProgress) => void;
  result: Deferred<ReportDownloadFile>;
}

interface Effects {
  calls: Call[];
  saves: { blob: Blob; fileName: string }[];
}

/**
 * What the card must show after `event`, from what it showed before: the spec of
 * issue #17 written out by hand, not read from the machine.
 */
function expectedView(before: DownloadState, event: ModelEvent): DownloadState {
  const running = before.kind === 'downloading';
  switch (event.type) {
    case 'download.start':
      return running ? before : { kind: 'downloading', progress: null };
    case 'download.cancel':
      return running ? { kind: 'cancelled' } : before;
    case 'download.progress':
      return running ? { kind: 'downloading', progress: event.progress } : before;
    case 'xstate.done.actor.download':
      return { kind: 'done', fileName: file.fileName, total: file.total };
    case 'xstate.error.actor.download':
      return event.error === refusal
        ? { kind: 'failed', message: refusal.message, fieldErrors: refusal.fieldErrors }
        : { kind: 'failed', message: UNKNOWN_FAILURE_MESSAGE, fieldErrors: {} };
  }
}

/** What each event must have caused beyond the view: calls, aborts, saves. */
function checkEffects(
  event: ModelEvent,
  before: DownloadState,
  effects: Effects,
  callsBefore: number,
  savesBefore: number,
) {
  const last = effects.calls.at(-1);
  if (event.type === 'download.start' && before.kind !== 'downloading') {
    // One new request, exactly the one asked for, not aborted.
    expect(effects.calls).toHaveLength(callsBefore + 1);
    expect(last!.request).toEqual(event.request);
    expect(last!.signal.aborted).toBe(false);
  } else {
    expect(effects.calls).toHaveLength(callsBefore);
  }
  if (event.type === 'download.cancel' && before.kind === 'downloading') {
    // Cancelling aborts the request, so the server stops reading.
    expect(last!.signal.aborted).toBe(true);
  }
  if (event.type === 'xstate.done.actor.download') {
    expect(effects.saves).toEqual([
      ...effects.saves.slice(0, savesBefore),
      { blob: file.blob, fileName: file.fileName },
    ]);
  } else {
    // Only a finished download is saved; a cancelled or failed one never is.
    expect(effects.saves).toHaveLength(savesBefore);
  }
}

/** What the card's buttons are, for what it shows. */
function checkButtons(snapshot: ReportDownloadSnapshot, view: DownloadState) {
  expect(selectIsBusy(snapshot)).toBe(view.kind === 'downloading');
  expect(selectCanCancel(snapshot)).toBe(view.kind === 'downloading');
  expect(snapshot.can({ type: 'download.start', request: clubs })).toBe(
    view.kind !== 'downloading',
  );
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { calls: [], saves: [] };
  const logic = reportDownloadMachine.provide(
    createReportDownloadImplementations({
      download: (request, { signal, onProgress }) => {
        const result = deferred<ReportDownloadFile>();
        effects.calls.push({ request, signal, onProgress, result });
        return result.promise;
      },
      save: (blob, fileName) => void effects.saves.push({ blob, fileName }),
    }),
  );
  const actor = createActor(logic, { inspect: coverage.inspect });
  let view: DownloadState = { kind: 'idle' };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const [callsBefore, savesBefore] = [effects.calls.length, effects.saves.length];
    const call = effects.calls.at(-1);
    if (event.type === 'xstate.init') actor.start();
    else if (event.type === 'xstate.done.actor.download') call!.result.resolve(file);
    else if (event.type === 'xstate.error.actor.download') call!.result.reject(event.error);
    // Progress comes from the running download, through the callback it was given.
    else if (event.type === 'download.progress') call!.onProgress(event.progress);
    else actor.send(event);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    if (event.type !== 'xstate.init') {
      const expected = expectedView(view, event);
      checkEffects(event, view, effects, callsBefore, savesBefore);
      view = expected;
    }
    expect(selectDownloadState(snapshot)).toEqual(view);
    checkButtons(snapshot, view);
    if (event.type === 'download.cancel' && call) {
      // A chunk that arrives after the cancel moves nothing.
      call.onProgress(half);
      await settle();
      expect(selectDownloadState(actor.getSnapshot())).toEqual(view);
    }
  }
  actor.stop();
}

const coverage = new Coverage(reportDownloadMachine);
let walked = 0;

describe('report download machine, every path of the model', () => {
  const paths = planPaths(reportDownloadMachine, { events: eventsIn });
  for (const path of paths) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

describe('report download machine, one card', () => {
  it('does not let a late chunk of a cancelled download move the next one', async () => {
    const calls: Call[] = [];
    const actor = createActor(
      reportDownloadMachine.provide(
        createReportDownloadImplementations({
          download: (request, { signal, onProgress }) => {
            const result = deferred<ReportDownloadFile>();
            calls.push({ request, signal, onProgress, result });
            return result.promise;
          },
          save: () => {},
        }),
      ),
    ).start();
    actor.send({ type: 'download.start', request: clubs });
    actor.send({ type: 'download.cancel' });
    actor.send({ type: 'download.start', request: payments });
    calls[0]!.onProgress(half);
    calls[0]!.result.resolve(file);
    await settle();
    expect(selectDownloadState(actor.getSnapshot())).toEqual({
      kind: 'downloading',
      progress: null,
    });
    calls[1]!.onProgress(bytesOnly);
    expect(selectDownloadState(actor.getSnapshot())).toEqual({
      kind: 'downloading',
      progress: bytesOnly,
    });
    actor.stop();
  });
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('report download machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
