import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  type DbDriver,
  type DbHandle,
  PGLITE_OPTIONS,
  fromPglite,
  migrationsFolder,
  openDb,
} from '../../../server/db/client';
import { seedDemoIfEmpty } from '../../../server/db/seed/demo';
import { seedReference } from '../../../server/db/seed/reference';
import { seedReferenceData } from '../../../server/db/seed/reference-data';
import { isAlive } from '../../../server/lib/data-dir-lock';
import type { StoredFile } from '../../../server/storage/storage';
import { MemoryStorage } from './fakes';
import { type TemplateState, putBack, readTemplateState } from './pglite-reuse';

/** The reference-data seed, hashed with the migrations: the template holds its rows. */
const referenceDataSeed = fileURLToPath(
  new URL('../../../server/db/seed/reference-data.ts', import.meta.url),
);

/** 'pglite' always; 'postgres' too when TEST_DATABASE_URL points at a server (CI sets it). */
export const testDrivers: DbDriver[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A hash of every migration file and of the reference data: a stale template is never reused. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  hash.update(readFileSync(referenceDataSeed));
  return hash.digest('hex').slice(0, 16);
}

let templateBytes: Buffer | undefined;

/**
 * A migrated PGlite data directory holding only the reference data, as a tarball.
 * A fresh `memory://` PGlite costs ~5 s, loading this dump ~0.4 s: it is made once (by
 * whichever test file needs it first) and kept in the OS temp dir, keyed by the hash above,
 * gzipped (7 MB instead of 64 MB). Each worker unzips it once: PGlite loads the plain tar
 * in ~0.4 s and the gzipped one in ~0.7 s, a cost every suite would pay again.
 */
export async function pgliteTemplate(): Promise<Buffer> {
  if (templateBytes) return templateBytes;
  const file = path.join(os.tmpdir(), `gd-pglite-template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const client = await PGlite.create(PGLITE_OPTIONS);
    try {
      const handle = fromPglite(client);
      await handle.migrate();
      // Countries, states and ~20,000 cities take seconds to insert: once per template,
      // so each suite's seedReference finds them there and only checks.
      await seedReferenceData(handle.db);
      const dump = await client.dumpDataDir('gzip');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file); // atomic: a concurrent reader never sees half a file
    } finally {
      await client.close();
    }
  }
  templateBytes = gunzipSync(readFileSync(file));
  return templateBytes;
}

export interface TestDatabase {
  handle: DbHandle;
  /** On PostgreSQL, the throw-away database's URL (a second pool may open it). */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
function databaseUrl(name: string): string {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Arbitrary key of the advisory lock held while the PostgreSQL template is looked for or made. */
const TEMPLATE_LOCK_KEY = 47_110_816;
let postgresTemplateName: string | undefined;

/**
 * The PostgreSQL counterpart of `pgliteTemplate`: a database migrated and holding the
 * reference data, named after the same hash and kept on the server, which each suite's
 * database is copied from (`create database … template …`) instead of seeding ~20,000
 * cities again. Made once, under an advisory lock, by whichever worker comes first.
 */
async function postgresTemplate(): Promise<string> {
  if (postgresTemplateName) return postgresTemplateName;
  const name = `gd_test_template_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // Built under another name and renamed: a half-made template is never copied.
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const handle = await openDb({ url: databaseUrl(building) });
      try {
        await handle.migrate();
        await seedReferenceData(handle.db);
      } finally {
        await handle.close();
      }
      await client.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  postgresTemplateName = name;
  return name;
}

/** A migrated database of its own for one suite, holding only the reference data. */
export async function createTestDatabase(driver: DbDriver): Promise<TestDatabase> {
  if (driver === 'postgres') return copyPostgres(await postgresTemplate());
  const template = await pgliteTemplateState();
  return lendPglite(reusable.pop() ?? (await loadPglite(await pgliteTemplate())), template);
}

/** PGlite instances put back as the template was, for the worker's next suites. */
const reusable: PGlite[] = [];
let templateState: Promise<TemplateState> | undefined;

/** The template as a fresh instance of it shows it, read once per worker. */
function pgliteTemplateState(): Promise<TemplateState> {
  templateState ??= (async () => {
    const client = await loadPglite(await pgliteTemplate());
    const state = await readTemplateState(client);
    reusable.push(client);
    return state;
  })();
  return templateState;
}

/** A PGlite loaded from a data directory's tarball. */
function loadPglite(bytes: Buffer): Promise<PGlite> {
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([new Uint8Array(bytes)]) });
}

/**
 * `client` for one suite; when the suite ends it is put back as the template was, for the
 * next one, or closed when it cannot be (pglite-reuse.ts).
 */
function lendPglite(client: PGlite, template: TemplateState): TestDatabase {
  return {
    handle: fromPglite(client),
    async dispose() {
      if (await putBack(client, template)) reusable.push(client);
      else if (!client.closed) await client.close();
    },
  };
}

/** A throw-away PostgreSQL database copied from `template`. */
async function copyPostgres(template: string): Promise<TestDatabase> {
  const name = `gd_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  try {
    const url = databaseUrl(name);
    const handle = await openDb({ url });
    await handle.migrate();
    return {
      handle,
      url,
      async dispose() {
        await handle.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
}

/** A seeded demo to copy: the database (PGlite's tarball or PostgreSQL's name) and its files. */
interface DemoTemplate {
  source: Buffer | string;
  files: ReadonlyMap<string, StoredFile>;
}

const demoTemplates = new Map<DbDriver, Promise<DemoTemplate>>();

/** Names of this worker's demo templates on PostgreSQL: `gd_test_demo_<pid>_<random>`. */
const DEMO_TEMPLATE_PREFIX = 'gd_test_demo_';

/**
 * The demo club and accounts on a database of their own for one suite, and the files the
 * seed stored (the proofs of payment) for the suite's storage. Seeding takes 3–5 s (its
 * accounts, six months of payments), so each worker seeds once per engine and every demo
 * suite gets a copy, as with the reference template. The copy is made in this run, so the
 * demo's dates are today's.
 */
export async function createDemoTestDatabase(
  driver: DbDriver,
): Promise<{ database: TestDatabase; files: Map<string, StoredFile> }> {
  let template = demoTemplates.get(driver);
  if (!template) {
    template = makeDemoTemplate(driver);
    demoTemplates.set(driver, template);
    template.catch(() => demoTemplates.delete(driver));
  }
  const { source, files } = await template;
  const database =
    typeof source === 'string'
      ? await copyPostgres(source)
      : lendPglite(await loadPglite(source), await pgliteTemplateState());
  const copies = [...files].map(([key, file]): [string, StoredFile] => [
    key,
    { ...file, bytes: Buffer.from(file.bytes) },
  ]);
  return { database, files: new Map(copies) };
}

async function makeDemoTemplate(driver: DbDriver): Promise<DemoTemplate> {
  const storage = new MemoryStorage();
  if (driver === 'pglite') {
    const template = await pgliteTemplateState();
    const client = reusable.pop() ?? (await loadPglite(await pgliteTemplate()));
    const { handle, dispose } = lendPglite(client, template);
    try {
      await seedReference(handle.db);
      await seedDemoIfEmpty(handle.db, { storage });
      const dump = await client.dumpDataDir('none');
      return { source: Buffer.from(await dump.arrayBuffer()), files: storage.files };
    } finally {
      await dispose();
    }
  }

  await dropDemoTemplatesOfEndedWorkers();
  const name = `${DEMO_TEMPLATE_PREFIX}${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name} template ${await postgresTemplate()}`);
  try {
    const handle = await openDb({ url: databaseUrl(name) });
    try {
      await seedReference(handle.db);
      await seedDemoIfEmpty(handle.db, { storage });
    } finally {
      await handle.close();
    }
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
  return { source: name, files: storage.files };
}

/**
 * A worker ends without a hook to drop its demo template, so the next one drops those of
 * workers no longer running (this machine's processes: the test server is local).
 */
async function dropDemoTemplatesOfEndedWorkers(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${DEMO_TEMPLATE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(DEMO_TEMPLATE_PREFIX.length).split('_')[0]);
      if (!Number.isInteger(pid) || isAlive(pid)) continue;
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}
