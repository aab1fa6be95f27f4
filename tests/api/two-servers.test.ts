import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startServer } from '../../bench/load/servers';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { S3RVER_CREDENTIALS, startS3rver } from './support/s3rver';
import { SmtpSink } from './support/smtp-sink';
import { TcpProxy } from './support/tcp-proxy';
import { multipart, png } from './support/uploads';

/*
 * Issue #36 item 3: two servers as production runs them (server/main.ts in child
 * processes) on one PostgreSQL database, their uploads in one S3 bucket (s3rver) reached
 * through a small TCP proxy, their mail through one SMTP server the test runs. PostgreSQL
 * only (TEST_DATABASE_URL): the embedded database serves one process.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const BUCKET = 'gd-two-servers';
const METRICS_TOKEN = 'two-servers-metrics-token';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!adminUrl)(
  'Two servers behave as one (PostgreSQL, S3, SMTP)',
  () => {
    let dir: string;
    let databaseName: string;
    let databaseUrl: string;
    let db: pg.Pool;
    let s3rver: Awaited<ReturnType<typeof startS3rver>>;
    let s3Proxy: TcpProxy;
    let sink: SmtpSink;
    let a: Running;
    let b: Running;

    const rows = async <T>(text: string, values: unknown[] = []) =>
      (await db.query(text, values)).rows as T[];

    const signIn = async (server: Running, email: string) => {
      const answer = await fetch(`${server.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { token: string }).token;
    };

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'gd-two-servers-'));
      databaseName = `gd_two_servers_${process.pid}_${Date.now() % 100_000}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

      s3rver = await startS3rver(dir, BUCKET);
      s3Proxy = await TcpProxy.start({ host: '127.0.0.1', port: s3rver.port });
      sink = await new SmtpSink().start();

      const env = {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${s3Proxy.port}`,
        S3_FORCE_PATH_STYLE: 'true',
        ...S3RVER_CREDENTIALS,
        SMTP_URL: sink.url,
        MAIL_FROM: 'Club <no-reply@club.test>',
        // Seconds instead of minutes, so retries and take-overs happen within the test.
        MAIL_RETRY_SECONDS: '1',
        MAIL_LEASE_SECONDS: '3',
        QUEUE_POLL_SECONDS: '0.5',
        QUEUE_MONITOR_SECONDS: '2',
        JOBS_CRON: '* * * * *',
        METRICS_TOKEN,
      };
      const server = async (name: string) => {
        const port = await freePort();
        return startServer({
          port,
          databaseUrl,
          dataDir: path.join(dir, name),
          jwtSecret: 'two-servers-share-one-secret-0123456789',
          logLevel: 'warn',
          logFile: path.join(dir, `${name}.log`),
          env,
          // vitest's own flags would not load TypeScript: tsx's loader does.
          execArgv: ['--import', 'tsx'],
        });
      };
      // Both at once: one migrates and seeds under the start-up lock, the other waits.
      [a, b] = await Promise.all([server('a'), server('b')]);
    }, 240_000);

    afterAll(async () => {
      await Promise.allSettled([a?.stop(), b?.stop()]);
      await db?.end();
      await sink?.stop();
      await s3Proxy?.close();
      await s3rver?.close();
      if (databaseName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
      // KEEP_TWO_SERVERS_LOGS=1 keeps the servers' logs (a.log, b.log) to read after a failure.
      if (!process.env.KEEP_TWO_SERVERS_LOGS) await rm(dir, { recursive: true, force: true });
    });

    it('a photo uploaded through one server is served by the other, from the bucket', async () => {
      const token = await signIn(a, 'jugador@demo.club');
      const body = multipart('photo', 'foto.png', 'image/png', await png(64, 48));
      const uploaded = await fetch(`${a.base}/api/profile/photo`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        body: body.payload,
      });
      expect(uploaded.status).toBe(200);
      const photoUrl = ((await uploaded.json()) as { data: { profile: { photo_url: string } } })
        .data.profile.photo_url;
      const fromA = await fetch(`${a.base}${photoUrl}`);
      const fromB = await fetch(`${b.base}${photoUrl}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(
        Buffer.from(await fromA.arrayBuffer()),
      );
    });

    it('a mail the SMTP server refuses twice is delivered exactly once', async () => {
      const email = 'contador@demo.club';
      sink.failFor(email, 2);
      const refusedBefore = sink.refused;
      const asked = await fetch(`${a.base}/api/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(asked.status).toBe(200);
      await expect.poll(() => sink.to(email).length, { timeout: 30_000 }).toBe(1);
      expect(sink.refused - refusedBefore).toBe(2);
      // Retries come every second or two here: a second copy would have arrived.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(sink.to(email)).toHaveLength(1);
      const [row] = await rows<{ status: string; attempts: number }>(
        `select status, attempts from email_outbox where "to" = $1 order by id desc limit 1`,
        [email],
      );
      expect(row).toEqual({ status: 'sent', attempts: 3 });
    });

    it('a server killed during a mass communication leaves every recipient mailed exactly once', async () => {
      const title = `Aviso ${randomUUID().slice(0, 8)}`;
      // The bucket answers the first three, then holds every other one unanswered.
      sink.holdMatching(title, 3);
      const token = await signIn(a, 'admin@demo.club');
      const sent = await fetch(`${a.base}/api/admin/communications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          kind: 'announcement',
          title,
          body: 'Mañana no hay entrenamiento por lluvia.',
          audience: { kind: 'all' },
          channels: ['email'],
          idempotency_key: randomUUID(),
        }),
      });
      expect(sent.status).toBe(201);
      const recipients = (
        await rows<{ to: string }>(`select "to" from email_outbox where subject like $1`, [
          `%${title}%`,
        ])
      ).map((row) => row.to);
      expect(recipients.length).toBeGreaterThan(4);
      // Server A is mid-send: three accepted (and marked sent), the others in flight.
      await expect.poll(() => sink.heldCount, { timeout: 20_000 }).toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (
              await rows<{ n: number }>(
                `select count(*)::int as n from email_outbox where subject like $1 and status = 'sent'`,
                [`%${title}%`],
              )
            )[0]?.n,
          { timeout: 20_000 },
        )
        .toBe(3);
      a.child.kill('SIGKILL');
      sink.release();
      // Server B's queue takes the rest over once A's claims and heartbeats lapse.
      const mailedTo = () =>
        recipients.map((to) => sink.to(to).filter((m) => m.subject?.includes(title)).length);
      await expect
        .poll(() => mailedTo().every((count) => count >= 1), { timeout: 90_000, interval: 500 })
        .toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(mailedTo()).toEqual(recipients.map(() => 1));
      const statuses = await rows<{ status: string; n: number }>(
        `select status, count(*)::int as n from email_outbox where subject like $1 group by status`,
        [`%${title}%`],
      );
      expect(statuses).toEqual([{ status: 'sent', n: recipients.length }]);
    });

    it('each scheduled slot runs once across the two servers', async () => {
      // JOBS_CRON is every minute. pg-boss files each due slot once in its internal queue
      // (keyed by job and slot), whichever server saw it first, then forwards it as one job
      // of the job's queue: as many jobs as slots, however many servers schedule it.
      const count = async (text: string) => (await rows<{ n: number }>(text))[0]?.n ?? 0;
      const slots = () =>
        count(`select count(distinct singleton_on)::int as n from pgboss.job
               where name = '__pgboss__send-it' and data->>'name' = 'session-reminders'`);
      const cronJobs = (state = '') =>
        count(`select count(*)::int as n from pgboss.job
               where name = 'session-reminders' and singleton_key is null
               ${state ? `and state = '${state}'` : ''}`);
      await expect
        .poll(() => cronJobs('completed'), { timeout: 100_000, interval: 1_000 })
        .toBeGreaterThan(0);
      // A job exists only once its slot is filed: read the jobs first, then the slots.
      const jobCount = await cronJobs();
      const slotCount = await slots();
      expect(jobCount).toBeGreaterThan(0);
      expect(jobCount).toBeLessThanOrEqual(slotCount);
      // And each filed slot becomes exactly one job (a forward in progress lands soon).
      await expect
        .poll(async () => (await cronJobs()) - (await slots()), { timeout: 10_000 })
        .toBe(0);
      // The start-up run is sent once per 5-minute window (scheduled-job.ts): servers that
      // start in two windows each send one, harmless since every job is idempotent.
    });

    it('each server reports itself ready with its queue, and its queue in /metrics', async () => {
      const ready = await fetch(`${b.base}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', storage: 'ok', queue: 'ok' },
      });
      const metrics = await fetch(`${b.base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^queue_jobs\{queue="mail",state="queued"\} \d+$/m);
      expect(text).toMatch(/^mail_deliveries_total\{outcome="sent"\} [1-9]\d*$/m);
    });

    it('a server stopped with SIGTERM finishes its work and leaves no job running', async () => {
      await b.stop();
      expect(b.child.exitCode).toBe(0);
      const active = await rows<{ n: number }>(
        `select count(*)::int as n from pgboss.job where state = 'active'`,
      );
      expect(active[0]?.n).toBe(0);
    });
  },
  300_000,
);
