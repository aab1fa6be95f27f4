/**
 * The measuring side of the open-loop mode (bench/load-rate.ts): a scenario is a fixed
 * rate over a list of urls and callers; a run reports the rate achieved, the latency from
 * each request's scheduled send time, and the server's CPU per request (this process's).
 */
import type { LoadGenerator } from './measure';
import type { RateOrder } from './load-rate';

export interface RateScenario {
  name: string;
  order: Omit<RateOrder, 'kind' | 'seconds'>;
}

export interface RateResult {
  scenario: string;
  'target req/s': number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  /** The p99 of every run, in order: the best run is kept, the others are for the record. */
  'p99 runs': string;
  /** CPU time of the server's process per request. */
  'cpu ms/req': number;
  'gen cpu ms/req': number;
  /** How late the generator sent its latest request: if large, the generator lagged. */
  'send lag ms': number;
  failures: number;
}

const ms = (value: number) => Number(value.toFixed(1));

/** Runs `scenario` once for `seconds`, measuring this (the server's) process's CPU meanwhile. */
export async function measureRate(
  generator: LoadGenerator,
  seconds: number,
  scenario: RateScenario,
): Promise<RateResult> {
  const cpuBefore = process.cpuUsage();
  const report = await generator.runRate({ kind: 'rate', seconds, ...scenario.order });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    scenario: scenario.name,
    'target req/s': scenario.order.rate,
    'req/s': Math.round(report.achieved),
    'p50 ms': ms(report.p50),
    'p99 ms': ms(report.p99),
    'max ms': ms(report.max),
    'p99 runs': ms(report.p99).toString(),
    'cpu ms/req': Number(
      ((cpu.user + cpu.system) / 1000 / Math.max(1, report.answered)).toFixed(3),
    ),
    'gen cpu ms/req': Number(report.generatorCpuMs.toFixed(3)),
    'send lag ms': ms(report.maxSendLag),
    failures: report.failures,
  };
}

/**
 * Every open-loop scenario `runs` times, round-robin, keeping each one's best run: the
 * fewest failures, then the lowest p99 (at a fixed rate, other work on a shared machine
 * only ever adds latency). Every run's p99 stays in 'p99 runs', and `log` gets each run.
 */
export async function bestOfInterleavedRate(
  generator: LoadGenerator,
  runs: number,
  seconds: number,
  scenarios: readonly RateScenario[],
  log: (line: string) => void = () => undefined,
): Promise<RateResult[]> {
  const best = new Map<string, RateResult>();
  for (let run = 0; run < Math.max(1, runs); run++) {
    for (const scenario of scenarios) {
      const result = await measureRate(generator, seconds, scenario);
      log(
        `run ${run + 1}, ${scenario.name}: ${result['req/s']} req/s, p50 ${result['p50 ms']}, ` +
          `p99 ${result['p99 ms']}, max ${result['max ms']} ms, send lag ${result['send lag ms']} ms, ` +
          `cpu ${result['cpu ms/req']} ms/req, ${result.failures} failures`,
      );
      const previous = best.get(scenario.name);
      const better =
        !previous ||
        result.failures < previous.failures ||
        (result.failures === previous.failures && result['p99 ms'] < previous['p99 ms']);
      const all = previous ? `${previous['p99 runs']} / ${result['p99 runs']}` : result['p99 runs'];
      best.set(scenario.name, { ...(better ? result : previous), 'p99 runs': all });
    }
  }
  return scenarios.map((scenario) => best.get(scenario.name)!);
}
