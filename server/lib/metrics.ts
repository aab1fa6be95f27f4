import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/pool';

/*
 * The Prometheus metrics of one app (issue #36 item 4, docs/deploy.md "What to watch"),
 * served as text at GET /metrics (server/features/metrics/). Each app has its own Registry,
 * never prom-client's global one: tests build many apps in one process, and each counts
 * its own requests.
 */

/** How an e-mail's delivery ended (the outbox counts each attempt's outcome). */
export type MailOutcome = 'sent' | 'failed';

/** Work done at each scrape before the text is written, such as reading the queue's sizes. */
export type MetricsCollector = () => void | Promise<void>;

/**
 * What the rest of the server reports through (`deps.metrics`). The HTTP metrics are
 * recorded by `recordHttpMetrics`; the mail outbox and the job queue call the rest.
 */
export interface AppMetrics {
  /** The Prometheus text exposition content type. */
  readonly contentType: string;
  /** One e-mail handed to the transport, or refused by it. */
  mailDelivered(outcome: MailOutcome): void;
  /** The number of jobs of `queue` in `state` (created, retry, active, failed…), at a scrape. */
  setQueueJobs(queue: string, state: string, count: number): void;
  /** One job of `queue` failed (each failed attempt, retried or not). */
  queueJobFailed(queue: string): void;
  /** Runs `collect` at every scrape, before the text is written (a failing one is skipped). */
  addCollector(collect: MetricsCollector): void;
  /** Counts one answered request; `route` is the route's pattern, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Every metric, the app's and the process's, in the text format. */
  render(): Promise<string>;
}

/** The `route` label of a request no route matched (the 404s and the SPA fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's own metrics (CPU, memory, event loop lag, GC, handles), one set per
 * process: they describe the process, not an app, and their observers are never released,
 * so they are started once, at the first scrape, not once per app a test builds.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The metrics of one app; `poolStats` reads the PostgreSQL pools by name (none on PGlite). */
export function createAppMetrics({
  poolStats,
}: { poolStats?: () => Record<string, PoolStats> } = {}): AppMetrics {
  const registry = new Registry();
  const collectors: MetricsCollector[] = [];
  const labelNames = ['method', 'route', 'status_code'] as const;

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const mail = new Counter({
    name: 'mail_deliveries_total',
    help: 'E-mail deliveries by outcome: sent, or failed (refused by the transport).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Both outcomes are there from the start, so an alert on `failed` has a series to read.
  for (const outcome of ['sent', 'failed'] as const) mail.inc({ outcome }, 0);
  const queueJobs = new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in the queue by queue name and state, as of the last scrape.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const queueFailures = new Counter({
    name: 'queue_failures_total',
    help: 'Failed job attempts by queue name.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });

  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [registry],
        collect() {
          for (const [pool, stats] of Object.entries(poolStats())) this.set({ pool }, read(stats));
        },
      });
    // `main`: node-postgres's pool; `reads`: the read-only handle's (server/db/prepared-by-text.ts).
    poolGauge('db_pool_connections', 'Open PostgreSQL connections of the pool.', (s) => s.total);
    poolGauge('db_pool_idle_connections', 'Open connections no query holds.', (s) => s.idle);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a connection: above 0 for long, the pool is too small.',
      (s) => s.waiting,
    );
  }

  return {
    contentType: registry.contentType,
    mailDelivered: (outcome) => mail.inc({ outcome }),
    setQueueJobs: (queue, state, count) => queueJobs.set({ queue, state }, count),
    queueJobFailed: (queue) => queueFailures.inc({ queue }),
    addCollector: (collect) => {
      collectors.push(collect);
    },
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    async render() {
      // A collector that fails leaves its gauges at their last values; the scrape goes on.
      await Promise.allSettled(collectors.map(async (collect) => collect()));
      return Registry.merge([registry, processMetrics()]).metrics();
    },
  };
}

/**
 * Counts every answer of `app` by its route's pattern (`/api/pla_club_teams/:id/players`,
 * so ids and tokens never become labels); requests no route matched share one label.
 */
export function recordHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
