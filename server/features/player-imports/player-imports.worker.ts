import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import { checkSheet, mappingFor } from './player-imports.check';
import { parseSheet } from './player-imports.parse';
import type { WorkerAnswer, WorkerJob } from './player-imports.pool';

/*
 * The parsing worker (player-imports.pool.ts starts it): the file read (CSV or .xlsx), the
 * mapping, and every row checked on its own, off the server's event loop. It answers the
 * headers, the mapping and the checked rows (never the raw cells: less to copy back), or
 * the refusal to send as it is. The rows go back as JSON text in parts of ROWS_PER_PART,
 * which the server reads one at a time between other requests (player-imports.pool.ts).
 * A checked row holds only strings, numbers, booleans and null (a field left undefined is
 * dropped, which reads the same).
 */

const ROWS_PER_PART = 250;

async function run(job: WorkerJob): Promise<WorkerAnswer> {
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const sheet = await parseSheet(bytes);
    const mapping = mappingFor(sheet, job.mapping);
    const rows = checkSheet(sheet, mapping);
    const rowParts: string[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_PART)
      rowParts.push(JSON.stringify(rows.slice(start, start + ROWS_PER_PART)));
    return { id: job.id, ok: true, headers: sheet.headers, mapping, rowParts };
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
