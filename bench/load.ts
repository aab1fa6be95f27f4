/**
 * The load generator of bench/run.ts, run as a child process (bench/measure.ts forks it)
 * so the server's event loop only serves: a parent message asks for one run of one
 * target; the answer is its latencies in summary. Each connection is a loop of one
 * request at a time over a keep-alive socket of its own. An order of `kind: 'rate'` runs
 * the open loop of bench/load-rate.ts instead (a fixed rate, whatever the answers).
 */
import { Agent, request as httpRequest } from 'node:http';
import { type RateOrder, loadAtRate } from './load-rate';

/** What to call: plain data, so that it crosses the process boundary. */
export interface Target {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

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

/** One request, its body read to the end; resolves true for a 2xx answer. */
function send(agent: Agent, target: Target): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      target.url,
      { method: target.method, headers: target.headers, agent },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 300);
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(target.body);
  });
}

/** Runs `order` and summarises it. */
async function load({ target, connections, seconds }: LoadOrder): Promise<LoadReport> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const connection = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const ok = await send(agent, target).catch(() => false);
      if (!ok) failures++;
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: connections }, connection));
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    failures,
    seconds: elapsed,
    p50: at(0.5),
    p99: at(0.99),
    generatorCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
  };
}

// A closed-loop order, or an open-loop one at a fixed rate (bench/load-rate.ts).
process.on('message', (order: LoadOrder | RateOrder) => {
  const report = 'kind' in order ? loadAtRate(order) : load(order);
  void report.then((answer) => process.send?.(answer));
});
