import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FieldError } from '../../../contract/api-error.schema';
import type { PlayerImportField } from '../../../contract/player-imports.columns';
import {
  type PlayerImportMapping,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import { AppError } from '../../lib/app-error';
import type { PlanFacts, PlanKeys } from './player-imports.classify';
import type { RememberedMapping } from './player-imports.headers';
import type { ParsedSheet } from './player-imports.parse';
import type { CheckedRow } from './player-imports.rows';

/*
 * The files of imports are read, and previews planned and encoded, in worker threads
 * (player-imports.worker.ts), never on the event loop that answers everyone else: a small
 * pool (one worker on two cores, two at most) with a queue of tasks, so four previews at
 * once do not start four parsers. Each worker has a memory limit and each task a time
 * limit; past either, the worker is ended and the file refused with 422. A worker idle for a moment ends, and its memory goes back to the
 * system with it (a parse allocates hundreds of MB of short-lived strings and objects).
 */

export const IMPORT_WORKER_MEMORY_MB = 256;
export const IMPORT_WORKER_TIMEOUT_MS = 30_000;
const IDLE_MS = 5_000;
const MAX_QUEUED = 16;
const POOL_SIZE = Math.min(2, Math.max(1, os.availableParallelism() - 1));

/** A file read and its rows checked, as the worker answers it. */
export interface SheetRead {
  headers: string[];
  mapping: PlayerImportMapping;
  /** The mapped fields whose column the club chose in an earlier import. */
  remembered: PlayerImportField[];
  /** The checked rows as JSON, a few hundred to a part (see readImportFile). */
  rowParts: string[];
  /** What the database is to be asked about the rows. */
  keys: PlanKeys;
}

/** The worker's tasks: read a file, or plan a preview of one it read. */
export type WorkerTask =
  | {
      task: 'read';
      bytes: Uint8Array;
      mapping: string | undefined;
      /** The club's remembered choices, for a file sent without a mapping. */
      remembered: RememberedMapping;
    }
  | { task: 'preview'; sheet: SheetRead; facts: PlanFacts };

export type WorkerJob = WorkerTask & { id: number };

export type WorkerAnswer =
  | { id: number; ok: true; read: SheetRead }
  /** The preview's answer as JSON text (playerImportPreviewResponseSchema). */
  | { id: number; ok: true; preview: string }
  | {
      id: number;
      ok: false;
      refusal?: { status: number; message: string; errors: FieldError[] | undefined };
      failure?: string;
    };

/** A JavaScript entry that registers tsx, then loads player-imports.worker.ts. */
const workerUrl = new URL('./player-imports.worker.mjs', import.meta.url);

const refuse = (status: number, message: string) =>
  new AppError(status, message, { errors: [{ path: 'file', message }] });

interface Pending {
  job: WorkerJob;
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  timer: NodeJS.Timeout | undefined;
}

const slots: Slot[] = [];
const queue: Pending[] = [];
let nextId = 1;

function startWorker(): Slot {
  const worker = new Worker(workerUrl, {
    // Not the server's flags (an inspector port, a heap size meant for the server).
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: IMPORT_WORKER_MEMORY_MB,
      maxYoungGenerationSizeMb: 32,
    },
  });
  const slot: Slot = { worker, busy: null, timer: undefined };
  // Never keeps the process alive on its own (tests, shutdown).
  worker.unref();
  worker.on('message', (answer: WorkerAnswer) => {
    const pending = slot.busy;
    if (!pending || answer.id !== pending.job.id) return;
    clearTimeout(slot.timer);
    slot.busy = null;
    pending.resolve(answer);
    next(slot);
  });
  const fail = (error: Error) => {
    clearTimeout(slot.timer);
    slots.splice(slots.indexOf(slot), 1);
    const pending = slot.busy;
    slot.busy = null;
    if (pending) {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      pending.reject(outOfMemory ? refuse(422, playerImportMessages.tooComplex) : error);
    }
    drain();
  };
  worker.on('error', fail);
  worker.on('exit', () => {
    if (slots.includes(slot)) fail(new Error('import worker exited'));
  });
  slots.push(slot);
  return slot;
}

/** Gives `slot` the next queued file, or ends it when nothing comes for a moment. */
function next(slot: Slot) {
  const pending = queue.shift();
  if (!pending) {
    slot.timer = setTimeout(() => {
      if (slot.busy) return;
      slots.splice(slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.timer.unref();
    return;
  }
  clearTimeout(slot.timer);
  slot.busy = pending;
  slot.timer = setTimeout(() => {
    slots.splice(slots.indexOf(slot), 1);
    slot.busy = null;
    void slot.worker.terminate();
    pending.reject(refuse(422, playerImportMessages.tooComplex));
    drain();
  }, IMPORT_WORKER_TIMEOUT_MS);
  const { job } = pending;
  slot.worker.postMessage(job, job.task === 'read' ? [job.bytes.buffer as ArrayBuffer] : []);
}

/** Starts queued files on idle workers, starting workers up to the pool's size. */
function drain() {
  while (queue.length > 0) {
    const idle = slots.find((slot) => !slot.busy);
    if (idle) next(idle);
    else if (slots.length < POOL_SIZE) next(startWorker());
    else return;
  }
}

/** `task` done by a worker; its refusals (400/413/415/422) are thrown as they are. */
async function inWorker(task: WorkerTask): Promise<WorkerAnswer & { ok: true }> {
  if (queue.length >= MAX_QUEUED) throw new AppError(503, playerImportMessages.busy);
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    queue.push({ job: { ...task, id: nextId++ }, resolve, reject });
    drain();
  });
  if (answer.ok) return answer;
  if (answer.refusal)
    throw new AppError(answer.refusal.status, answer.refusal.message, {
      errors: answer.refusal.errors,
    });
  throw new Error(`import worker: ${answer.failure}`);
}

/** The file read and its rows checked, in a worker (the rows stay JSON text). */
export async function readInWorker(
  bytes: Buffer,
  mapping: string | undefined,
  remembered: RememberedMapping = {},
): Promise<SheetRead> {
  // A copy of its own, handed over (transferred) to the worker without another copy.
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  const answer = await inWorker({ task: 'read', bytes: own, mapping, remembered });
  if (!('read' in answer)) throw new Error('import worker: not a read');
  return answer.read;
}

/**
 * The preview of a file read by readInWorker, planned in a worker with what the database
 * said: the answer's JSON text, so that neither planning 5,000 rows nor encoding them
 * holds the server's event loop.
 */
export async function previewInWorker(sheet: SheetRead, facts: PlanFacts): Promise<string> {
  const answer = await inWorker({ task: 'preview', sheet, facts });
  if (!('preview' in answer)) throw new Error('import worker: not a preview');
  return answer.preview;
}

/**
 * The file read and its rows checked, in a worker: the sheet (headers, and the rows as
 * checked for the mapping) and the mapping; the worker's refusals (400/413/415/422) are
 * thrown as they are. `once`: the sheet will be planned once (a preview), no copies.
 */
export async function readImportFile(
  bytes: Buffer,
  mappingText: string | undefined,
  { once = false, remembered = {} }: { once?: boolean; remembered?: RememberedMapping } = {},
): Promise<{ sheet: ParsedSheet; mapping: PlayerImportMapping }> {
  // Read a part at a time, the event loop free between parts: a message's objects are
  // rebuilt in one go when it arrives, and 5,000 checked rows as objects held the thread
  // for ~50 ms (strings arrive as a plain copy).
  const { headers, mapping, rowParts } = await readInWorker(bytes, mappingText, remembered);
  const rows: CheckedRow[] = [];
  for (const [index, part] of rowParts.entries()) {
    if (index > 0) await nextTurn();
    for (const row of JSON.parse(part) as CheckedRow[]) rows.push(row);
  }
  return { sheet: { headers, rows: [], checked: { mapping, rows, once } }, mapping };
}
