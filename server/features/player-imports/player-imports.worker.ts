import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import { planKeysOf, planRows, type PlanFacts } from './player-imports.classify';
import { checkSheet, mappingFor } from './player-imports.check';
import { type RememberedMapping, rememberedFieldsOf } from './player-imports.headers';
import { parseSheet } from './player-imports.parse';
import type { SheetRead, WorkerAnswer, WorkerJob } from './player-imports.pool';
import type { CheckedRow } from './player-imports.rows';

/*
 * The parsing worker (player-imports.pool.ts starts it), off the server's event loop:
 *
 * - 'read': the file read (CSV or .xlsx), the mapping, and every row checked on its own.
 *   It answers the headers, the mapping, the checked rows (never the raw cells: less to
 *   copy back) and the keys to look up, or the refusal to send as it is. The rows go back
 *   as JSON text in parts of ROWS_PER_PART, which the server reads one at a time between
 *   other requests when it plans them itself (an import). A checked row holds only
 *   strings, numbers, booleans and null (a field left undefined is dropped, which reads
 *   the same).
 * - 'preview': those rows planned with what the database said (the server asked it), and
 *   the preview's answer encoded as JSON text, which the server sends as it is.
 */

const ROWS_PER_PART = 250;

/**
 * This thread gives way to the server's own: on Linux a thread has its own nice value
 * (setpriority on its thread id), so when the cores are busy the event loop that answers
 * everyone else runs first and a file's reading waits. Elsewhere the same priority.
 */
function yieldToServer() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(threadId, 10);
  } catch {
    // Not Linux: the worker keeps the server's priority.
  }
}
yieldToServer();

async function read(
  bytes: Buffer,
  sentMapping: string | undefined,
  remembered: RememberedMapping,
): Promise<SheetRead> {
  const sheet = await parseSheet(bytes);
  const mapping = mappingFor(sheet, sentMapping, remembered);
  const rows = checkSheet(sheet, mapping);
  const rowParts: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_PART)
    rowParts.push(JSON.stringify(rows.slice(start, start + ROWS_PER_PART)));
  return {
    headers: sheet.headers,
    mapping,
    remembered: rememberedFieldsOf(mapping, remembered),
    rowParts,
    keys: planKeysOf(rows),
  };
}

/** The preview's answer, with the fields of playerImportPreviewResponseSchema only. */
function preview({ headers, mapping, remembered, rowParts }: SheetRead, facts: PlanFacts): string {
  const checked = rowParts.flatMap((part) => JSON.parse(part) as CheckedRow[]);
  const plan = planRows(checked, facts);
  const rows = plan.rows.map(({ row, status, name, errors, note, changes }) => ({
    row,
    status,
    name,
    errors: errors.map(({ field, message }) => ({ field, message })),
    note,
    ...(changes ? { changes } : {}),
  }));
  const known = remembered.length > 0 ? { remembered } : {};
  return JSON.stringify({ data: { headers, mapping, ...known, rows, counts: plan.counts } });
}

async function run(job: WorkerJob): Promise<WorkerAnswer> {
  try {
    if (job.task === 'preview')
      return { id: job.id, ok: true, preview: preview(job.sheet, job.facts) };
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    return { id: job.id, ok: true, read: await read(bytes, job.mapping, job.remembered) };
  } catch (error) {
    if (error instanceof AppError)
      return {
        id: job.id,
        ok: false,
        refusal: { status: error.statusCode, message: error.message, errors: error.errors },
      };
    return { id: job.id, ok: false, failure: error instanceof Error ? error.message : 'error' };
  }
}

parentPort!.on('message', (job: WorkerJob) => {
  void run(job).then((answer) => parentPort!.postMessage(answer));
});
