import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EXPORT_FILE_HOURS,
  type ExportState,
  exportMessages,
  exportStateSchema,
} from '../../contract/exports.schema';
import { buildApp } from '../../server/app';
import { exports } from '../../server/db/schema/exports';
import { clubMemberships } from '../../server/db/schema/memberships';
import { payments as paymentsTable } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { jobRuns } from '../../server/db/schema/platform';
import { exportsCleanupJob } from '../../server/features/exports/exports-cleanup.job';
import { workExports } from '../../server/features/exports/exports.plugin';
import { EXPORT_BATCH } from '../../server/lib/list-export';
import { runScheduledJob } from '../../server/lib/scheduled-job';
import type { JobQueue } from '../../server/queue/job-queue';
import { EXPORT_ATTEMPTS } from '../../server/queue/queue-policies';
import { createClub, memberOf, superAdmin } from './support/clubs';
import { startTestQueue } from './support/job-queue';
import { MARCH_10, addCharge, addPayment } from './support/payments';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

/*
 * Issue #36 item 2: a grid's export on the job queue. `POST <list>/export` queues it, the
 * job replays the list's GET as the asker and keeps the file; the file is the GET's byte
 * for byte, served to the asker only, for EXPORT_FILE_HOURS. The suite's app has no queue
 * (the export runs in process after its commit, retried the same way); the last tests
 * run a real pg-boss queue on the suite's database.
 */

type Requester = (options: {
  method: 'GET' | 'POST';
  url: string;
  token: string;
  body?: unknown;
}) => ReturnType<TestContext['request']>;

/** Polls `GET /api/exports/{id}` every 50 ms until the export is done or failed (or `until`). */
async function settled(
  request: Requester,
  token: string,
  id: number,
  polls = 300,
  until?: ExportState['status'],
): Promise<ExportState> {
  for (let i = 0; i < polls; i++) {
    const response = await request({ method: 'GET', url: `/api/exports/${id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    const state = exportStateSchema.parse(response.json());
    if (until ? state.status === until : state.status === 'done' || state.status === 'failed') {
      return state;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`export ${id} did not finish`);
}

/** Queues the export of `list` (a path and its query, `format` included). */
async function queueExport(
  request: Requester,
  token: string,
  list: string,
  key: string = randomUUID(),
) {
  const [path, query = ''] = list.split('?');
  const response = await request({
    method: 'POST',
    url: `${path}/export?${query}`,
    token,
    body: { idempotency_key: key },
  });
  return response;
}

async function cellsOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push(row.values as unknown[]));
  return rows;
}

describeEachDatabase('queued exports (issue #36)', (ctx) => {
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let family: Awaited<ReturnType<typeof registerUser>>;
  let clubId: number;
  const payments = () => `/api/pla_club_teams/${clubId}/payments`;
  const request: Requester = (options) => ctx.request(options);

  /** Queues, waits and downloads; answers the GET's bytes beside the queued file's. */
  async function bothFiles(token: string, list: string) {
    const queued = await queueExport(request, token, list);
    expect(queued.statusCode, queued.body).toBe(202);
    const state = await settled(request, token, queued.json<ExportState>().id);
    expect(state).toMatchObject({ status: 'done', error: null });
    const file = await ctx.request({ method: 'GET', url: `/api/exports/${state.id}/file`, token });
    expect(file.statusCode, file.body).toBe(200);
    const [path, query] = list.split('?');
    const direct = await ctx.request({ method: 'GET', url: `${path}/export?${query}`, token });
    expect(direct.statusCode, direct.body).toBe(200);
    return { state, file, direct };
  }

  beforeAll(async () => {
    ctx.clock.set(MARCH_10);
    owner = await registerUser(ctx);
    clubId = (await createClub(ctx, owner.token, { name: 'Club en Cola' })).id;
    family = await memberOf(ctx, clubId, 'Jugador');
    const others = await Promise.all([1, 2, 3].map(() => memberOf(ctx, clubId, 'Jugador')));
    const charge = await addCharge(ctx, clubId, 'Mensualidad', 120_000);
    for (const [index, player] of [family, ...others].entries()) {
      await addPayment(ctx, clubId, {
        userId: player.id,
        chargeId: charge,
        period: '2026-03',
        due: '2026-03-05',
        base: 100_000 + index,
        status: 'pending',
      });
    }
  });

  it("writes the GET's CSV byte for byte, with its name and row count", async () => {
    const { state, file, direct } = await bothFiles(
      owner.token,
      `${payments()}?format=csv&sort=-amount_due`,
    );
    expect(file.rawPayload.equals(direct.rawPayload)).toBe(true);
    expect(file.headers['content-length']).toBe(String(direct.rawPayload.length));
    expect(file.headers['content-type']).toBe(direct.headers['content-type']);
    expect(file.headers['content-disposition']).toBe(direct.headers['content-disposition']);
    expect(file.headers['x-total-rows']).toBe('4');
    expect(state.rows).toBe(4);
    expect(state.file_name).toMatch(/^pagos-2026-03-10\.csv$/);
  });

  it('streams the file into the storage as the GET writes it, a batch at a time', async () => {
    // One batch more than EXPORT_BATCH rows: a player billed for 501 months, in one statement.
    const club = (await createClub(ctx, owner.token, { name: 'Club de Muchos Pagos' })).id;
    const player = await memberOf(ctx, club, 'Jugador');
    const charge = await addCharge(ctx, club, 'Mensualidad', 90_000);
    await ctx.db.insert(players).values({ clubId: club, userId: player.id });
    const months = Array.from({ length: EXPORT_BATCH + 1 }, (_, month) => {
      const start = new Date(Date.UTC(2000, month, 1)).toISOString().slice(0, 10);
      return { start, end: new Date(Date.UTC(2000, month + 1, 0)).toISOString().slice(0, 10) };
    });
    await ctx.db.insert(paymentsTable).values(
      months.map(({ start, end }) => ({
        clubId: club,
        userId: player.id,
        chargeId: charge,
        period: start,
        coversFrom: start,
        coversTo: end,
        dueDate: start,
        baseAmount: 90_000,
        discountAmount: 0,
        amountDue: 90_000,
        amountPaid: 0,
        discountsApplied: [],
        status: 'pending' as const,
      })),
    );
    const list = `/api/pla_club_teams/${club}/payments?format=csv`;
    const { state, file, direct } = await bothFiles(owner.token, list);

    expect(state.rows).toBe(EXPORT_BATCH + 1);
    expect(file.rawPayload.equals(direct.rawPayload)).toBe(true);
    // The storage was handed a stream, and each batch reached it as the GET wrote it.
    expect(ctx.storage.streamed.get(`exports/${state.id}.csv`)).toBeGreaterThan(1);
  });

  it("writes the GET's XLSX with the same cells", async () => {
    const { file, direct } = await bothFiles(owner.token, `${payments()}?format=xlsx`);
    expect(await cellsOf(file.rawPayload)).toEqual(await cellsOf(direct.rawPayload));
    expect((await cellsOf(file.rawPayload)).length).toBe(5);
  });

  it('lets a family export only its own payments', async () => {
    const { state, file } = await bothFiles(family.token, `${payments()}?format=csv`);
    expect(state.rows).toBe(1);
    const lines = file.rawPayload.toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('100000');
  });

  it("answers 404 to anyone else for the export's state and file", async () => {
    const queued = await queueExport(request, owner.token, `${payments()}?format=csv`);
    const { id } = await settled(request, owner.token, queued.json<ExportState>().id);
    for (const token of [family.token, (await registerUser(ctx)).token]) {
      for (const url of [`/api/exports/${id}`, `/api/exports/${id}/file`]) {
        const response = await ctx.request({ method: 'GET', url, token });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: exportMessages.notFound });
      }
    }
    const anonymous = await ctx.request({ method: 'GET', url: `/api/exports/${id}`, token: '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses a bad key, format or filter with the field, and a stranger with the GET's 404", async () => {
    const emptyBody = await ctx.request({
      method: 'POST',
      url: `${payments()}/export?format=csv&status=nada`,
      token: owner.token,
      body: {},
    });
    expect(emptyBody.statusCode).toBe(400);
    expect(emptyBody.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual([
      'status',
    ]);
    const badKey = await queueExport(request, owner.token, `${payments()}?format=csv`, 'no-uuid');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain(exportMessages.badKey);
    const badFormat = await queueExport(request, owner.token, `${payments()}?format=pdf`);
    expect(badFormat.statusCode).toBe(400);
    const stranger = await queueExport(
      request,
      (await registerUser(ctx)).token,
      `${payments()}?format=csv`,
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('gives one export for 20 identical requests at once with the same key', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        queueExport(request, owner.token, `${payments()}?format=csv`, key),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array<number>(19).fill(200),
      202,
    ]);
    const ids = new Set(answers.map((answer) => answer.json<ExportState>().id));
    expect(ids.size).toBe(1);
    const rows = await ctx.db.select().from(exports).where(eq(exports.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect((await settled(request, owner.token, rows[0]!.id)).status).toBe('done');
  });

  it('retries a run whose storage write failed once and ends done with one file', async () => {
    const put = ctx.storage.put.bind(ctx.storage);
    let failures = 0;
    ctx.storage.put = async (key, bytes, type) => {
      if (key.startsWith('exports/') && failures++ === 0) throw new Error('EIO: write failed');
      return put(key, bytes, type);
    };
    try {
      const queued = await queueExport(request, owner.token, `${payments()}?format=csv`);
      const state = await settled(request, owner.token, queued.json<ExportState>().id);
      expect(state).toMatchObject({ status: 'done', rows: 4, error: null });
      const [row] = await ctx.db.select().from(exports).where(eq(exports.id, state.id));
      expect(row?.attempts).toBe(2);
      const files = [...ctx.storage.files.keys()].filter((key) =>
        key.startsWith(`exports/${state.id}.`),
      );
      expect(files).toEqual([`exports/${state.id}.csv`]);
    } finally {
      ctx.storage.put = put;
    }
  });

  it(`marks it failed after ${EXPORT_ATTEMPTS} failed runs, with a Spanish message`, async () => {
    ctx.storage.failWritesWith = 'ENOSPC';
    try {
      const queued = await queueExport(request, owner.token, `${payments()}?format=csv`);
      const state = await settled(request, owner.token, queued.json<ExportState>().id);
      expect(state).toMatchObject({ status: 'failed', error: exportMessages.crashed });
      const file = await ctx.request({
        method: 'GET',
        url: `/api/exports/${state.id}/file`,
        token: owner.token,
      });
      expect(file.statusCode).toBe(409);
    } finally {
      ctx.storage.failWritesWith = undefined;
    }
  });

  it('answers 410 once the file expired, and the next export removes it', async () => {
    const queued = await queueExport(request, owner.token, `${payments()}?format=csv`);
    const { id } = await settled(request, owner.token, queued.json<ExportState>().id);
    ctx.clock.set(new Date(MARCH_10.getTime() + (EXPORT_FILE_HOURS * 60 + 1) * 60_000));
    try {
      // The session of the morning has ended too: sign in again.
      const signedIn = await login(ctx, owner.email, owner.password);
      const token = signedIn.json<{ token: string }>().token;
      const file = await ctx.request({
        method: 'GET',
        url: `/api/exports/${id}/file`,
        token,
      });
      expect(file.statusCode).toBe(410);
      expect(file.json()).toMatchObject({ message: exportMessages.expired });
      expect(ctx.storage.files.has(`exports/${id}.csv`)).toBe(true);
      const next = await queueExport(request, token, `${payments()}?format=csv`);
      await settled(request, token, next.json<ExportState>().id);
      expect(ctx.storage.files.has(`exports/${id}.csv`)).toBe(false);
    } finally {
      ctx.clock.set(MARCH_10);
    }
  });

  it('removes every expired file within the hour with no export after it, and keeps a fresh one', async () => {
    const old = await queueExport(request, owner.token, `${payments()}?format=csv`);
    const { id: oldId } = await settled(request, owner.token, old.json<ExportState>().id);
    ctx.clock.set(new Date(MARCH_10.getTime() + 2 * 60 * 60_000));
    try {
      const fresh = await queueExport(request, owner.token, `${payments()}?format=xlsx`);
      const { id: freshId } = await settled(request, owner.token, fresh.json<ExportState>().id);
      // An hour past the first file's 24 hours, an hour before the second's end.
      ctx.clock.set(new Date(MARCH_10.getTime() + (EXPORT_FILE_HOURS + 1) * 60 * 60_000));
      const keptFiles = () =>
        [...ctx.storage.files.keys()].filter((key) => key.startsWith('exports/'));
      const before = keptFiles();
      const deps = { db: ctx.db, clock: ctx.clock, storage: ctx.storage };
      const run = await runScheduledJob(exportsCleanupJob(deps), { ...deps, log: console });
      const after = keptFiles();
      expect(before).toContain(`exports/${oldId}.csv`);
      expect(after).not.toContain(`exports/${oldId}.csv`);
      expect(after).toContain(`exports/${freshId}.xlsx`);
      // What stays is what has not reached its 24 hours (the suite's earlier exports made on
      // the morning of the 10th are gone; one made a day later by another test is not).
      const rows = await ctx.db
        .select({ key: exports.storageKey, expiresAt: exports.expiresAt })
        .from(exports);
      for (const key of after) {
        const row = rows.find((each) => each.key === key);
        expect(row?.expiresAt?.getTime(), key).toBeGreaterThan(ctx.clock.now().getTime());
      }
      expect(run).toEqual({ removed: before.length - after.length });
      const [recorded] = await ctx.db
        .select({ outcome: jobRuns.outcome, summary: jobRuns.summary })
        .from(jobRuns)
        .where(eq(jobRuns.job, 'exports-cleanup'));
      expect(recorded).toEqual({
        outcome: 'ok',
        summary: { removed: before.length - after.length },
      });
      // The expired export's row stays: its file answers 410.
      const file = await ctx.request({
        method: 'GET',
        url: `/api/exports/${oldId}/file`,
        token: (await login(ctx, owner.email, owner.password)).json<{ token: string }>().token,
      });
      expect(file.statusCode).toBe(410);
    } finally {
      ctx.clock.set(MARCH_10);
    }
  });

  describe_queue(ctx, () => ({ owner, family, clubId }));
});

/** The same exports through a real pg-boss queue on the suite's database. */
function describe_queue(
  ctx: TestContext,
  fixtures: () => {
    owner: { token: string };
    family: { id: number; token: string };
    clubId: number;
  },
) {
  let queue: JobQueue | undefined;
  let app: FastifyInstance | undefined;
  const request: Requester = ({ token, body, ...options }) => {
    if (!app) throw new Error('the queue app is not ready');
    return app.inject({
      ...options,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  };

  beforeAll(async () => {
    queue = await startTestQueue(ctx);
    app = buildApp({
      db: ctx.handle,
      config: ctx.config,
      clock: ctx.clock,
      mailer: ctx.mailer,
      storage: ctx.storage,
      queue,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await queue?.stop(5_000);
  });

  it('runs a queued export on the queue, retrying a failed write', async () => {
    const { owner, clubId } = fixtures();
    if (!app || !queue) throw new Error('the queue app is not ready');
    const put = ctx.storage.put.bind(ctx.storage);
    let failures = 0;
    ctx.storage.put = async (key, bytes, type) => {
      if (key.startsWith('exports/') && failures++ === 0) throw new Error('EIO: write failed');
      return put(key, bytes, type);
    };
    try {
      const list = `/api/pla_club_teams/${clubId}/payments?format=csv`;
      const queued = await queueExport(request, owner.token, list);
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json()).toMatchObject({ status: 'queued' });
      await workExports(queue, app);
      const state = await settled(request, owner.token, queued.json<ExportState>().id);
      expect(state).toMatchObject({ status: 'done', rows: 4 });
      const [row] = await ctx.db.select().from(exports).where(eq(exports.id, state.id));
      expect(row?.attempts).toBe(2);
    } finally {
      ctx.storage.put = put;
    }
  });

  it("shows a run that failed for good in the super admin's failed jobs, whose retry finishes it", async () => {
    const { owner, clubId } = fixtures();
    if (!app || !queue) throw new Error('the queue app is not ready');
    const admin = await superAdmin(ctx);
    ctx.storage.failWritesWith = 'ENOSPC';
    let id: number;
    try {
      const queued = await queueExport(
        request,
        owner.token,
        `/api/pla_club_teams/${clubId}/payments?format=csv`,
      );
      id = queued.json<ExportState>().id;
      // Four runs, 1 + 2 + 4 s apart (EXPORT_RETRY_SECONDS doubling).
      const state = await settled(request, owner.token, id, 600);
      expect(state).toMatchObject({ status: 'failed', error: exportMessages.crashed });
    } finally {
      ctx.storage.failWritesWith = undefined;
    }
    let failure: { id: string; queue: string; error: string } | undefined;
    for (let i = 0; i < 100 && !failure; i++) {
      const listed = await request({
        method: 'GET',
        url: '/api/admin/job-failures',
        token: admin.token,
      });
      failure = listed
        .json<{ data: { id: string; queue: string; error: string }[] }>()
        .data.find((job) => job.queue === 'exports');
      if (!failure) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(failure?.error).toMatch(/ENOSPC/);
    const retried = await request({
      method: 'POST',
      url: `/api/admin/job-failures/exports/${failure!.id}/retry`,
      token: admin.token,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await settled(request, owner.token, id, 600, 'done');
    expect(after).toMatchObject({ status: 'done', rows: 4, error: null });
  });

  it('checks the access again when the job runs: a member who left gets a failed export', async () => {
    const { family, clubId } = fixtures();
    if (!app || !queue) throw new Error('the queue app is not ready');
    await queue.boss.offWork('exports', { wait: true });
    const queued = await queueExport(
      request,
      family.token,
      `/api/pla_club_teams/${clubId}/payments?format=csv`,
    );
    expect(queued.statusCode, queued.body).toBe(202);
    await ctx.db
      .delete(clubMemberships)
      .where(and(eq(clubMemberships.userId, family.id), eq(clubMemberships.clubId, clubId)));
    await workExports(queue, app);
    const state = await settled(request, family.token, queued.json<ExportState>().id);
    expect(state.status).toBe('failed');
    expect(state.error).toBeTruthy();
    expect(state.rows).toBeNull();
  });
}
