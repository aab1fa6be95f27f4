import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { type DbHandle, PGLITE_OPTIONS, openDb } from '../../server/db/client';
import { auditLog } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import {
  type SuperAdminOutcome,
  grantSuperAdmin,
} from '../../server/features/admin-users/super-admin-grant';
import { insertAccount } from '../../server/features/users/accounts';
import {
  type TestDatabase,
  createTestDatabase,
  pgliteTemplate,
  testDrivers,
} from './support/databases';
import { run, startAndStopServer } from './support/commands';
import { FakeClock, MemoryMailer, MemoryStorage, testConfig } from './support/test-app';

/*
 * `npm run super-admin` and DEMO_DATA=0, as an operator meets them: the real server and
 * the real command as child processes (`node --import tsx …`) on a database holding only
 * the reference data — a DATA_DIR's PGlite, and a PostgreSQL database with TEST_DATABASE_URL
 * — then the API built on that database to sign in.
 */

const PASSWORD = 'Cancha-Norte-2026';

for (const driver of testDrivers) {
  describe(`npm run super-admin and DEMO_DATA=0 [${driver}]`, () => {
    let dataDir: string;
    let database: TestDatabase | undefined;
    let env: Record<string, string>;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'gd-super-admin-'));
      if (driver === 'postgres') {
        database = await createTestDatabase('postgres');
        env = { DATA_DIR: dataDir, DATABASE_URL: database.url! };
      } else {
        // The migrated template with the reference data, as DATA_DIR's database.
        const bytes = await pgliteTemplate();
        const client = await PGlite.create(path.join(dataDir, 'pglite'), {
          ...PGLITE_OPTIONS,
          loadDataDir: new Blob([new Uint8Array(bytes)]),
        });
        await client.close();
        env = { DATA_DIR: dataDir };
      }
    }, 120_000);

    afterAll(async () => {
      await database?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The database the commands use, opened for `body` only (PGlite is one process's). */
    async function withDb<T>(body: (handle: DbHandle) => Promise<T>): Promise<T> {
      const handle = await openDb(
        driver === 'postgres' ? { url: database!.url } : { dataDir: path.join(dataDir, 'pglite') },
      );
      try {
        return await body(handle);
      } finally {
        await handle.close();
      }
    }

    const superAdmin = (args: string[], extra: Record<string, string> = {}, input = '') =>
      run('server/db/super-admin.cli.ts', args, { ...env, ...extra }, input);

    const userCount = () =>
      withDb(async (handle) => (await handle.db.select({ n: count() }).from(users))[0]!.n);

    /** Signs in through the API and opens a super-admin-only list with the session. */
    const signIn = (email: string, password: string) =>
      withDb(async (handle) => {
        const app = buildApp({
          db: handle,
          config: testConfig(),
          clock: new FakeClock(),
          mailer: new MemoryMailer(),
          storage: new MemoryStorage(),
        });
        try {
          const login = await app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email, password },
          });
          if (login.statusCode !== 200) return { login: login.statusCode };
          const { token, user } = login.json<{
            token: string;
            user: { is_super_admin: boolean; onboarding: { completed: boolean } };
          }>();
          const list = await app.inject({
            method: 'GET',
            url: '/api/admin/users',
            headers: { authorization: `Bearer ${token}` },
          });
          return {
            login: 200,
            isSuperAdmin: user.is_super_admin,
            onboarded: user.onboarding.completed,
            adminUsers: list.statusCode,
          };
        } finally {
          await app.close();
        }
      });

    // Each child process costs seconds: what does not depend on the engine runs on one.
    // Production's engine (PostgreSQL when the run has one) for the start without the demo;
    // the embedded one for the command's own rules, which are the same SQL on both.
    it.skipIf(driver !== testDrivers.at(-1))(
      'starts a server with DEMO_DATA=0 on a database without users and seeds none',
      async () => {
        expect(await userCount()).toBe(0);
        const output = await startAndStopServer({ ...env, DEMO_DATA: '0' });
        expect(output).toContain('"demoSeeded":false');
        expect(await userCount()).toBe(0);
      },
      180_000,
    );

    it('creates an active super admin who signs in, with an audit row and no password shown', async () => {
      const made = await superAdmin(['Ada@Club.co', '--name', 'Ada  Lovelace Byron'], {
        SUPER_ADMIN_PASSWORD: PASSWORD,
      });
      expect(made).toMatchObject({ code: 0, stderr: '' });
      expect(made.stdout).toContain('Cuenta creada: ada@club.co es super administrador');
      expect(made.stdout).not.toContain(PASSWORD);

      // Straight to the platform's dashboard: the club's set-up wizard is not a super admin's.
      expect(await signIn('ada@club.co', PASSWORD)).toEqual({
        login: 200,
        isSuperAdmin: true,
        onboarded: true,
        adminUsers: 200,
      });
      const [row] = await withDb((handle) =>
        handle.db
          .select({ name: users.name, lastname: users.lastname, status: users.status })
          .from(users)
          .where(eq(users.email, 'ada@club.co')),
      );
      expect(row).toEqual({ name: 'Ada', lastname: 'Lovelace Byron', status: 'active' });
      const audit = await withDb((handle) =>
        handle.db.select().from(auditLog).where(eq(auditLog.action, 'user.super_admin_granted')),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUserId: null, targetType: 'user' });
      expect(JSON.stringify(audit[0]!.details)).not.toContain(PASSWORD);
    }, 120_000);

    it.skipIf(driver !== 'pglite')(
      'promotes an existing account and keeps its password, reading none',
      async () => {
        const own = 'Piscina-Sur-88';
        await withDb(async (handle) => {
          await insertAccount(handle.db, {
            name: 'Beto',
            lastname: 'Ruiz',
            email: 'beto@club.co',
            passwordHash: await hashPassword(own),
          });
        });
        expect(await signIn('beto@club.co', own)).toEqual({
          login: 200,
          isSuperAdmin: false,
          onboarded: false,
          adminUsers: 403,
        });

        const promoted = await superAdmin(['beto@club.co'], { SUPER_ADMIN_PASSWORD: PASSWORD });
        expect(promoted).toMatchObject({ code: 0, stderr: '' });
        expect(promoted.stdout).toContain('beto@club.co ahora es super administrador');
        expect(await signIn('beto@club.co', own)).toEqual({
          login: 200,
          isSuperAdmin: true,
          onboarded: true,
          adminUsers: 200,
        });
        expect(await signIn('beto@club.co', PASSWORD)).toEqual({ login: 401 });
      },
      120_000,
    );

    it.skipIf(driver !== 'pglite')(
      'refuses a weak password from standard input and a bad e-mail with exit 1, writing nothing',
      async () => {
        const before = await userCount();
        const weak = await superAdmin(['carla@club.co', '--name', 'Carla Díaz'], {}, 'carla123\n');
        expect(weak.code).toBe(1);
        expect(weak.stderr).toContain('No se creó la cuenta');
        expect(weak.stderr + weak.stdout).not.toContain('carla123');

        const noName = await superAdmin(['carla@club.co'], { SUPER_ADMIN_PASSWORD: PASSWORD });
        expect(noName.code).toBe(1);
        expect(noName.stderr).toContain('--name');

        const badEmail = await superAdmin(['no-es-un-correo', '--name', 'Carla Díaz'], {
          SUPER_ADMIN_PASSWORD: PASSWORD,
        });
        expect(badEmail.code).toBe(1);
        expect(badEmail.stderr).toContain('El correo no es válido');
        expect(await userCount()).toBe(before);
      },
      120_000,
    );

    /** Runs `grant` 20 times at once; the kinds of outcome and the e-mail's audit rows. */
    const twentyAtOnce = (
      email: string,
      grant: (db: DbHandle['db']) => Promise<SuperAdminOutcome>,
    ) =>
      withDb(async (handle) => {
        const outcomes = await Promise.all(Array.from({ length: 20 }, () => grant(handle.db)));
        const audit = await handle.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .innerJoin(users, eq(users.id, auditLog.targetId))
          .where(and(eq(auditLog.action, 'user.super_admin_granted'), eq(users.email, email)));
        const kinds = outcomes.map((outcome) => outcome.kind).sort();
        return { kinds, auditRows: audit.length };
      });
    const once = (kind: string) => [...Array<string>(19).fill('already'), kind].sort();

    it('makes one account and one audit row when the same creation runs 20 times at once', async () => {
      const input = { email: 'dora@club.co', name: 'Dora', lastname: 'Mora', password: PASSWORD };
      expect(await twentyAtOnce(input.email, (db) => grantSuperAdmin(db, input))).toEqual({
        kinds: once('created'),
        auditRows: 1,
      });
    }, 60_000);

    it('promotes once, with one audit row, when the same promotion runs 20 times at once', async () => {
      await withDb(async (handle) => {
        await insertAccount(handle.db, {
          name: 'Eva',
          lastname: 'Paz',
          email: 'eva@club.co',
          passwordHash: await hashPassword(PASSWORD),
        });
      });
      expect(
        await twentyAtOnce('eva@club.co', (db) => grantSuperAdmin(db, { email: 'eva@club.co' })),
      ).toEqual({ kinds: once('promoted'), auditRows: 1 });
    }, 60_000);
  });
}
