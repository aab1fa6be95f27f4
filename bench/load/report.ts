/** The mixed-load run's tables: per kind, the reads, everything, and the bare route beside them. */
import type { LoadGenerator } from '../measure';
import type { MixReport, Summary } from './mix-run';

const ms = (value: number) => Number(value.toFixed(1));

/** A run's name, its loop and its figures, for the summary table at the end. */
export interface Line {
  run: string;
  report: MixReport;
  bare: Summary;
  /** CPU ms by process group during the mix run (bench/load/cpu.ts). */
  cpu: Record<string, number>;
  /** The machine's 1-minute load average at the start and the end of the mix run. */
  load: string;
}

/** CPU ms per request by group, the generator's included: what one request costs the machine. */
const perRequest = ({ report, cpu }: Line) => {
  const n = Math.max(1, report.all.requests);
  const each = Object.fromEntries(
    Object.entries(cpu).map(([name, used]) => [name, Number((used / n).toFixed(2))]),
  );
  return { ...each, generator: Number(report.generatorCpuMs.toFixed(2)) };
};

const row = (summary: Summary) => ({
  requests: summary.requests,
  errors: summary.failures,
  'error statuses': Object.entries(summary.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' '),
  'req/s': Math.round(summary['req/s']),
  'p50 ms': ms(summary.p50),
  'p99 ms': ms(summary.p99),
  'max ms': ms(summary.max),
});

/** Every kind of one run, then the reads, all, and the bare route measured the same way. */
export function printRun(line: Line): void {
  console.log(
    `\n${line.run}: ${line.report.seconds.toFixed(1)} s, load average ${line.load}, generator ${line.report.generatorCpuMs.toFixed(3)} ms CPU/req, ` +
      `send lag ${ms(line.report.maxSendLag)} ms`,
  );
  console.table(
    Object.fromEntries([
      ...line.report.kinds.map((kind) => [kind.name, row(kind)]),
      ['READS (all read kinds)', row(line.report.reads)],
      ['ALL', row(line.report.all)],
      ['GET /bare (plain Fastify), same loop', row(line.bare)],
    ]),
  );
  const cores = Object.entries(perRequest(line)).map(
    ([name, each]) => `${name} ${((each * line.report.all['req/s']) / 1000).toFixed(2)}`,
  );
  console.log('CPU ms per request:', perRequest(line), `; cores busy: ${cores.join(', ')}`);
}

/** One line per run: the summary the README records. */
export function printSummary(lines: readonly Line[]): void {
  console.log('\nSummary');
  console.table(
    lines.map(({ run, report, bare, cpu, load }) => ({
      run,
      load,
      'req/s': Math.round(report.all['req/s']),
      errors: report.all.failures,
      'reads p50': ms(report.reads.p50),
      'reads p99': ms(report.reads.p99),
      'all p99': ms(report.all.p99),
      'bare req/s': Math.round(bare['req/s']),
      'bare p99': ms(bare.p99),
      ...Object.fromEntries(
        Object.entries(perRequest({ run, report, bare, cpu, load })).map(([k, v]) => [
          `cpu ${k}`,
          v,
        ]),
      ),
    })),
  );
}

/** The bare route in the same loop as a mix run: at the same rate, or as many connections. */
export async function measureBare(
  generator: LoadGenerator,
  url: string,
  order: {
    loop: 'closed' | 'open';
    seconds: number;
    connections: number;
    rate?: number;
    users: number;
  },
): Promise<Summary> {
  const report = await generator.runMix({
    kind: 'mix',
    ...order,
    kinds: [{ name: 'bare', class: 'read', weight: 1, targets: [{ method: 'GET', url }] }],
  });
  return report.all;
}
