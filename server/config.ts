import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { QueueTimings } from './queue/job-queue';
import { readS3Config } from './storage/s3-config';
import type { S3StorageOptions } from './storage/s3-storage';

/** Everything the server reads from the environment, resolved to laptop-friendly defaults. */
export interface AppConfig {
  /** TCP port to listen on (`PORT`, default 3000). */
  port: number;
  /** Interface to bind (`HOST`, default 0.0.0.0). */
  host: string;
  /** Absolute directory for local state: PGlite files, JWT secret, mail files (`DATA_DIR`, default ./data). */
  dataDir: string;
  /** `DATABASE_URL`: a PostgreSQL connection string; when unset the embedded PGlite is used. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files when `databaseUrl` is unset: `<dataDir>/pglite`. */
  pgliteDir: string;
  /** HS256 key for session tokens (`JWT_SECRET`, else generated once into `<dataDir>/jwt-secret`). */
  jwtSecret: Uint8Array;
  /** Public address of the app, used in links sent by e-mail (`APP_URL`, default http://localhost:PORT). */
  appUrl: string;
  /** `SMTP_URL` (e.g. smtp://user:pass@host:587); when unset mails are written to `mailDir`. */
  smtpUrl: string | undefined;
  /** Sender of every e-mail (`MAIL_FROM`). */
  mailFrom: string;
  /** Directory of the file mail transport: `<dataDir>/mail`. */
  mailDir: string;
  /** Support number of the WhatsApp help button (`WHATSAPP_PHONE`, digits with country code). */
  whatsappPhone: string;
  /** Built SPA served at `/` when it holds an index.html (`STATIC_DIR`, default ./dist). */
  staticDir: string;
  /** Fastify `trustProxy` (`TRUST_PROXY`: true, a hop count or a list of addresses); off by default. */
  trustProxy: boolean | number | string;
  /** Pino log level (`LOG_LEVEL`, default info). */
  logLevel: string;
  /**
   * How long a start waits for a PostgreSQL that does not answer yet, in ms
   * (`DATABASE_STARTUP_WAIT_SECONDS`, default 60; 0 = no wait). Only server/main.ts reads it.
   */
  databaseStartupWaitMs?: number;
  /**
   * Uploads in an S3-compatible bucket (`S3_BUCKET` turns it on, with `S3_ENDPOINT`,
   * `S3_REGION`, `S3_PREFIX`, `S3_FORCE_PATH_STYLE`); undefined keeps them on disk under
   * `<dataDir>/uploads`. Credentials are not here: the SDK reads them (AWS_ACCESS_KEY_ID…).
   */
  s3: S3StorageOptions | undefined;
  /**
   * The job queue's timings in seconds (`QUEUE_POLL_SECONDS`, `MAIL_RETRY_SECONDS`,
   * `MAIL_LEASE_SECONDS`, `QUEUE_MONITOR_SECONDS`); unset ones keep the defaults of
   * server/queue/job-queue.ts.
   */
  queueTimings?: Partial<QueueTimings>;
  /** `JOBS_CRON`: one cron expression (UTC) replacing every scheduled job's own, for drills and tests. */
  jobsCron?: string;
  /**
   * The bearer token Prometheus sends to GET /metrics (`METRICS_TOKEN`, at least 16
   * characters); while unset /metrics answers 404, closed to everyone.
   */
  metricsToken?: string;
  /**
   * `DEMO_DATA` (1/true, 0/false; on when unset): whether a start on a database without
   * users seeds the demo club and its accounts, whose password is public. Production sets 0
   * and creates its super admin with `npm run super-admin` (docs/deploy.md).
   */
  demoData: boolean;
}

type Env = Record<string, string | undefined>;

const DEFAULT_MAIL_FROM = 'Gestión deportiva <no-reply@gestion-deportiva.local>';
const DEFAULT_WHATSAPP_PHONE = '573001234567';

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function readStartupWait(value: string | undefined): number {
  if (value === undefined || value === '') return 60_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(
      `DATABASE_STARTUP_WAIT_SECONDS must be a number of seconds ≥ 0, got "${value}"`,
    );
  }
  return seconds * 1000;
}

function readTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

const QUEUE_VARIABLES = {
  pollSeconds: 'QUEUE_POLL_SECONDS',
  mailRetrySeconds: 'MAIL_RETRY_SECONDS',
  mailLeaseSeconds: 'MAIL_LEASE_SECONDS',
  monitorSeconds: 'QUEUE_MONITOR_SECONDS',
  exportRetrySeconds: 'EXPORT_RETRY_SECONDS',
} as const satisfies Record<keyof QueueTimings, string>;

/** The queue timings set in `env` (positive numbers of seconds). */
export function readQueueTimings(env: Env): Partial<QueueTimings> {
  const timings: Partial<QueueTimings> = {};
  for (const [key, name] of Object.entries(QUEUE_VARIABLES) as [keyof QueueTimings, string][]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const seconds = Number(value);
    const least = key === 'pollSeconds' ? 0.5 : 1;
    if (!Number.isFinite(seconds) || seconds < least) {
      throw new Error(`${name} must be a number of seconds ≥ ${least}, got "${value}"`);
    }
    timings[key] = seconds;
  }
  return timings;
}

/** Long enough that guessing it through /metrics is hopeless. */
const MIN_METRICS_TOKEN_LENGTH = 16;

/** `METRICS_TOKEN`, or undefined when unset. The error never quotes it: it is a secret. */
function readMetricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`);
  }
  return value;
}

/** `DEMO_DATA`: on when unset, so `npm install && npm start` still shows the demo (README). */
function readDemoData(value: string | undefined): boolean {
  if (value === undefined || value === '') return true;
  if (/^(1|true)$/i.test(value)) return true;
  if (/^(0|false)$/i.test(value)) return false;
  throw new Error(`DEMO_DATA must be 1, true, 0 or false, got "${value}"`);
}

/**
 * Reads the secret from `JWT_SECRET`, or from `<dataDir>/jwt-secret`, creating that file
 * (32 random bytes, mode 0600) the first time. Never a constant in the code.
 */
function readJwtSecret(env: Env, dataDir: string): Uint8Array {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return new TextEncoder().encode(fromEnv);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // 'wx' fails if another process created the file meanwhile; then we read theirs.
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Builds the typed configuration from `env` (default `process.env`), creating `dataDir` if needed. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = readPort(env.PORT);
  const s3 = readS3Config(env);
  const metricsToken = readMetricsToken(env.METRICS_TOKEN);
  const demoData = readDemoData(env.DEMO_DATA);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const appUrl = (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: readJwtSecret(env, dataDir),
    appUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    whatsappPhone: env.WHATSAPP_PHONE || DEFAULT_WHATSAPP_PHONE,
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    databaseStartupWaitMs: readStartupWait(env.DATABASE_STARTUP_WAIT_SECONDS),
    queueTimings: readQueueTimings(env),
    jobsCron: env.JOBS_CRON?.trim() || undefined,
    s3,
    metricsToken,
    demoData,
  };
}
