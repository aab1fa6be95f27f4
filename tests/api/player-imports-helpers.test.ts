import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  playerImportMessages,
  playerImportPreviewResponseSchema,
  playerImportResultResponseSchema,
} from '../../contract/player-imports.schema';
import { playerImportMappings } from '../../server/db/schema/player-imports';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { createClub } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #34 item 4, the import's helps: a row without category gets the only one its
 * birth year and gender fit; guardian columns map themselves; the club's changed mapping
 * is remembered; an 'Actualiza' row says what changes.
 */

const Y = new Date().getUTCFullYear();
const base = (clubId: number) => `/api/pla_club_teams/${clubId}/player-imports`;

function multipart(file: Buffer, mapping?: unknown) {
  const boundary = `----ayudas${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  if (mapping !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jugadores.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const csv = (lines: string[][]) =>
  Buffer.from(lines.map((cells) => cells.join(',')).join('\r\n'), 'utf8');

let seed = 1_100_000_000 + (Date.now() % 1_000_000);
const doc = () => String((seed += 1));

async function setup(ctx: TestContext) {
  const owner = await registerUser(ctx);
  const clubId = (await createClub(ctx, owner.token, { name: 'Club Ayudas' })).id;
  const ids: Record<string, number> = {};
  for (const [name, gender, from, to, status] of [
    ['Sub-12', 'mixed', Y - 12, Y - 11, 'active'],
    ['Sub-12 Antigua', 'mixed', Y - 12, Y - 11, 'inactive'],
    ['Sub-14 Femenino', 'female', Y - 14, Y - 13, 'active'],
    ['Sub-14 Masculino', 'male', Y - 14, Y - 13, 'active'],
    ['Escuela', 'mixed', Y - 9, Y - 5, 'active'],
    ['Semillero', 'mixed', Y - 8, Y - 7, 'active'],
  ] as const) {
    const response = await ctx.request({
      method: 'POST',
      url: `/api/pla_club_teams/${clubId}/categories`,
      token: owner.token,
      body: { name, gender, birth_year_from: from, birth_year_to: to, status },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[name] = (response.json() as { data: { id: number } }).data.id;
  }
  return { owner, clubId, ids };
}

const send = (ctx: TestContext, token: string, url: string, file: Buffer, mapping?: unknown) =>
  ctx.request({ method: 'POST', url, token, ...multipart(file, mapping) });

async function preview(
  ctx: TestContext,
  token: string,
  clubId: number,
  file: Buffer,
  mapping?: unknown,
) {
  const response = await send(ctx, token, `${base(clubId)}/preview`, file, mapping);
  expect(response.statusCode, response.body).toBe(200);
  return playerImportPreviewResponseSchema.parse(response.json()).data;
}

async function imported(
  ctx: TestContext,
  token: string,
  clubId: number,
  file: Buffer,
  mapping?: unknown,
) {
  const response = await send(ctx, token, base(clubId), file, mapping);
  expect(response.statusCode, response.body).toBe(201);
  return playerImportResultResponseSchema.parse(response.json()).data;
}

async function categoryOf(ctx: TestContext, clubId: number, number: string) {
  const [row] = await ctx.db
    .select({ categoryId: players.categoryId })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(and(eq(players.clubId, clubId), eq(users.documentNumber, number)));
  expect(row, number).toBeDefined();
  return row!.categoryId;
}

/** Guardian columns as a school writes them; no category column. */
const SCHOOL = [
  'Nombres',
  'Apellidos',
  'Tipo doc',
  'T.I.',
  'F. nacimiento',
  'Sexo',
  'Nombre acudiente',
  'Celular acudiente',
  'Email acudiente',
  'Parentesco',
];
const child = (name: string, number: string, born: string, gender: string) => [
  name,
  'Pruebas',
  'TI',
  number,
  born,
  gender,
  'Marta Pruebas',
  '300 111 2222',
  `acudiente${number}@correo.test`,
  'Madre',
];

describeEachDatabase('Player imports: the helps (issue #34 item 4)', (ctx) => {
  it('maps guardian headers itself and gives a row without category the only one that fits', async () => {
    const { owner, clubId, ids } = await setup(ctx);
    const docs = [doc(), doc(), doc(), doc(), doc()];
    const file = csv([
      SCHOOL,
      child('Ana', docs[0]!, `${Y - 13}-03-15`, 'F'),
      child('Beto', docs[1]!, `15/06/${Y - 11}`, 'Otro'),
      child('Caro', docs[2]!, `${Y - 8}-01-10`, 'Femenino'),
      child('Dani', docs[3]!, `${Y - 20}-01-10`, 'Masculino'),
      child('Eva', docs[4]!, `${Y - 6}-01-10`, 'F'),
    ]);
    const data = await preview(ctx, owner.token, clubId, file);
    expect(data.mapping).toEqual({
      name: 'Nombres',
      lastname: 'Apellidos',
      document_type: 'Tipo doc',
      document_number: 'T.I.',
      birth_date: 'F. nacimiento',
      gender: 'Sexo',
      guardian_name: 'Nombre acudiente',
      guardian_phone: 'Celular acudiente',
      guardian_email: 'Email acudiente',
      guardian_relationship: 'Parentesco',
    });
    expect(data.counts).toMatchObject({ new: 5, error: 0 });
    expect(data.rows.map((row) => row.note)).toEqual([
      playerImportMessages.categoryAssigned('Sub-14 Femenino'),
      // 'Otro' fits the mixed category only; the inactive one does not count.
      playerImportMessages.categoryAssigned('Sub-12'),
      playerImportMessages.severalCategoriesFit(['Escuela', 'Semillero']),
      playerImportMessages.noCategoryFits(String(Y - 20), 'Masculino'),
      playerImportMessages.categoryAssigned('Escuela'),
    ]);

    expect(await imported(ctx, owner.token, clubId, file)).toMatchObject({ created: 5 });
    expect(await categoryOf(ctx, clubId, docs[0]!)).toBe(ids['Sub-14 Femenino']);
    expect(await categoryOf(ctx, clubId, docs[1]!)).toBe(ids['Sub-12']);
    expect(await categoryOf(ctx, clubId, docs[2]!)).toBeNull();
    expect(await categoryOf(ctx, clubId, docs[3]!)).toBeNull();
    expect(await categoryOf(ctx, clubId, docs[4]!)).toBe(ids.Escuela);
    const [guardian] = await ctx.db
      .select({ name: players.guardianName, relationship: players.guardianRelationship })
      .from(players)
      .where(eq(players.categoryId, ids['Sub-14 Femenino']!));
    expect(guardian).toEqual({ name: 'Marta Pruebas', relationship: 'mother' });
  });

  it('a blank category cell: a new row gets the one that fits, a player keeps theirs', async () => {
    const { owner, clubId, ids } = await setup(ctx);
    const headers = [...SCHOOL, 'Categoría'];
    const kept = doc();
    await imported(
      ctx,
      owner.token,
      clubId,
      csv([headers, [...child('Fito', kept, `${Y - 13}-02-02`, 'M'), 'Sub-14 Masculino']]),
    );
    // A blank cell never clears a player's category (it was 'Sub-14 Masculino').
    const fresh = doc();
    const data = await preview(
      ctx,
      owner.token,
      clubId,
      csv([
        headers,
        [...child('Fito', kept, `${Y - 13}-02-02`, 'M'), ''],
        [...child('Gabi', fresh, `${Y - 13}-02-02`, 'M'), ''],
      ]),
    );
    expect(data.rows.map((row) => [row.status, row.note])).toEqual([
      ['unchanged', null],
      ['new', playerImportMessages.categoryAssigned('Sub-14 Masculino')],
    ]);
    expect(data.rows[0]!.changes).toBeUndefined();
    expect(await categoryOf(ctx, clubId, kept)).toBe(ids['Sub-14 Masculino']);
  });

  it("an 'Actualiza' row lists each field it changes, old and new, as the file writes them", async () => {
    const { owner, clubId } = await setup(ctx);
    const headers = [...SCHOOL, 'Categoría', 'Dorsal'];
    const number = doc();
    const first = [...child('Hugo', number, `${Y - 13}-04-20`, 'M'), 'Sub-14 Masculino', '7'];
    const other = [...child('Iván', doc(), `${Y - 13}-05-20`, 'M'), 'Sub-14 Masculino', ''];
    await imported(ctx, owner.token, clubId, csv([headers, first, other]));
    const changed = [...first];
    changed[7] = '300 999 8888';
    changed[8] = 'nuevo@correo.test';
    changed[10] = 'Sub-12';
    changed[11] = '';
    changed[4] = `21/04/${Y - 11}`;
    const data = await preview(ctx, owner.token, clubId, csv([headers, changed, other]));
    expect(data.rows.map((row) => row.status)).toEqual(['update', 'unchanged']);
    expect(data.rows[0]!.changes).toEqual([
      {
        field: 'birth_date',
        label: 'Fecha de nacimiento',
        from: `20/04/${Y - 13}`,
        to: `21/04/${Y - 11}`,
      },
      { field: 'category', label: 'Categoría', from: 'Sub-14 Masculino', to: 'Sub-12' },
      { field: 'jersey_number', label: 'Camiseta', from: '7', to: null },
      {
        field: 'guardian_phone',
        label: 'Teléfono del acudiente',
        from: '300 111 2222',
        to: '300 999 8888',
      },
      {
        field: 'guardian_email',
        label: 'Correo del acudiente',
        from: `acudiente${number}@correo.test`,
        to: 'nuevo@correo.test',
      },
    ]);
    expect(data.rows[1]!.changes).toBeUndefined();
  });

  it('remembers the mapping a club changed, for its next file with those headers only', async () => {
    const { owner, clubId } = await setup(ctx);
    const other = await setup(ctx);
    const headers = [
      'Nombre',
      'Apellido',
      'Tipo de documento',
      'Documento',
      'Nacimiento',
      'Sexo',
      'Cel. mamá',
      'Celular',
    ];
    const row = (number: string) => [
      'Juan',
      'Memoria',
      'CC',
      number,
      '1990-01-01',
      'M',
      '301 222 3333',
      '310 444 5555',
    ];
    const offered = await preview(ctx, owner.token, clubId, csv([headers, row(doc())]));
    expect(offered.mapping).toMatchObject({ phone: 'Celular' });
    expect(offered.mapping.guardian_phone).toBeUndefined();

    // Importing with what was offered remembers nothing.
    await imported(ctx, owner.token, clubId, csv([headers, row(doc())]), offered.mapping);
    const stored = () =>
      ctx.db
        .select({ key: playerImportMappings.headerKey, field: playerImportMappings.field })
        .from(playerImportMappings)
        .where(eq(playerImportMappings.clubId, clubId));
    expect(await stored()).toEqual([]);

    // A preview with a changed mapping is not an import: nothing remembered yet.
    const chosen = { ...offered.mapping, guardian_phone: 'Cel. mamá', phone: null };
    await preview(ctx, owner.token, clubId, csv([headers, row(doc())]), chosen);
    expect(await stored()).toEqual([]);
    await imported(ctx, owner.token, clubId, csv([headers, row(doc())]), chosen);
    expect(await stored()).toEqual(
      expect.arrayContaining([
        { key: 'celmama', field: 'guardian_phone' },
        { key: 'celular', field: null },
      ]),
    );

    // The next file (other order, other spelling of the same header) gets it pre-filled.
    const next = [
      'CEL MAMA',
      'Nombre',
      'Apellido',
      'Tipo de documento',
      'Documento',
      'Nacimiento',
      'Sexo',
      'Celular',
    ];
    const again = await preview(
      ctx,
      owner.token,
      clubId,
      csv([next, ['301 222 3333', ...row(doc()).slice(0, 6), '310 444 5555']]),
    );
    expect(again.mapping).toMatchObject({ guardian_phone: 'CEL MAMA', name: 'Nombre' });
    expect(again.mapping.phone).toBeUndefined();
    expect(again.remembered).toEqual(['guardian_phone']);
    // Without those headers the aliases stand; another club has its own memory.
    const plain = await preview(
      ctx,
      owner.token,
      clubId,
      csv([headers.slice(0, 6).concat('Teléfono'), [...row(doc()).slice(0, 6), '310 444 5555']]),
    );
    expect(plain.mapping).toMatchObject({ phone: 'Teléfono' });
    expect(plain.remembered).toBeUndefined();
    const elsewhere = await preview(
      ctx,
      other.owner.token,
      other.clubId,
      csv([headers, row(doc())]),
    );
    expect(elsewhere.mapping).toMatchObject({ phone: 'Celular' });
    expect(elsewhere.mapping.guardian_phone).toBeUndefined();
  });
});
