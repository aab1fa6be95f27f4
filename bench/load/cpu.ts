/**
 * Where the two cores went during a run: CPU time (user + system, from /proc) of the app
 * servers, the proxy and this database's PostgreSQL backends (their process title names
 * the database), per request of the run. Linux only; elsewhere every figure is 0.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The backends serving `database` (title "postgres: [cluster: ]user database host(port) …"). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.split(/[\0 ]/, 5).includes(database))
        pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** A snapshot of CPU ticks by group; `since` answers the ms each group used after it. */
export function cpuSnapshot(groups: Record<string, number[]>, database?: string) {
  const read = () => {
    const ticks: Record<string, Map<number, number>> = {};
    const all = { ...groups, ...(database ? { postgres: backendsOf(database) } : {}) };
    for (const [name, pids] of Object.entries(all))
      ticks[name] = new Map(pids.map((pid) => [pid, ticksOf(pid)]));
    return ticks;
  };
  const before = read();
  return {
    /** CPU ms per group since the snapshot (a backend born meanwhile counts from 0). */
    since(): Record<string, number> {
      const after = read();
      const used: Record<string, number> = {};
      for (const [name, pids] of Object.entries(after)) {
        let ticks = 0;
        for (const [pid, now] of pids) ticks += now - (before[name]?.get(pid) ?? 0);
        used[name] = ticks * TICK_MS;
      }
      return used;
    },
  };
}
