import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { type DbHandle, openDb } from '../../server/db/client';
import { users } from '../../server/db/schema/users';
import { seedReference } from '../../server/db/seed/reference';
import { DATABASE_RETRY_AFTER_SECONDS, faultMessages } from '../../server/lib/faults';
import { type TestDatabase, createTestDatabase } from './support/databases';
import { TcpProxy } from './support/tcp-proxy';
import {
  FakeClock,
  MemoryMailer,
  MemoryStorage,
  VALID_PASSWORD,
  testConfig,
  uniqueEmail,
  SIGN_UP_CONSENT,
} from './support/test-app';
import { multipart, png } from './support/uploads';

/*
 * PostgreSQL unreachable or restarted under load (issue #18 part 3; docs/faults.md). The
 * app's pool reaches PostgreSQL through a TCP proxy this test cuts, silences and resets,
 * so the shared server is never stopped. Defined only with TEST_DATABASE_URL.
 */

/** Short bounds, so a request that would hang shows here as a slow answer. */
const timeouts = { connectMs: 1_000, statementMs: 3_000, queryMs: 4_000 };
/** The longest a refused request may take: the connection wait plus a loaded machine's slack. */
const BOUND_MS = timeouts.connectMs + 2_500;

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL out of reach [postgres]', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let handle: DbHandle;
  let app: FastifyInstance;
  const storage = new MemoryStorage();
  let person: { id: number; token: string; email: string };
  let clubId: number;

  const request = async (options: InjectOptions & { token?: string }) => {
    const { token, ...rest } = options;
    const started = performance.now();
    const response = await app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
    });
    return { response, ms: performance.now() - started };
  };
  /**
   * Reads that touch the database in different ways: a bare query, a session, the two lists
   * read through the read-only pool (postgres.js, server/db/prepared-by-text.ts), a login.
   */
  const reads = () => [
    request({ method: 'GET', url: '/api/health' }),
    request({ method: 'GET', url: '/api/user', token: person.token }),
    request({ method: 'GET', url: `/api/pla_club_teams/${clubId}/players`, token: person.token }),
    request({ method: 'GET', url: `/api/pla_club_teams/${clubId}/payments`, token: person.token }),
    request({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: 'Incorrecta123' },
    }),
  ];
  const expectUnavailable = ({
    response,
    ms,
  }: {
    response: LightMyRequestResponse;
    ms: number;
  }) => {
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ message: faultMessages.databaseUnavailable });
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ms).toBeLessThan(BOUND_MS);
  };
  const expectServed = async () => {
    const health = await request({ method: 'GET', url: '/api/health' });
    expect(health.response.statusCode, health.response.body).toBe(200);
    const user = await request({ method: 'GET', url: '/api/user', token: person.token });
    expect(user.response.statusCode, user.response.body).toBe(200);
    for (const list of ['players', 'payments']) {
      const url = `/api/pla_club_teams/${clubId}/${list}`;
      const read = await request({ method: 'GET', url, token: person.token });
      expect(read.response.statusCode, read.response.body).toBe(200);
      expect(read.response.json()).toEqual({ data: [], total: 0 });
    }
  };

  beforeAll(async () => {
    // The pool reports each idle connection it loses ('PostgreSQL pool error: …'): expected.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    database = await createTestDatabase('postgres');
    await seedReference(database.handle.db);
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    handle = await openDb({ url: proxy.urlFor(database.url!), timeouts });
    const config = testConfig();
    app = buildApp({
      db: handle,
      config,
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
      storage,
    });
    await app.ready();
    const email = uniqueEmail('caida');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Lucía',
        lastname: 'Restrepo',
        email,
        password: VALID_PASSWORD,
        password_confirmation: VALID_PASSWORD,
        ...SIGN_UP_CONSENT,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const json = registered.json<{ token: string; user: { id: number } }>();
    person = { id: json.user.id, token: json.token, email };
    const club = await app.inject({
      method: 'POST',
      url: '/api/pla_club_teams',
      headers: { authorization: `Bearer ${json.token}` },
      payload: { name: 'Club sin red' },
    });
    expect(club.statusCode, club.body).toBe(201);
    clubId = club.json<{ data: { id: number } }>().data.id;
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
    await handle?.close().catch(() => undefined);
    await proxy?.close();
    await database?.dispose();
  });

  it('serves through the proxy while PostgreSQL is reachable', async () => {
    await expectServed();
  });

  it('answers 503 with Retry-After at once while PostgreSQL is gone, and 200 again once it is back', async () => {
    await expectServed();
    await proxy.cut();
    // Under load: many requests at once, each refused within the bound, none a 500.
    const refused = await Promise.all(Array.from({ length: 5 }, reads).flat());
    refused.forEach(expectUnavailable);

    await proxy.reopen();
    // The same app, never restarted: the pool opens new connections by itself.
    await expectServed();
    const again = await Promise.all(Array.from({ length: 5 }, reads).flat());
    expect(again.map(({ response }) => response.statusCode)).toEqual(
      Array.from({ length: 5 }, () => [200, 200, 200, 200, 401]).flat(),
    );
  });

  it('gives up on a PostgreSQL that accepts connections but never answers', async () => {
    await proxy.cut();
    await proxy.reopen();
    proxy.goSilent();
    const refused = await Promise.all(reads());
    refused.forEach(expectUnavailable);
    await proxy.cut();
    await proxy.reopen();
    await expectServed();
  });

  it('answers 503, not 500, to a request whose query is in flight when the connection resets', async () => {
    await expectServed();
    proxy.resetWhenSent('select 1');
    expectUnavailable(await request({ method: 'GET', url: '/api/health' }));
    await proxy.settle();
    await expectServed();
  });

  it('answers 503 to a transaction cut mid-way, which leaves neither the row nor the file', async () => {
    await expectServed();
    // The photo is stored first, then one transaction locks the person and points at it.
    proxy.resetWhenSent('update "users"');
    const body = multipart('photo', 'foto.png', 'image/png', await png(40, 40));
    expectUnavailable(
      await request({ method: 'POST', url: '/api/profile/photo', token: person.token, ...body }),
    );
    const [row] = await database.handle.db
      .select({ photoUrl: users.photoUrl })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row?.photoUrl).toBeNull();
    expect([...storage.files.keys()]).toEqual([]);
    await proxy.settle();
    await expectServed();
  });
});
