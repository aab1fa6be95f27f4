/**
 * kill -9 during a players CSV import (bench/crash.ts): `POST …/player-imports` with a
 * file of new adult players. player-imports.write.ts writes the whole file in ONE
 * transaction (persons, Jugador memberships, players), so a crash leaves every row of the
 * file or none, and importing the file again creates what is missing and nobody twice.
 *
 * On PostgreSQL the script holds a SHARE lock on `players`: the server's transaction has
 * inserted the persons and waits to insert their Jugador memberships (whose trigger
 * updates `players`) when the kill comes.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { type CrashClub, nextMonth, rowsOf, seedCrashClub } from './crash.db';
import type { Check, Scenario } from './crash.run';
import { type Call, okJson } from './crash.server';

/** The file's document numbers: CC 80000000 + row. */
const FIRST_DOCUMENT = 80_000_000;

/** A CSV of `rows` adults without a category, as the template's headers name them. */
function playersCsv(rows: number): Buffer {
  const header = 'Nombre,Apellido,Tipo de documento,Número de documento,Fecha de nacimiento,Género';
  const lines = Array.from({ length: rows }, (_, index) =>
    [
      `Jugadora ${index}`,
      'Importada Crash',
      'CC',
      String(FIRST_DOCUMENT + index),
      '1995-08-20',
      'Femenino',
    ].join(','),
  );
  return Buffer.from([header, ...lines].join('\r\n'));
}

function upload(call: Call, clubId: number, file: Buffer) {
  const boundary = `----crash${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jugadores.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call('POST', `/pla_club_teams/${clubId}/player-imports`, {
    body,
    contentType: `multipart/form-data; boundary=${boundary}`,
  });
}

async function checkImport(handle: DbHandle, clubId: number, rows: number): Promise<Check> {
  const documents = sql`document_type = 'CC' and document_number::bigint between ${FIRST_DOCUMENT} and ${FIRST_DOCUMENT + rows - 1}`;
  const [s] = await rowsOf<{ persons: number; distinct: number; members: number; players: number }>(
    handle,
    sql`with imported as (select id, document_number from users where ${documents})
        select (select count(*)::int from imported) as persons,
               (select count(distinct document_number)::int from imported) as distinct,
               (select count(*)::int from club_memberships m join imported i on i.id = m.user_id
                 where m.club_id = ${clubId}
                   and m.role_id = (select id from roles where name = 'Jugador')) as members,
               (select count(*)::int from players p join imported i on i.id = p.user_id
                 where p.club_id = ${clubId}) as players`,
  );
  const { persons, distinct, members, players } = s!;
  const same = persons === members && members === players;
  const stored = same && persons === 0 ? 'none' : same && persons === rows ? 'all' : 'part';
  return {
    stored,
    summary: `${persons} persons (${persons - distinct} documents twice), ${members} Jugador memberships, ${players} players of ${rows} rows`,
    failures: [
      ...(persons !== distinct ? [`${persons - distinct} persons twice`] : []),
      ...(stored === 'part' ? ['half imported'] : []),
    ],
  };
}

/** A file of `rows` new players imported in one request. */
export function importScenario(rows: number): Scenario<CrashClub> {
  const file = playersCsv(rows);
  return {
    name: `players CSV import (${rows} rows)`,
    seed: (handle) =>
      seedCrashClub(handle, { players: 0, charges: 0, period: nextMonth(new Date()) }),
    write: (call, { clubId }) => upload(call, clubId, file),
    middle: () => ({
      hold: 'lock table players in share mode',
      statement: 'the memberships insert (its trigger writes players)',
    }),
    async redo(call, { clubId }) {
      const answer = await okJson<{ data: { created: number } }>(
        'import',
        await upload(call, clubId, file),
      );
      return answer.data.created;
    },
    check: (handle, { clubId }) => checkImport(handle, clubId, rows),
  };
}
