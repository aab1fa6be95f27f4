import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  jobFailureMessages,
  jobFailuresResponseSchema,
  jobQueues,
  platformHealthSchema,
} from '../../contract/platform-health.schema';
import { buildApp } from '../../server/app';
import { auditLog } from '../../server/db/schema/platform';
import { JobQueue } from '../../server/queue/job-queue';
import { superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #36: the job queue's failed jobs in the super admin's panel, with a retry. A real
 * pg-boss queue runs on the suite's database; its jobs fail for real in a worker.
 */

const quietLog = { error: () => undefined, warn: () => undefined };
const SMTP_ERROR = 'SMTP 550 buzón lleno';

describeEachDatabase('Job failures API (issue #36)', (ctx: TestContext) => {
  let queue: JobQueue | undefined;
  let app: FastifyInstance | undefined;
  /** The ids of two mail jobs the worker failed (no retry left). */
  let failed: { first: string; second: string };

  /** `inject` on the app that runs the queue (the suite's own app runs none). */
  const request = (
    method: 'GET' | 'POST',
    url: string,
    token?: string,
  ): Promise<LightMyRequestResponse> => {
    if (!app) throw new Error('the queue app is not ready');
    return app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  };
  const retryUrl = (name: string, id: string) => `/api/admin/job-failures/${name}/${id}/retry`;
  const failures = async (token: string) => {
    const response = await request('GET', '/api/admin/job-failures', token);
    expect(response.statusCode, response.body).toBe(200);
    return jobFailuresResponseSchema.parse(response.json()).data;
  };
  const jobOf = async (id: string) => {
    const [job] = (await queue?.boss.findJobs('mail', { id })) ?? [];
    return job;
  };

  beforeAll(async () => {
    queue = JobQueue.open(ctx.handle, {
      log: quietLog,
      timings: { pollSeconds: 0.5, mailRetrySeconds: 1, monitorSeconds: 2 },
    });
    await queue.start();
    app = buildApp({
      db: ctx.handle,
      config: ctx.config,
      clock: ctx.clock,
      mailer: ctx.mailer,
      storage: ctx.storage,
      queue,
    });
    await app.ready();

    // Every mail job fails at once, with no retry left.
    await queue.work('mail', async () => {
      throw new Error(SMTP_ERROR);
    });
    const send = async (n: number) => {
      const id = await queue?.boss.send('mail', { test: n }, { retryLimit: 0 });
      if (!id) throw new Error('the job was not sent');
      return id;
    };
    failed = { first: await send(1), second: await send(2) };
    for (let i = 0; i < 100; i++) {
      const states = await Promise.all([jobOf(failed.first), jobOf(failed.second)]);
      if (states.every((job) => job?.state === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // No worker any more: a retried job stays waiting, where the tests can see it.
    await queue.boss.offWork('mail', { wait: true });
  });

  afterAll(async () => {
    await app?.close();
    await queue?.stop(5_000);
  });

  it('lists the failed jobs with their error, the latest failure first', async () => {
    const admin = await superAdmin(ctx);
    const listed = await failures(admin.token);
    const ours = listed.filter((job) => job.id === failed.first || job.id === failed.second);
    expect(ours).toHaveLength(2);
    for (const job of ours) {
      expect(job).toMatchObject({ queue: 'mail', error: SMTP_ERROR, retry_count: 0 });
      expect(Date.parse(job.created_at)).not.toBeNaN();
      expect(job.failed_at).not.toBeNull();
    }
    const failedAt = listed.map((job) => Date.parse(job.failed_at ?? ''));
    expect(failedAt).toEqual([...failedAt].sort((a, b) => b - a));
  });

  it('sends a failed job again once, then answers 404, with one audit row', async () => {
    const admin = await superAdmin(ctx);
    const response = await request('POST', retryUrl('mail', failed.first), admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { retried: true } });

    const job = await jobOf(failed.first);
    expect(job?.state).toBe('retry');
    expect((await failures(admin.token)).map((row) => row.id)).not.toContain(failed.first);

    const again = await request('POST', retryUrl('mail', failed.first), admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: jobFailureMessages.notFailed });

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'job.retried'),
          sql`${auditLog.details}->>'job_id' = ${failed.first}`,
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, details: { queue: 'mail' } });
  });

  it('retries a job once when the same retry arrives 20 times at once', async () => {
    const admin = await superAdmin(ctx);
    const before = await jobOf(failed.second);
    expect(before?.state).toBe('failed');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request('POST', retryUrl('mail', failed.second), admin.token),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(404)]);

    // pg-boss grants each retry one more attempt: one retry, one more.
    const after = await jobOf(failed.second);
    expect(after?.state).toBe('retry');
    expect(after?.retryLimit).toBe((before?.retryLimit ?? 0) + 1);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'job.retried'),
          sql`${auditLog.details}->>'job_id' = ${failed.second}`,
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for a job that never existed', async () => {
    const admin = await superAdmin(ctx);
    const response = await request(
      'POST',
      retryUrl('mail', '00000000-0000-4000-8000-000000000000'),
      admin.token,
    );
    expect(response.statusCode).toBe(404);
  });

  it('refuses a queue name it does not know and an id that is not a UUID', async () => {
    const admin = await superAdmin(ctx);
    const badQueue = await request('POST', retryUrl('correo', failed.first), admin.token);
    expect(badQueue.statusCode).toBe(400);
    expect(badQueue.body).toContain(jobFailureMessages.badQueue);
    const badId = await request('POST', retryUrl('mail', '12'), admin.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain(jobFailureMessages.badId);
  });

  it('refuses anyone but the super admin', async () => {
    const user = await registerUser(ctx);
    const list = await request('GET', '/api/admin/job-failures', user.token);
    expect(list.statusCode).toBe(403);
    const retry = await request('POST', retryUrl('mail', failed.first), user.token);
    expect(retry.statusCode).toBe(403);
    expect((await request('GET', '/api/admin/job-failures')).statusCode).toBe(401);
  });

  it("tells each queue's depth in the platform health", async () => {
    const admin = await superAdmin(ctx);
    const response = await request('GET', '/api/admin/platform-health', admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const health = platformHealthSchema.parse(response.json<{ data: unknown }>().data);
    expect(health.queues.map((depth) => depth.queue).sort()).toEqual([...jobQueues].sort());
  });

  it('answers an empty list and 404 on a server that runs no queue', async () => {
    const admin = await superAdmin(ctx);
    const list = await ctx.request({
      method: 'GET',
      url: '/api/admin/job-failures',
      token: admin.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [] });
    const retry = await ctx.request({
      method: 'POST',
      url: retryUrl('mail', failed.second),
      token: admin.token,
    });
    expect(retry.statusCode).toBe(404);
    const health = await ctx.request({
      method: 'GET',
      url: '/api/admin/platform-health',
      token: admin.token,
    });
    expect(health.json<{ data: { queues: unknown[] } }>().data.queues).toEqual([]);
  });
});
