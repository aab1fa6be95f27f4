import { type AccessRow, accessCallers } from '../../../contract/access-table';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { PRIVACY_POLICY_VERSION, TERMS_VERSION } from '../../../contract/auth.schema';
import { buildApp } from '../../../server/app';
import type { AppConfig } from '../../../server/config';
import type { Db, DbDriver, DbHandle } from '../../../server/db/client';
import { seedReference } from '../../../server/db/seed/reference';
import { serializeError } from '../../../server/lib/log-safety';
import { createDemoTestDatabase, createTestDatabase, type TestDatabase } from './databases';
import { driversFor } from './engines';
import { FakeClock, MemoryMailer, MemoryStorage } from './fakes';

export { FakeClock, MemoryMailer, MemoryStorage, resetLinkFrom } from './fakes';

/** `inject` options plus `token` (sent as a bearer) and `body` (any value, sent as JSON). */
export interface RequestOptions {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  /** A raw payload (use it for bodies that are not JSON). */
  payload?: InjectOptions['payload'];
  remoteAddress?: string;
  token?: string;
  body?: unknown;
}

/** One entry of the app's route table, as Fastify's `onRoute` hook saw it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: RouteOptions['config'];
  /** The route's request schemas (zod: `params`, `querystring`, `body`), as declared. */
  schema: RouteOptions['schema'];
}

/** Everything a suite needs, ready inside its tests (filled in by `beforeAll`). */
export interface TestContext {
  readonly driver: DbDriver;
  readonly app: FastifyInstance;
  readonly handle: DbHandle;
  readonly db: Db;
  readonly clock: FakeClock;
  readonly mailer: MemoryMailer;
  /** The uploaded files (profile photos). */
  readonly storage: MemoryStorage;
  readonly config: AppConfig;
  /** Every route the app registered (one entry per method), collected by an `onRoute` hook. */
  readonly routes: readonly RegisteredRoute[];
  /** `app.inject` with a JSON body and an optional bearer token. */
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
}

export interface SuiteOptions {
  /** Also seed the demo club and accounts. */
  demo?: boolean;
  /** Config values to override (e.g. `staticDir`). */
  config?: Partial<AppConfig>;
}

/**
 * The access table rows (contract/access-table.ts) of routes a test adds to its own app,
 * for `buildApp({ extraAccessRows })`: the app refuses an /api route without a row.
 */
export const testOnlyAccessRows = (...routes: string[]): AccessRow[] =>
  routes.map((route) => ({
    route,
    operation: 'A route only this test adds',
    group: 'Test routes',
    requires: 'public',
    who: Object.fromEntries(accessCallers.map((caller) => [caller, 'all'])) as AccessRow['who'],
  }));

/** A configuration that touches nothing on disk unless a test asks for it. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.join('/nonexistent', 'gd-test-data');
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: randomBytes(32),
    appUrl: 'http://app.test',
    smtpUrl: undefined,
    mailFrom: 'Gestión deportiva <no-reply@gestion-deportiva.local>',
    mailDir: path.join(dataDir, 'mail'),
    whatsappPhone: '573001234567',
    staticDir: path.join('/nonexistent', 'gd-test-dist'),
    trustProxy: false,
    logLevel: 'silent',
    s3: undefined,
    demoData: false,
    ...overrides,
  };
}

/**
 * Declares `name` once per database driver — `name [pglite]` and, when
 * TEST_DATABASE_URL is set, `name [postgres]` — each on a fresh migrated database with
 * the reference seed, its own app, fake clock and in-memory mailer. A suite whose time goes
 * to work no database engine takes part in runs on PGlite only: support/engines.ts holds the
 * rule and the list, each suite there with its reason.
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: TestContext) => void,
  options: SuiteOptions = {},
): void {
  for (const driver of driversFor(name)) {
    describe(`${name} [${driver}]`, () => {
      let state:
        | {
            database: TestDatabase;
            app: FastifyInstance;
            clock: FakeClock;
            mailer: MemoryMailer;
            storage: MemoryStorage;
            config: AppConfig;
            routes: RegisteredRoute[];
          }
        | undefined;
      const ready = () => {
        if (!state) throw new Error('The test database is not ready (beforeAll failed?)');
        return state;
      };

      beforeAll(async () => {
        // The demo is copied from a seeded template, its proofs of payment into the storage
        // the app reads.
        const { database, files } = options.demo
          ? await createDemoTestDatabase(driver)
          : { database: await createTestDatabase(driver), files: undefined };
        try {
          await seedReference(database.handle.db);
          const storage = new MemoryStorage(files);
          const clock = new FakeClock();
          const mailer = new MemoryMailer();
          const config = testConfig(options.config);
          const app = buildApp({ db: database.handle, config, clock, mailer, storage });
          // Features are plugins loaded by ready(), so this hook still sees every route.
          const routes: RegisteredRoute[] = [];
          app.addHook('onRoute', (route) => {
            for (const method of [route.method].flat()) {
              routes.push({ method, url: route.url, config: route.config, schema: route.schema });
            }
          });
          // The test app logs nothing, so an unexpected 5xx says what broke here (never a body).
          app.addHook('onError', async (request, _reply, error) => {
            const status = (error as { statusCode?: number }).statusCode;
            if (status !== undefined && status < 500) return;
            process.stderr.write(
              `[test app, ${driver}] ${request.method} ${request.routeOptions?.url ?? request.url}: ` +
                `${JSON.stringify(serializeError(error), null, 1)}\n`,
            );
          });
          await app.ready();
          state = { database, app, clock, mailer, storage, config, routes };
        } catch (error) {
          await database.dispose();
          throw error;
        }
      });

      afterAll(async () => {
        if (!state) return;
        await state.app.close();
        await state.database.dispose();
        state = undefined;
      });

      const ctx: TestContext = {
        driver,
        get app() {
          return ready().app;
        },
        get handle() {
          return ready().database.handle;
        },
        get db() {
          return ready().database.handle.db;
        },
        get clock() {
          return ready().clock;
        },
        get mailer() {
          return ready().mailer;
        },
        get storage() {
          return ready().storage;
        },
        get config() {
          return ready().config;
        },
        get routes() {
          return ready().routes;
        },
        request({ token, body, headers, ...options }) {
          return ready().app.inject({
            ...options,
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
            ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
          });
        },
      };
      body(ctx);
    });
  }
}

let sequence = 0;

/** A fresh, unique e-mail address for one test. */
export function uniqueEmail(prefix = 'persona'): string {
  sequence += 1;
  return `${prefix}.${sequence}.${randomBytes(3).toString('hex')}@prueba.test`;
}

export const VALID_PASSWORD = 'Secreta123';

/** The acceptances every sign-up sends (issue #33 item 8): the current terms and data policy. */
export const SIGN_UP_CONSENT = {
  accept_terms: true,
  terms_version: TERMS_VERSION,
  accept_data_policy: true,
  data_policy_version: PRIVACY_POLICY_VERSION,
} as const;

/** Registers a new account through the API and returns its token and credentials. */
export async function registerUser(
  ctx: TestContext,
  overrides: Partial<{ name: string; lastname: string; email: string; password: string }> = {},
): Promise<{ token: string; email: string; password: string; id: number }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? VALID_PASSWORD;
  const response = await ctx.request({
    method: 'POST',
    url: '/api/register',
    body: {
      name: overrides.name ?? 'María José',
      lastname: overrides.lastname ?? 'Núñez Ríos',
      email,
      password,
      password_confirmation: password,
      ...SIGN_UP_CONSENT,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const json = response.json<{ token: string; user: { id: number } }>();
  return { token: json.token, email: email.toLowerCase(), password, id: json.user.id };
}

/** Logs in through the API; returns the raw response. */
export function login(
  ctx: TestContext,
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
) {
  return ctx.request({
    method: 'POST',
    url: '/api/login',
    body: { email, password },
    remoteAddress,
  });
}
