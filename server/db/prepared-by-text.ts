import { createHash } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

/*
 * A second Drizzle instance over the app's pool whose every unnamed statement is sent as a
 * named one, the name drawn from a hash of its SQL text. PostgreSQL then parses and plans
 * each statement once per connection (the pool asks for generic plans, client.ts), where an
 * unnamed statement is parsed and planned on every execution: for the dashboards that was
 * most of a request's database time (0.6–1 ms of parse and bind per statement against
 * 0.1–0.3 ms of execution, bench/HISTORY.md "Dashboards").
 *
 * Only for read-only statements whose texts are few (a dashboard's: values are parameters,
 * lists of a bounded length): every text stays prepared on every connection it ran on, and
 * each runs on a generic plan, so a text whose best plan depends on its values does not
 * belong here. Statements that already carry a name (the prepared shapes) keep it.
 *
 * A name is the same for a text in every process and never names another text (128 bits
 * of SHA-1), so node-postgres never sees one name with two texts on a connection.
 */

type QueryConfig = { text: string; name?: string };

const NAME_PREFIX = 'by_text_';

/** The statement name of an SQL text. */
export const statementNameOf = (text: string): string =>
  NAME_PREFIX + createHash('sha1').update(text).digest('base64url').slice(0, 22);

const isUnnamedConfig = (config: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  !(config as QueryConfig).name;

/** The pool as Drizzle sees it, its `query` naming each unnamed statement by its text. */
function namingPool(pool: pg.Pool): pg.Pool {
  const query = (config: unknown, ...rest: unknown[]) => {
    const named = isUnnamedConfig(config)
      ? { ...config, name: statementNameOf(config.text) }
      : typeof config === 'string'
        ? { text: config, name: statementNameOf(config) }
        : config;
    return (pool.query as (...args: unknown[]) => unknown)(named, ...rest);
  };
  return new Proxy(pool, {
    get: (target, property, receiver) =>
      property === 'query' ? query : Reflect.get(target, property, receiver),
  });
}

/** A Drizzle instance over `pool` whose statements are prepared by text (see above). */
export function preparedByTextDb<TSchema extends Record<string, unknown>>(
  pool: pg.Pool,
  schema: TSchema,
) {
  return drizzlePg({ client: namingPool(pool), schema });
}
