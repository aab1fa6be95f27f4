import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * The CPU time (ms, in clock ticks of 10 ms) of a one-connection pool's PostgreSQL backend,
 * read from /proc when the server runs on this machine; undefined otherwise. On a shared
 * machine the wall time of a statement moves with the load, its backend's CPU much less.
 */
export async function backendCpuReader(pool: pg.Pool): Promise<() => number | undefined> {
  const backend = Number((await pool.query('select pg_backend_pid() as pid')).rows[0].pid);
  return () => {
    try {
      const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return undefined;
    }
  };
}

/** ', PostgreSQL CPU x ms per call' between two readings, or '' when unreadable. */
export const cpuPerCall = (before: number | undefined, after: number | undefined, calls: number) =>
  before === undefined || after === undefined
    ? ''
    : `, PostgreSQL CPU ${((after - before) / calls).toFixed(2)} ms per call`;
