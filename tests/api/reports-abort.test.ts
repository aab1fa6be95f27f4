import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BATCH } from '../../server/features/reports/reports.queries';
import type { ReportReadEnd } from '../../server/features/reports/reports.service';
import { users } from '../../server/db/schema/users';
import { superAdmin } from './support/clubs';
import { describeEachDatabase } from './support/test-app';

/*
 * A report is read from the database in batches while it streams; when the person cancels
 * (the browser aborts the fetch), the server must stop reading. Over real HTTP: the
 * reading's end is observed on the service's diagnostics channel.
 */

const CHANNEL = 'gestion-deportiva:reports:read-end';
/** Enough users for 40 batches of 500: far more than one chunk, and than a socket's buffers. */
const EXTRA_USERS = 40 * BATCH;

/** The next end of a report's reading, or a failure after `ms`. */
function nextReadEnd(ms = 10_000): Promise<ReportReadEnd> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      clearTimeout(timer);
      unsubscribe(CHANNEL, onMessage);
      resolve(message as ReportReadEnd);
    };
    const timer = setTimeout(() => {
      unsubscribe(CHANNEL, onMessage);
      reject(new Error(`The report's reading did not end within ${ms} ms`));
    }, ms);
    subscribe(CHANNEL, onMessage);
  });
}

/** Every end published within `ms`. */
async function readEndsWithin(ms: number): Promise<ReportReadEnd[]> {
  const seen: ReportReadEnd[] = [];
  const onMessage = (message: unknown) => void seen.push(message as ReportReadEnd);
  subscribe(CHANNEL, onMessage);
  await new Promise((resolve) => setTimeout(resolve, ms));
  unsubscribe(CHANNEL, onMessage);
  return seen;
}

describeEachDatabase('System reports: a cancelled download', (ctx) => {
  let admin: { token: string };
  let base: string;
  let batches: number;

  beforeAll(async () => {
    admin = await superAdmin(ctx);
    for (let start = 0; start < EXTRA_USERS; start += 2_000) {
      await ctx.db.insert(users).values(
        Array.from({ length: 2_000 }, (_, i) => ({
          name: `Masivo${start + i}`,
          lastname: 'Reporte',
          email: `masivo.${start + i}@reportes.test`,
        })),
      );
    }
    batches = Math.ceil((await ctx.db.$count(users)) / BATCH);
    // The suite's app, on a real socket (closed with the app after the suite).
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  // fetch leaves a spare socket open that never sends a request: the app's close would
  // wait for the server's headers timeout (30 s) before it ended on its own.
  afterAll(() => ctx.app.server.closeAllConnections());

  /** Starts the download, reads its first chunk, aborts; the reading's end. */
  async function abortAfterFirstChunk(path: string) {
    const ended = nextReadEnd();
    const controller = new AbortController();
    const response = await fetch(`${base}/api/admin/reports/${path}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value!.byteLength).toBeGreaterThan(0);
    controller.abort();
    await reader.read().catch(() => undefined);
    return ended;
  }

  it('reads every batch of a download that is not cancelled (the measure is sound)', async () => {
    const ended = nextReadEnd();
    const response = await fetch(`${base}/api/admin/reports/users.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = await response.text();
    expect(text.split('\r\n').length - 2).toBe(Number(response.headers.get('x-total-rows')));
    expect(await ended).toEqual({ report: 'users', batches, completed: true });
  });

  it('stops reading the users when the CSV download is aborted after its first chunk', async () => {
    const end = await abortAfterFirstChunk('users.csv');
    expect(end.report).toBe('users');
    expect(end.completed).toBe(false);
    expect(end.batches).toBeLessThan(batches / 2);
    // Nothing reads on after the end: no other report's reading ends later.
    expect(await readEndsWithin(300)).toEqual([]);
  });

  it('stops reading the users when the XLSX download is aborted after its first chunk', async () => {
    const end = await abortAfterFirstChunk('users.xlsx');
    expect(end.report).toBe('users');
    expect(end.completed).toBe(false);
    expect(end.batches).toBeLessThan(batches / 2);
    expect(await readEndsWithin(300)).toEqual([]);
  });
});
