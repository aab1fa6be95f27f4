/**
 * The processes of the mixed-load run: app servers started as in production
 * (server/main.ts: migrations under the startup lock, the scheduled jobs, the pool's
 * timeouts), each a child process on its own port with its log in a file; the round-robin
 * proxy (bench/load/proxy.ts) in front of them; and the bare Fastify route, the ceiling.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';

/** A started child process and the base url it serves. */
export interface Running {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit (the server closes gracefully). */
  stop(): Promise<void>;
  /** The app servers behind it: itself for a server, the proxy's upstreams for a proxy. */
  upstreams: Running[];
}

const root = path.resolve(import.meta.dirname, '../..');

async function waitHealthy(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited: see ${logFile}`);
    const ok = await fetch(`${base}/api/health`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${base} did not answer its health check: see ${logFile}`);
}

const stopper = (child: ChildProcess) => async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
};

/** What an app server gets: the database and where its files and log go. */
export interface ServerOptions {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  logLevel: string;
  logFile: string;
  /** More variables (S3_*, SMTP_URL, the queue's timings…). */
  env?: Record<string, string>;
  /** Node's flags: this process's (tsx's loader under `npm run bench:load`) unless given. */
  execArgv?: string[];
}

/** Starts server/main.ts with this process's loader flags (tsx) and waits for its health. */
export async function startServer(options: ServerOptions): Promise<Running> {
  const log = openSync(options.logFile, 'a');
  const child = fork(path.join(root, 'server/main.ts'), [], {
    cwd: root,
    execArgv:
      options.execArgv ?? process.execArgv.filter((flag) => !flag.startsWith('--cpu-prof')),
    stdio: ['ignore', log, log, 'ipc'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: options.logLevel,
      TRUST_PROXY: '1',
      STATIC_DIR: path.join(options.dataDir, 'no-dist'),
      APP_URL: `http://127.0.0.1:${options.port}`,
      ...options.env,
    },
  });
  closeSync(log);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    await waitHealthy(base, child, options.logFile);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const running: Running = { base, child, stop: stopper(child), upstreams: [] };
  running.upstreams.push(running);
  return running;
}

/** Starts the round-robin proxy on `port` in front of `upstreams`. */
export async function startProxy(
  port: number,
  upstreams: Running[],
): Promise<Running & { counts(): Promise<Record<string, Record<string, number>>> }> {
  const bases = upstreams.map((upstream) => upstream.base);
  const child = fork(path.join(import.meta.dirname, 'proxy.ts'), [String(port), ...bases], {
    execArgv: process.execArgv.filter((flag) => !flag.startsWith('--cpu-prof')),
    stdio: 'inherit',
  });
  await once(child, 'message');
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: stopper(child),
    upstreams,
    counts: async () => {
      const answer = once(child, 'message');
      child.send('counts');
      const [message] = (await answer) as [{ counts: Record<string, Record<string, number>> }];
      return message.counts;
    },
  };
}

/** The ceiling: a plain Fastify app, one route, constant JSON, no plugins (as bench/run.ts). */
export async function startBare(): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const { port } = bare.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/bare`, close: () => bare.close() };
}
