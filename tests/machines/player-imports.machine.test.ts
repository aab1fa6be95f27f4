import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type {
  PlayerImportMapping,
  PlayerImportPreview,
  PlayerImportResult,
} from '../../contract/player-imports.schema';
import {
  createPlayerImportImplementations,
  selectCanImport,
  selectIsBusy,
  selectStep,
} from '../../src/machines/player-imports.actors';
import {
  playerImportMachine,
  type PlayerImportEvent,
  type PlayerImportUpload,
} from '../../src/machines/player-imports.machine';
import {
  Coverage,
  deferred,
  describePath,
  planPaths,
  settle,
  type Deferred,
  type ModelPath,
} from './support/model-paths';

// Stand-ins for files: what the machine does with a file is carry it to the calls.
const original = { name: 'jugadores.csv', size: 2_000 } as File;
const fixed = { name: 'jugadores-corregido.csv', size: 2_000 } as File;
/** Over the 5 MB limit: refused before it is sent. */
const huge = { name: 'enorme.csv', size: 6 * 1024 * 1024 } as File;

const detected: PlayerImportMapping = { name: 'Nombre', lastname: 'Apellido' };
const remapped: PlayerImportMapping = { name: 'Nombres', lastname: 'Apellido' };

const row = (n: number, status: 'new' | 'error') => ({
  row: n,
  status,
  name: `Jugador ${n}`,
  errors: status === 'error' ? [{ field: 'category', message: 'La categoría «X» no existe' }] : [],
  note: null,
});
const withErrors: PlayerImportPreview = {
  headers: ['Nombre', 'Nombres', 'Apellido'],
  mapping: detected,
  rows: [row(2, 'new'), row(3, 'error')],
  counts: { new: 1, update: 0, unchanged: 0, request: 0, error: 1 },
};
const clean: PlayerImportPreview = {
  ...withErrors,
  rows: [row(2, 'new'), row(3, 'new')],
  counts: { new: 2, update: 0, unchanged: 0, request: 0, error: 0 },
};
const nothingToDo: PlayerImportPreview = {
  ...withErrors,
  rows: [{ ...row(2, 'new'), status: 'unchanged' }],
  counts: { new: 0, update: 0, unchanged: 1, request: 0, error: 0 },
};
/** Every row's person is registered elsewhere (issue #33): requests, still something to send. */
const onlyRequests: PlayerImportPreview = {
  ...withErrors,
  rows: [{ ...row(2, 'new'), status: 'request' }],
  counts: { new: 0, update: 0, unchanged: 0, request: 1, error: 0 },
};
const result: PlayerImportResult = { created: 2, updated: 0, unchanged: 0, requested: 0 };

const refusal = (status: number, message: string) => ({ status, message, fieldErrors: {} });
const wrongType = refusal(415, 'El archivo debe ser CSV o Excel (.xlsx)');
const rowTurnedBad = {
  status: 422,
  message: 'El archivo tiene filas con errores',
  fieldErrors: { 'rows.3.document_number': 'Fila 3: Documento repetido' },
};

type Actor = 'preview' | 'importFile';
type ActorEvent = {
  type: `xstate.${'done' | 'error'}.actor.${Actor}`;
  output?: unknown;
  error?: unknown;
};
type ModelEvent = PlayerImportEvent | ActorEvent;

function eventsIn(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'import.fileChosen', file: original },
    { type: 'import.fileChosen', file: fixed },
    { type: 'import.fileChosen', file: huge },
    { type: 'import.confirmMapping', mapping: detected },
    { type: 'import.confirmMapping', mapping: remapped },
    { type: 'import.backToMapping' },
    { type: 'import.start' },
    { type: 'import.retry' },
    { type: 'import.reset' },
  ];
  if (snapshot.children.preview) {
    for (const output of [withErrors, clean, nothingToDo, onlyRequests]) {
      events.push({ type: 'xstate.done.actor.preview', output });
    }
    events.push({ type: 'xstate.error.actor.preview', error: wrongType });
  }
  if (snapshot.children.importFile) {
    events.push({ type: 'xstate.done.actor.importFile', output: result });
    events.push({ type: 'xstate.error.actor.importFile', error: rowTurnedBad });
  }
  return events;
}

interface Effects {
  previews: PlayerImportUpload[];
  imports: PlayerImportUpload[];
  imported: PlayerImportResult[];
}

interface Ctx {
  file: File | null;
  mapping: PlayerImportMapping | null;
  preview: PlayerImportPreview | null;
}

/** What the dialog shows in each state, and what each step must have caused. */
function checkState(snapshot: AnyMachineSnapshot, effects: Effects, last: ModelEvent, before: Ctx) {
  const s = snapshot as never;
  const ctx = snapshot.context as Ctx;
  const expectedStep = snapshot.matches({ preview: 'mapping' })
    ? 'mapping'
    : snapshot.matches({ preview: 'rows' })
      ? 'rows'
      : snapshot.matches('importing') || snapshot.matches('importFailed')
        ? 'importing'
        : snapshot.matches('done')
          ? 'done'
          : 'file';
  expect(selectStep(s)).toBe(expectedStep);
  expect(selectIsBusy(s)).toBe(snapshot.matches('previewing') || snapshot.matches('importing'));
  // 'Importar' only on the rows, without errors, with something to write.
  const importable =
    ctx.preview !== null &&
    ctx.preview.counts.error === 0 &&
    ctx.preview.counts.new + ctx.preview.counts.update + ctx.preview.counts.request > 0;
  expect(selectCanImport(s)).toBe(snapshot.matches({ preview: 'rows' }) && importable);

  if (last.type === 'import.fileChosen' && snapshot.matches('previewing')) {
    // A new file: previewed with the server's own mapping, nothing left of the old one.
    expect(effects.previews.at(-1)).toEqual({ file: last.file, mapping: null });
    expect(ctx.preview).toBeNull();
  }
  if (last.type === 'import.confirmMapping') {
    const unchanged =
      JSON.stringify(last.mapping) === JSON.stringify(before.mapping ?? before.preview?.mapping);
    expect(snapshot.matches(unchanged ? { preview: 'rows' } : 'previewing')).toBe(true);
    if (!unchanged)
      expect(effects.previews.at(-1)).toEqual({ file: before.file, mapping: last.mapping });
  }
  if (last.type === 'xstate.done.actor.preview') {
    // The first preview asks about the columns; after a confirmed mapping, the rows.
    expect(snapshot.matches(before.mapping ? { preview: 'rows' } : { preview: 'mapping' })).toBe(
      true,
    );
  }
  // A file over 5 MB never reaches the server; a refused one shows the server's reason.
  if (snapshot.matches('previewFailed')) {
    expect(snapshot.context.failure?.status).toBe(ctx.file === huge ? 413 : 415);
  }
  expect(effects.previews.some((upload) => upload.file === huge)).toBe(false);
  if (snapshot.matches('importing') && last.type !== 'import.retry') {
    expect(before.preview?.counts.error).toBe(0);
    expect(effects.imports.at(-1)).toEqual({ file: ctx.file, mapping: ctx.mapping });
  }
  if (snapshot.matches('importFailed')) expect(snapshot.context.failure?.status).toBe(422);
  if (snapshot.matches('done')) expect(effects.imported.at(-1)).toEqual(result);
  // The list is refreshed once per import that the server accepted, never otherwise.
  expect(effects.imported.length).toBeLessThanOrEqual(effects.imports.length);
  if (last.type === 'xstate.done.actor.importFile')
    expect(effects.imported).toHaveLength(effects.imports.length);
  if (snapshot.matches('idle'))
    expect(ctx).toMatchObject({ file: null, mapping: null, preview: null });
}

async function walk(path: ModelPath, coverage: Coverage) {
  const effects: Effects = { previews: [], imports: [], imported: [] };
  const calls: Partial<Record<Actor, Deferred<unknown>>> = {};
  const call = <T>(actor: Actor) => {
    calls[actor] = deferred<unknown>();
    return calls[actor].promise as Promise<T>;
  };
  const implementations = createPlayerImportImplementations({
    preview: (upload) => {
      effects.previews.push(upload);
      return call('preview');
    },
    importFile: (upload) => {
      effects.imports.push(upload);
      return call('importFile');
    },
    onImported: (output) => void effects.imported.push(output),
  });
  const logic = playerImportMachine.provide(implementations);
  const actor = createActor(logic, { inspect: coverage.inspect });
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const before = { ...(actor.getSnapshot()?.context ?? {}) } as Ctx;
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
    if (event.type === 'xstate.init') actor.start();
    else if (done) calls[done[1] as Actor]!.resolve((event as ActorEvent).output);
    else if (failed) calls[failed[1] as Actor]!.reject((event as ActorEvent).error);
    else actor.send(event as PlayerImportEvent);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    if (event.type !== 'xstate.init') checkState(snapshot, effects, event as ModelEvent, before);
  }
  actor.stop();
}

const coverage = new Coverage(playerImportMachine);
let walked = 0;

describe('player import machine, every path of the model', () => {
  const paths = planPaths(playerImportMachine, { events: eventsIn });
  for (const path of paths) {
    it(describePath(path) || '(start)', async () => {
      await walk(path, coverage);
      walked++;
    });
  }
});

afterAll(() => {
  const { missingStates, missingTransitions, summary } = coverage.report('player import machine');
  console.log(`${summary} (${walked} paths walked)`);
  expect(missingStates).toEqual([]);
  expect(missingTransitions).toEqual([]);
});
