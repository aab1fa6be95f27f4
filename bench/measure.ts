/**
 * The measuring side of bench/run.ts. The load comes from a child process (bench/load.ts),
 * not from this one, so the server's event loop only serves, and this process's CPU time
 * is the server's alone.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { LoadOrder, LoadReport, Target } from './load';
import type { RateOrder, RateReport } from './load-rate';
import type { MixOrder, MixReport } from './load/mix-run';

export type { Target } from './load';

export interface Scenario {
  name: string;
  connections: number;
  target: Target;
}

export interface ScenarioResult {
  scenario: string;
  connections: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** CPU time of the server's process per request (not the generator's): steadier than req/s on a busy machine. */
  'cpu ms/req': number;
  /** CPU time of the generator's process per request: near 1,000 / req/s, it is the bottleneck. */
  'gen cpu ms/req': number;
  failures: number;
}

/** The generator process, started once and reused by every run. */
export interface LoadGenerator {
  run(order: LoadOrder): Promise<LoadReport>;
  /** An open-loop run at a fixed rate (bench/load-rate.ts). */
  runRate(order: RateOrder): Promise<RateReport>;
  /** A weighted mix of requests in either loop (bench/load/mix-run.ts). */
  runMix(order: MixOrder): Promise<MixReport>;
  stop(): void;
}

/** Forks bench/load.ts with this process's loader flags (tsx), without its profiler flags. */
export function startLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(new URL('./load.ts', import.meta.url), {
    execArgv: process.execArgv.filter((flag) => !flag.startsWith('--cpu-prof')),
    stdio: 'inherit',
  });
  const ask = async <T>(order: LoadOrder | RateOrder | MixOrder): Promise<T> => {
    const answer = once(child, 'message');
    child.send(order);
    const [report] = (await answer) as [T];
    return report;
  };
  return {
    run: (order) => ask<LoadReport>(order),
    runRate: (order) => ask<RateReport>(order),
    runMix: (order) => ask<MixReport>(order),
    stop: () => child.kill(),
  };
}

/** Runs `scenario` for `seconds`, measuring this (the server's) process's CPU meanwhile. */
export async function measure(
  generator: LoadGenerator,
  seconds: number,
  scenario: Scenario,
): Promise<ScenarioResult> {
  const cpuBefore = process.cpuUsage();
  const report = await generator.run({
    target: scenario.target,
    connections: scenario.connections,
    seconds,
  });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    scenario: scenario.name,
    connections: scenario.connections,
    'req/s': Math.round(report.requests / report.seconds),
    'p50 ms': Number(report.p50.toFixed(1)),
    'p99 ms': Number(report.p99.toFixed(1)),
    'cpu ms/req': Number(
      ((cpu.user + cpu.system) / 1000 / Math.max(1, report.requests)).toFixed(3),
    ),
    'gen cpu ms/req': Number(report.generatorCpuMs.toFixed(3)),
    failures: report.failures,
  };
}

/**
 * Every scenario `runs` times, round-robin (so a busy spell on a shared machine hits all
 * scenarios alike rather than one), keeping each one's best run (highest req/s): other
 * work only ever slows a run down.
 */
export async function bestOfInterleaved(
  generator: LoadGenerator,
  runs: number,
  seconds: number,
  scenarios: readonly Scenario[],
): Promise<ScenarioResult[]> {
  const best = new Map<string, ScenarioResult>();
  for (let run = 0; run < Math.max(1, runs); run++) {
    for (const scenario of scenarios) {
      const result = await measure(generator, seconds, scenario);
      const previous = best.get(scenario.name);
      if (!previous || result['req/s'] > previous['req/s']) best.set(scenario.name, result);
    }
  }
  return scenarios.map((scenario) => best.get(scenario.name)!);
}
