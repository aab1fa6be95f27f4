/**
 * The generator's side of the mixed workload (bench/load.ts dispatches `kind: 'mix'`
 * orders here, in its child process): request `i` is of the kind at `i` in a fixed,
 * shuffled deck where each kind appears `weight` times, takes that kind's targets in
 * turn, and comes from virtual user `i mod users` (its X-Forwarded-For address, so the
 * per-address limits see 200 people, not one). Either loop of bench/load/loops.ts; the
 * answer summarises each kind, the reads together and everything together.
 */
import { type Target, closedLoop, isOk, openLoop, quantile } from './loops';

/** What a kind of request is, for the totals: reads are what the 100 ms target is about. */
export type KindClass = 'read' | 'write' | 'login';

/** One kind of request of the mix: its share and its targets (taken in turn). */
export interface MixKind {
  name: string;
  class: KindClass;
  weight: number;
  targets: Target[];
}

export interface MixOrder {
  kind: 'mix';
  /** closed: `connections` loops without think time; open: `rate` req/s over `connections` sockets. */
  loop: 'closed' | 'open';
  seconds: number;
  connections: number;
  rate?: number;
  users: number;
  kinds: MixKind[];
}

/** Latencies and failures of a set of requests. */
export interface Summary {
  name: string;
  requests: number;
  failures: number;
  /** Failures by status ('0' for no answer): which refusals, at a glance. */
  statuses: Record<string, number>;
  'req/s': number;
  p50: number;
  p99: number;
  max: number;
}

export interface MixReport {
  seconds: number;
  kinds: Summary[];
  reads: Summary;
  all: Summary;
  maxSendLag: number;
  generatorCpuMs: number;
}

/** A deterministic shuffle (mulberry32), so every run sends the same sequence. */
function shuffled<T>(items: T[], seed = 18): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

interface Bucket {
  latencies: number[];
  failures: number;
  statuses: Record<string, number>;
}

const emptyBucket = (): Bucket => ({ latencies: [], failures: 0, statuses: {} });

function summarise(name: string, buckets: Bucket[], seconds: number): Summary {
  const latencies = buckets.flatMap((bucket) => bucket.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const bucket of buckets)
    for (const [status, n] of Object.entries(bucket.statuses))
      statuses[status] = (statuses[status] ?? 0) + n;
  return {
    name,
    requests: latencies.length,
    failures: buckets.reduce((sum, bucket) => sum + bucket.failures, 0),
    statuses,
    'req/s': latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}

/** The virtual user's address: 10.0.0.0/16, one per user. */
const addressOf = (user: number) => `10.0.${(user >> 8) & 255}.${(user & 255) + 1}`;

/** Runs the mix and summarises it. */
export async function runMix(order: MixOrder): Promise<MixReport> {
  const deck = shuffled(order.kinds.flatMap((kind, k) => Array<number>(kind.weight).fill(k)));
  const turns = order.kinds.map(() => 0);
  const kindOf = new Map<number, number>();
  const buckets = order.kinds.map(emptyBucket);
  const next = (i: number): Target => {
    const k = deck[i % deck.length]!;
    const kind = order.kinds[k]!;
    kindOf.set(i, k);
    const turn = turns[k]!;
    turns[k] = turn + 1;
    const target = kind.targets[turn % kind.targets.length]!;
    const user = i % order.users;
    return { ...target, headers: { ...target.headers, 'x-forwarded-for': addressOf(user) } };
  };
  const done = (i: number, ms: number, status: number) => {
    const bucket = buckets[kindOf.get(i)!]!;
    kindOf.delete(i);
    bucket.latencies.push(ms);
    if (!isOk(status)) {
      bucket.failures++;
      bucket.statuses[status] = (bucket.statuses[status] ?? 0) + 1;
    }
  };
  let seconds: number;
  let cpuMs: number;
  let maxSendLag = 0;
  if (order.loop === 'closed') {
    ({ seconds, cpuMs } = await closedLoop(order.connections, order.seconds, next, done));
  } else {
    const rate = order.rate ?? order.users;
    const run = await openLoop(
      { rate, seconds: order.seconds, sockets: order.connections },
      next,
      done,
    );
    ({ seconds, cpuMs, maxSendLag } = run);
  }
  const kinds = order.kinds.map((kind, k) => summarise(kind.name, [buckets[k]!], seconds));
  const reads = buckets.filter((_bucket, k) => order.kinds[k]!.class === 'read');
  const all = summarise('all', buckets, seconds);
  return {
    seconds,
    kinds,
    reads: summarise('reads', reads, seconds),
    all,
    maxSendLag,
    generatorCpuMs: cpuMs / Math.max(1, all.requests),
  };
}
