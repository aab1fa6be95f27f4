/**
 * The load generator of bench/run.ts, run as a child process (bench/measure.ts forks it)
 * so the server's event loop only serves: a parent message asks for one run of one
 * target; the answer is its latencies in summary. Each connection is a loop of one
 * request at a time over a keep-alive socket of its own (the closed loop of
 * bench/load/loops.ts). An order of `kind: 'rate'` runs the open loop of
 * bench/load-rate.ts instead (a fixed rate, whatever the answers), and one of
 * `kind: 'mix'` a weighted mix of requests in either loop (bench/load/mix-run.ts).
 */
import { type RateOrder, loadAtRate } from './load-rate';
import { type Target, closedLoop, isOk, quantile } from './load/loops';
import { type MixOrder, runMix } from './load/mix-run';

export type { Target } from './load/loops';

export interface LoadOrder {
  target: Target;
  connections: number;
  seconds: number;
}

export interface LoadReport {
  requests: number;
  failures: number;
  seconds: number;
  p50: number;
  p99: number;
  /** CPU time of the generator itself per request, for the record. */
  generatorCpuMs: number;
}

/** Runs `order` and summarises it. */
async function load({ target, connections, seconds }: LoadOrder): Promise<LoadReport> {
  const latencies: number[] = [];
  let failures = 0;
  const run = await closedLoop(
    connections,
    seconds,
    () => target,
    (_i, ms, status) => {
      if (!isOk(status)) failures++;
      latencies.push(ms);
    },
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    seconds: run.seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    generatorCpuMs: run.cpuMs / Math.max(1, latencies.length),
  };
}

// A closed-loop order, an open-loop one at a fixed rate (bench/load-rate.ts), or a mix.
process.on('message', (order: LoadOrder | RateOrder | MixOrder) => {
  const report =
    'kind' in order ? (order.kind === 'mix' ? runMix(order) : loadAtRate(order)) : load(order);
  void report.then((answer) => process.send?.(answer));
});
