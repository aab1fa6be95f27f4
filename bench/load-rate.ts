/**
 * The OPEN-LOOP mode of the load generator (bench/load.ts dispatches to it; the loop
 * itself is bench/load/loops.ts's `openLoop`): a fixed total rate, each request sent on
 * its schedule whether or not earlier ones were answered, and its latency counted from
 * the SCHEDULED send time, so a stalled server shows as the queue it builds (no
 * coordinated omission: a closed loop would wait politely and send less). Request `i`
 * goes out with the headers of caller `i mod callers` (the next user's token) to url
 * `(i + ⌊i / callers⌋) mod urls`, so the urls alternate and every caller asks each url in
 * turn, one request per caller per round.
 */
import { isOk, openLoop, quantile } from './load/loops';

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

/** Runs `order` on its schedule and summarises it. */
export async function loadAtRate(order: RateOrder): Promise<RateReport> {
  const latencies: number[] = [];
  let failures = 0;
  const run = await openLoop(
    order,
    (i) => {
      const caller = order.callers[i % order.callers.length]!;
      const round = Math.floor(i / order.callers.length);
      const url = order.urls[(i + round) % order.urls.length]!;
      return { method: order.method, url, headers: { ...order.headers, ...caller } };
    },
    (_i, ms, status) => {
      if (!isOk(status)) failures++;
      latencies.push(ms);
    },
  );
  const answered = latencies.length - run.unanswered;
  latencies.sort((a, b) => a - b);
  return {
    scheduled: run.scheduled,
    answered,
    failures,
    achieved: answered / run.seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    maxSendLag: run.maxSendLag,
    generatorCpuMs: run.cpuMs / Math.max(1, answered),
  };
}
