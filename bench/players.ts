/**
 * The players the bench lists (issue #11, "Speed and scale"), written by set-based SQL
 * (`generate_series`, one statement per batch) on PGlite and PostgreSQL alike:
 *
 * - the demo club is filled up to 10,000 players (persons, Jugador memberships and
 *   players rows spread over its six categories, birth dates and genders that fit them,
 *   a guardian for each, one in 17 inactive, one in 100 without a players row yet, as an
 *   invited player has none);
 * - with `million`, 5,000 more clubs of 200 players each (four categories per club):
 *   1,000,000 players the demo club's queries must not wade through.
 *
 * Idempotent on a kept database: each part is skipped when it is already there.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { DEMO_CLUB_NAME } from '../server/db/seed/demo-accounts';

export const DEMO_CLUB_PLAYERS = 10_000;
export const OTHER_CLUBS = 5_000;
export const PLAYERS_PER_OTHER_CLUB = 200;
const OTHER_CLUB_PREFIX = 'Club Bench ';
/** Clubs per statement while writing the million (40,000 players each). */
const CLUBS_PER_BATCH = 200;

/** Comma-separated words. */
const list = (words: string) => words.split(',');
const boys = list(
  'Santiago,Matías,Sebastián,Nicolás,Samuel,Tomás,Martín,Andrés,Julián,Emiliano,Jerónimo,Simón,Juan José,Joaquín,Maximiliano,David,Isaac,Esteban,Jacobo,Ángel,Óscar,Juan Pablo,Felipe',
);
const girls = list(
  'Valentina,Sofía,Mariana,Isabella,Salomé,Luciana,Antonella,Gabriela,María José,Daniela,Sara,Manuela,Verónica,Juliana,Natalia,Ximena,Laura,Camila,Lucía,Mía,Ángela',
);
const surnames = list(
  'Gómez,Rodríguez,Martínez,García,López,Hernández,Pérez,Sánchez,Ramírez,Díaz,Muñoz,Álvarez,Jiménez,Ríos,Castaño,Zuluaga,Giraldo,Ochoa,Peña,Cárdenas,Quintero,Ibáñez,Valencia,Córdoba,Suárez,Montaño,Agudelo,Bermúdez,Osorio,Úsuga,Arango,Mejía,Restrepo,Henao,Londoño,Cañas,Echeverri,Zapata,Vélez,Betancur,Toro',
);
const guardians = list(
  'Luz Marina,Claudia,Adriana,Paola,Diana,Jorge,Hernán,Fabián,Germán,Álvaro,Wílmar,Édgar',
);
const positions = list('Portero,Defensa,Lateral,Mediocampista,Volante,Delantero');

/** A constant text array (our own words: no quote to escape). */
const words = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]::text[]`);
const pick = (values: readonly string[], index: string) =>
  sql`(${words(values)})[1 + (${sql.raw(index)}) % ${sql.raw(String(values.length))}]`;

/** What the bench's players scenarios ask for. */
export interface BenchPlayers {
  clubId: number;
  /** A category of the demo club holding about a sixth of its players. */
  categoryId: number;
  /** A search term: a surname shared by some hundreds of the club's players. */
  term: string;
  players: number;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Players for the clubs chosen by `clubs` (a query of `club_id, first_category, categories,
 * first_doc, want`): `want` players each, numbered from `first_doc` in their documents.
 * Person, membership and players row in one statement (data-modifying CTEs).
 */
function insertPlayers(clubs: ReturnType<typeof sql>, roleId: number) {
  return sql`
    with chosen as (${clubs}),
    wanted as (
      select c.club_id, c.first_doc + n as doc, n,
             c.first_category + (n % c.categories) as category_id
        from chosen c, generate_series(0, c.want - 1) as n
    ),
    person as (
      select w.*, k.gender as category_gender,
             k.birth_year_from + (w.n / 7) % (coalesce(k.birth_year_to, k.birth_year_from + 1) - k.birth_year_from + 1) as birth_year
        from wanted w join categories k on k.id = w.category_id
    ),
    new_users as (
      insert into users (name, lastname, document_type, document_number, birth_date, gender, phone, created_at)
      select case when category_gender = 'female' or (category_gender = 'mixed' and n % 2 = 1)
                  then ${pick(girls, 'doc / 3')} else ${pick(boys, 'doc / 3')} end,
             ${pick(surnames, 'doc * 7')} || ' ' || ${pick(surnames, 'doc / 41')},
             'TI', doc::text,
             make_date(birth_year, 1 + n % 12, 1 + n % 28),
             case when category_gender = 'female' or (category_gender = 'mixed' and n % 2 = 1)
                  then 'female' else 'male' end,
             '300' || lpad((doc % 10000000)::text, 7, '0'),
             now() - make_interval(days => (n % 900)::int)
        from person
      returning id, document_number, created_at
    ),
    numbered as (
      select u.id, u.created_at, p.*
        from new_users u join person p on p.doc = u.document_number::bigint
    ),
    members as (
      insert into club_memberships (user_id, club_id, role_id, created_at)
      select id, club_id, ${roleId}, created_at from numbered
    )
    insert into players (club_id, user_id, category_id, status, position, jersey_number,
                         enrollment_date, guardian_name, guardian_phone, guardian_relationship)
    select club_id, id, category_id,
           case when n % 17 = 5 then 'inactive' else 'active' end,
           ${pick(positions, 'n')}, 1 + n % 30, (created_at at time zone 'America/Bogota')::date,
           ${pick(guardians, 'doc / 5')} || ' ' || ${pick(surnames, 'doc / 11')},
           '310' || lpad((doc % 10000000)::text, 7, '0'),
           case when doc % 2 = 0 then 'mother' else 'father' end
      from numbered
     where n % 100 <> 99`;
}

/** Fills the demo club up to 10,000 players and, with `million`, writes the other clubs. */
export async function seedBenchPlayers(
  handle: DbHandle,
  options: { million: boolean; log?: (line: string) => void },
): Promise<BenchPlayers> {
  const { db } = handle;
  const log = options.log ?? (() => undefined);
  const [role] = rowsOf(await db.execute(sql`select id from roles where name = 'Jugador'`));
  const [club] = rowsOf(
    await db.execute(sql`select id from pla_club_teams where name = ${DEMO_CLUB_NAME}`),
  );
  if (!role || !club) throw new Error('Run the reference and demo seeds first');
  const roleId = Number(role.id);
  const clubId = Number(club.id);
  const countPlayers = async () =>
    Number(
      rowsOf(
        await db.execute(
          sql`select count(*) as n from club_memberships where club_id = ${clubId} and role_id = ${roleId}`,
        ),
      )[0]!.n,
    );

  const started = performance.now();
  const missing = DEMO_CLUB_PLAYERS - (await countPlayers());
  if (missing > 0) {
    await db.execute(
      insertPlayers(
        sql`select ${clubId}::int as club_id, min(id) as first_category, count(*)::int as categories,
                   2000000000::bigint as first_doc, ${missing}::int as want
              from categories where club_id = ${clubId}`,
        roleId,
      ),
    );
    log(`demo club: ${missing} players written in ${Math.round(performance.now() - started)} ms`);
  }

  if (options.million) await seedOtherClubs(handle, roleId, log);
  // Statistics for the planner and the visibility map for index-only scans, as autovacuum would.
  await db.execute(sql`vacuum analyze`);

  // The category with the most players, and a surname some hundreds of them carry.
  const [category] = rowsOf(
    await db.execute(
      sql`select category_id, count(*) as n from players where club_id = ${clubId}
           and category_id is not null group by category_id order by n desc, category_id limit 1`,
    ),
  );
  return {
    clubId,
    categoryId: Number(category!.category_id),
    term: 'gómez',
    players: await countPlayers(),
  };
}

/** 5,000 clubs × 200 players (PostgreSQL: minutes, not for PGlite), batch by batch. */
async function seedOtherClubs(handle: DbHandle, roleId: number, log: (line: string) => void) {
  const { db } = handle;
  const prefix = `${OTHER_CLUB_PREFIX}%`;
  const existing = Number(
    rowsOf(
      await db.execute(sql`select count(*) as n from pla_club_teams where name like ${prefix}`),
    )[0]!.n,
  );
  if (existing >= OTHER_CLUBS) return;
  if (existing > 0)
    throw new Error('A partial million is in the database: drop it and start again');
  const started = performance.now();
  await db.execute(sql`
    with c as (
      insert into pla_club_teams (name)
      select ${OTHER_CLUB_PREFIX} || lpad(g::text, 4, '0') from generate_series(1, ${OTHER_CLUBS}) g
      returning id
    )
    insert into categories (club_id, name, gender, birth_year_from, birth_year_to)
    select c.id, 'Sub-' || (8 + 2 * k), case when k = 3 then 'mixed' else 'male' end,
           extract(year from now())::int - 8 - 2 * k, extract(year from now())::int - 7 - 2 * k
      from c, generate_series(0, 3) k
     order by c.id, k`);
  for (let first = 1; first <= OTHER_CLUBS; first += CLUBS_PER_BATCH) {
    await db.execute(
      insertPlayers(
        sql`select t.id as club_id, min(k.id) as first_category, count(*)::int as categories,
                   3000000000::bigint + (substr(t.name, ${OTHER_CLUB_PREFIX.length + 1})::int) * 1000 as first_doc,
                   ${PLAYERS_PER_OTHER_CLUB}::int as want
              from pla_club_teams t join categories k on k.club_id = t.id
             where t.name like ${prefix}
               and substr(t.name, ${OTHER_CLUB_PREFIX.length + 1})::int between ${first} and ${first + CLUBS_PER_BATCH - 1}
             group by t.id, t.name`,
        roleId,
      ),
    );
    const done = Math.min(OTHER_CLUBS, first + CLUBS_PER_BATCH - 1);
    log(
      `other clubs: ${done * PLAYERS_PER_OTHER_CLUB} players in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
}
