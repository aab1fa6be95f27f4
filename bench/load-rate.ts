/**
 * The OPEN-LOOP mode of the load generator (bench/load.ts dispatches to it): a fixed total
 * rate, each request sent on its schedule whether or not earlier ones were answered, and
 * its latency counted from the SCHEDULED send time, so a stalled server shows as the
 * queue it builds (no coordinated omission: a closed loop would wait politely and send
 * less). Request `i` goes out with the headers of caller `i mod callers` (the next user's
 * token) to url `(i + ⌊i / callers⌋) mod urls`, so the urls alternate and every caller
 * asks each url in turn, one request per caller per round.
 */
import { Agent, request as httpRequest } from 'node:http';

/** One open-loop run: plain data, so that it crosses the process boundary. */
export interface RateOrder {
  kind: 'rate';
  /** Requests per second, over every caller and url together. */
  rate: number;
  seconds: number;
  method: 'GET';
  urls: string[];
  /** One header set per caller (e.g. its bearer token); at least one. */
  callers: Record<string, string>[];
  /** Headers every request carries (e.g. X-Club-Id). */
  headers?: Record<string, string>;
  /** Keep-alive sockets the agent may open: requests beyond them wait (and that wait counts). */
  sockets: number;
}

export interface RateReport {
  /** Requests scheduled (rate × seconds). */
  scheduled: number;
  /** Answers received (2xx or not). */
  answered: number;
  failures: number;
  /** Answers per second between the first scheduled send and the last answer. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  /** How late the generator itself sent its latest request (ms): large, and it is the bottleneck. */
  maxSendLag: number;
  /** CPU time of the generator per request. */
  generatorCpuMs: number;
}

/**
 * After the schedule ends, how long unanswered requests are waited for before they count
 * as failures. Long on purpose: an overloaded server keeps working through what it
 * received, and the next scenario must not start while it still does.
 */
const DRAIN_MS = 120_000;

/** Sends one request; resolves with whether it answered 2xx, once its body was read. */
function send(
  agent: Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<boolean> {
  return new Promise((resolve) => {
    const call = httpRequest(url, { method, headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300);
      });
      response.on('error', () => resolve(false));
    });
    call.on('error', () => resolve(false));
    call.end();
  });
}

/** Runs `order` on its schedule and summarises it. */
export async function loadAtRate(order: RateOrder): Promise<RateReport> {
  const agent = new Agent({ keepAlive: true, maxSockets: order.sockets });
  const total = Math.max(1, Math.round(order.rate * order.seconds));
  const interval = 1000 / order.rate;
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  let maxSendLag = 0;
  let lastAnswer = 0;
  /** Scheduled send time of every request not answered yet. */
  const pending = new Map<number, number>();
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 10;

  const fire = (i: number) => {
    const scheduled = start + i * interval;
    const caller = order.callers[i % order.callers.length]!;
    const round = Math.floor(i / order.callers.length);
    const url = order.urls[(i + round) % order.urls.length]!;
    pending.set(i, scheduled);
    return send(agent, order.method, url, { ...order.headers, ...caller }).then((ok) => {
      lastAnswer = performance.now();
      pending.delete(i);
      if (!ok) failures++;
      latencies.push(lastAnswer - scheduled);
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
  const answered = latencies.length;
  // Unanswered at the end: failures, at least as slow as the wait they got.
  const given = performance.now();
  for (const scheduled of pending.values()) latencies.push(given - scheduled);
  failures += pending.size;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    scheduled: total,
    answered,
    failures,
    achieved: answered / (Math.max(lastAnswer - start, 1) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    maxSendLag,
    generatorCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, answered),
  };
}
