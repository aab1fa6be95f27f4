/**
 * The two loops of the load generator (bench/load.ts runs in a child process), shared by
 * its single-target orders and the mixed workload of bench/load/mix-run.ts:
 *
 * - the CLOSED loop: N connections, each sends a request and waits for its answer before
 *   the next one (throughput at saturation; latency is the queue, N ÷ throughput);
 * - the OPEN loop: a fixed total rate, each request sent on its schedule whether or not
 *   earlier ones were answered, its latency counted from the SCHEDULED send time, so a
 *   stalled server shows as the queue it builds (no coordinated omission).
 */
import { Agent, request as httpRequest } from 'node:http';

/** What to call: plain data, so that it crosses the process boundary. */
export interface Target {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request, its body read to the end; resolves its status (0 when the call failed). */
export function send(agent: Agent, target: Target): Promise<number> {
  return new Promise((resolve) => {
    const call = httpRequest(
      target.url,
      { method: target.method, headers: target.headers, agent },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    call.on('error', () => resolve(0));
    call.end(target.body);
  });
}

export const isOk = (status: number) => status >= 200 && status < 300;

/** The value at quantile `q` of sorted `values` (0 when empty). */
export const quantile = (values: readonly number[], q: number) =>
  values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

/** Called with each request's latency (ms) and status (0: no answer). */
export type Done = (i: number, ms: number, status: number) => void;

/**
 * The closed loop: `connections` loops sending request `next(i)` one at a time until
 * `seconds` have passed. Answers the elapsed seconds and the generator's CPU time (ms).
 */
export async function closedLoop(
  connections: number,
  seconds: number,
  next: (i: number) => Target,
  done: Done,
): Promise<{ seconds: number; cpuMs: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + seconds * 1000;
  let sent = 0;
  const connection = async () => {
    while (performance.now() < end) {
      const i = sent++;
      const target = next(i);
      const start = performance.now();
      const status = await send(agent, target);
      done(i, performance.now() - start, status);
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, connection));
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * After an open loop's schedule ends, how long unanswered requests are waited for before
 * they count as failures. Long on purpose: an overloaded server keeps working through
 * what it received, and the next scenario must not start while it still does.
 */
const DRAIN_MS = 120_000;

export interface OpenLoopRun {
  /** Requests scheduled (rate × seconds). */
  scheduled: number;
  /** Seconds from the first scheduled send to the last answer. */
  seconds: number;
  /** How late the generator itself sent its latest request (ms). */
  maxSendLag: number;
  /** Requests still unanswered after the drain (given to `done` with status 0, last). */
  unanswered: number;
  cpuMs: number;
}

/**
 * The open loop: request `next(i)` at `start + i / rate` for `seconds`, over at most
 * `sockets` keep-alive sockets (requests beyond them wait, and that wait counts). `done`
 * gets the latency from the scheduled time; a request still unanswered after the drain
 * gets status 0 and the time it waited.
 */
export async function openLoop(
  order: { rate: number; seconds: number; sockets: number },
  next: (i: number) => Target,
  done: Done,
): Promise<OpenLoopRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: order.sockets });
  const total = Math.max(1, Math.round(order.rate * order.seconds));
  const interval = 1000 / order.rate;
  let sent = 0;
  let maxSendLag = 0;
  let lastAnswer = 0;
  /** Scheduled send time of every request not answered yet. */
  const pending = new Map<number, number>();
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 10;

  const fire = (i: number) => {
    const scheduled = start + i * interval;
    pending.set(i, scheduled);
    return send(agent, next(i)).then((status) => {
      lastAnswer = performance.now();
      pending.delete(i);
      done(i, lastAnswer - scheduled, status);
    });
  };

  const inFlight: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    // Every tick sends whatever is due by now; the timer's own lateness is in the latency.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        maxSendLag = Math.max(maxSendLag, now - (start + sent * interval));
        inFlight.push(fire(sent));
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, start + sent * interval - now)));
      else resolve();
    };
    setTimeout(tick, 10);
  });
  await Promise.race([
    Promise.all(inFlight),
    new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref()),
  ]);
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  // Unanswered at the end: failures, at least as slow as the wait they got.
  const given = performance.now();
  const unanswered = [...pending];
  for (const [i, scheduled] of unanswered) done(i, given - scheduled, 0);
  return {
    scheduled: total,
    seconds: Math.max(lastAnswer - start, 1) / 1000,
    maxSendLag,
    unanswered: unanswered.length,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
