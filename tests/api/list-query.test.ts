import { randomUUID } from 'node:crypto';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LIST_UNKNOWN_PARAMETER,
  listQuerySchema,
  listResponseSchema,
} from '../../contract/common.schema';
import { users } from '../../server/db/schema/users';
import {
  applyList,
  byName,
  listClauses,
  pageWithTotal,
  totalCount,
} from '../../server/lib/list-query';
import type { Db } from '../../server/db/client';
import { createTestDatabase, testDrivers, type TestDatabase } from './support/databases';

/** Just a migrated database: these helpers need no app. */
interface TestContext {
  readonly db: Db;
}

/** `body` once per test driver, on its own migrated database. */
function describeEachDatabase(name: string, body: (ctx: TestContext) => void) {
  for (const driver of testDrivers) {
    describe(`${name} [${driver}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(driver);
      });
      afterAll(async () => {
        await database?.dispose();
      });
      body({
        get db() {
          if (!database) throw new Error('The test database is not ready');
          return database.handle.db;
        },
      });
    });
  }
}

/*
 * The one list contract's helpers on both databases: the zod query, and the SQL the
 * server builds from it (accent-aware sort and search, stable pages, the total). The
 * rows are users of a domain only this test uses.
 */

const peopleQuery = listQuerySchema({
  sortable: ['name', 'email'],
  defaultSort: 'name',
});

async function addPeople(ctx: TestContext, people: [name: string, lastname: string][]) {
  const domain = `${randomUUID().slice(0, 8)}.lista.test`;
  await ctx.db.insert(users).values(
    people.map(([name, lastname], index) => ({
      name,
      lastname,
      email: `p${String(index).padStart(2, '0')}@${domain}`,
      passwordHash: 'x',
    })),
  );
  return domain;
}

/** One page of the domain's people, as a service would list them. */
async function listPeople(ctx: TestContext, domain: string, rawQuery: Record<string, string>) {
  const query = peopleQuery.parse(rawQuery);
  const ofDomain = like(users.email, `%@${domain}`);
  const clauses = listClauses(
    query,
    {
      sortKeys: { name: [byName(users.lastname), byName(users.name)], email: [users.email] },
      searchColumns: [users.name, users.lastname, users.email],
      id: users.id,
    },
    ofDomain,
  );
  const rows = await applyList(
    ctx.db
      .select({ id: users.id, name: users.name, lastname: users.lastname, total: totalCount() })
      .from(users)
      .$dynamic(),
    clauses,
  );
  return pageWithTotal(rows, clauses, async () => {
    const [counted] = await ctx.db.select({ n: count() }).from(users).where(clauses.where);
    return counted?.n ?? 0;
  });
}

const lastnames = (page: { rows: { lastname: string }[] }) => page.rows.map((row) => row.lastname);

describe('listQuerySchema', () => {
  it('defaults to page 1 of 25 sorted ascending by the default field', () => {
    expect(peopleQuery.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: { field: 'name', direction: 'asc' },
    });
  });

  it('reads "-field" as descending and trims the search, an empty one being none', () => {
    expect(peopleQuery.parse({ sort: '-email', q: '  ana  ', page: '3', pageSize: '10' })).toEqual({
      page: 3,
      pageSize: 10,
      sort: { field: 'email', direction: 'desc' },
      q: 'ana',
    });
    expect(peopleQuery.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('refuses each bad parameter on its own field with a Spanish message', () => {
    const result = peopleQuery.safeParse({
      page: '0',
      pageSize: '7',
      sort: 'password',
      q: 'x'.repeat(101),
    });
    const issues = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toEqual({
      page: 'La página debe ser 1 o mayor',
      pageSize: 'El tamaño de página debe ser 10, 25, 50, 100',
      sort: "El orden debe ser uno de: name, email (con '-' delante para descendente)",
      q: 'La búsqueda no puede tener más de 100 caracteres',
    });
  });

  it('refuses a parameter the list does not have, on its own name', () => {
    const result = peopleQuery.safeParse({ per_page: '10', search: 'ana', page: '2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'unrecognized_keys',
        keys: ['per_page', 'search'],
        message: LIST_UNKNOWN_PARAMETER,
      }),
    ]);
  });

  it('keeps the resource filters and answers { data, total }', () => {
    const withFilter = listQuerySchema({
      sortable: ['name'],
      defaultSort: '-name',
      filters: { status: z.enum(['activo', 'inactivo']).optional() },
    });
    expect(withFilter.parse({ status: 'activo' })).toMatchObject({
      status: 'activo',
      sort: { field: 'name', direction: 'desc' },
    });
    expect(withFilter.safeParse({ status: 'borrado' }).error?.issues[0]?.path).toEqual(['status']);
    const answer = listResponseSchema(z.string());
    expect(answer.safeParse({ data: ['a'], total: -1 }).success).toBe(false);
    expect(answer.parse({ data: ['a'], total: 1 })).toEqual({ data: ['a'], total: 1 });
  });
});

describeEachDatabase('list query helpers (server/lib/list-query.ts)', (ctx) => {
  it('sorts names with accents where people expect them: "Álvarez" before "Zapata"', async () => {
    const domain = await addPeople(ctx, [
      ['Mario', 'Zapata'],
      ['Zoe', 'Álvarez'],
      ['Ana', 'Dueña'],
      ['Bruno', 'Álvarez'],
      ['Eva', 'Ñuflo'],
    ]);

    const ascending = await listPeople(ctx, domain, {});
    const descending = await listPeople(ctx, domain, { sort: '-name' });

    expect(lastnames(ascending)).toEqual(['Álvarez', 'Álvarez', 'Dueña', 'Ñuflo', 'Zapata']);
    expect(ascending.rows.slice(0, 2).map((row) => row.name)).toEqual(['Bruno', 'Zoe']);
    expect(lastnames(descending)).toEqual(['Zapata', 'Ñuflo', 'Dueña', 'Álvarez', 'Álvarez']);
    expect(ascending.total).toBe(5);
  });

  it('searches ignoring case and accents, with % and _ as plain characters', async () => {
    const domain = await addPeople(ctx, [
      ['Érika', 'Álvarez'],
      ['Ana', 'Núñez'],
      ['Luis', 'Pérez_100%'],
    ]);

    expect(lastnames(await listPeople(ctx, domain, { q: 'alvarez' }))).toEqual(['Álvarez']);
    expect(lastnames(await listPeople(ctx, domain, { q: 'ÉRIKA' }))).toEqual(['Álvarez']);
    expect(lastnames(await listPeople(ctx, domain, { q: 'NUNEZ' }))).toEqual(['Núñez']);
    expect(lastnames(await listPeople(ctx, domain, { q: '_100%' }))).toEqual(['Pérez_100%']);
    const none = await listPeople(ctx, domain, { q: 'a%z' });
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it('pages equal names in a stable order: no row twice, none missing', async () => {
    const domain = await addPeople(
      ctx,
      Array.from({ length: 23 }, () => ['Ana', 'Gómez'] as [string, string]),
    );

    const pages = await Promise.all(
      [1, 2, 3].map((page) => listPeople(ctx, domain, { page: String(page), pageSize: '10' })),
    );

    const ids = pages.flatMap((page) => page.rows.map((row) => row.id));
    expect(pages.map((page) => page.rows.length)).toEqual([10, 10, 3]);
    expect(new Set(ids).size).toBe(23);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(pages.map((page) => page.total)).toEqual([23, 23, 23]);
  });

  it('counts the matches even for a page past the end', async () => {
    const domain = await addPeople(ctx, [
      ['Ana', 'Uno'],
      ['Ana', 'Dos'],
      ['Beto', 'Tres'],
    ]);

    const beyond = await listPeople(ctx, domain, { q: 'ana', page: '4', pageSize: '10' });

    expect(beyond).toEqual({ rows: [], total: 2 });
  });
});
