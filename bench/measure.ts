/** The in-process load generator of bench/run.ts: N workers looping fetch over keep-alive. */

export interface Scenario {
  name: string;
  connections: number;
  request: () => Promise<Response>;
}

export interface ScenarioResult {
  scenario: string;
  connections: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** CPU time of this process (server and load generator) per request: steadier than req/s on a busy machine. */
  'cpu ms/req': number;
  failures: number;
}

/** Runs `scenario` for `seconds` with its connections, each a loop of one request at a time. */
export async function measure(seconds: number, scenario: Scenario): Promise<ScenarioResult> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const response = await scenario.request();
      await response.arrayBuffer();
      if (!response.ok) failures++;
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: scenario.connections }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    scenario: scenario.name,
    connections: scenario.connections,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(at(0.5).toFixed(1)),
    'p99 ms': Number(at(0.99).toFixed(1)),
    'cpu ms/req': Number(
      ((cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length)).toFixed(2),
    ),
    failures,
  };
}

/**
 * Every scenario `runs` times, round-robin (so a busy spell on a shared machine hits all
 * scenarios alike rather than one), keeping each one's best run (highest req/s): other
 * work only ever slows a run down.
 */
export async function bestOfInterleaved(
  runs: number,
  seconds: number,
  scenarios: readonly Scenario[],
): Promise<ScenarioResult[]> {
  const best = new Map<string, ScenarioResult>();
  for (let run = 0; run < Math.max(1, runs); run++) {
    for (const scenario of scenarios) {
      const result = await measure(seconds, scenario);
      const previous = best.get(scenario.name);
      if (!previous || result['req/s'] > previous['req/s']) best.set(scenario.name, result);
    }
  }
  return scenarios.map((scenario) => best.get(scenario.name)!);
}
