import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import {
  type PlayerImportPreview,
  playerImportMessages,
  playerImportPreviewResponseSchema,
  playerImportResultResponseSchema,
} from '../../contract/player-imports.schema';
import { playerImportColumns } from '../../contract/player-imports.columns';
import { buildApp } from '../../server/app';
import { categories } from '../../server/db/schema/categories';
import { linkRequests } from '../../server/db/schema/link-requests';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { createClub, memberOf } from './support/clubs';
import { grantWholeModule } from './support/members';
import {
  FakeClock,
  MemoryMailer,
  type TestContext,
  describeEachDatabase,
  registerUser,
} from './support/test-app';

const THIS_YEAR = new Date().getUTCFullYear();
const base = (clubId: number) => `/api/pla_club_teams/${clubId}/player-imports`;
const H = playerImportColumns;

/** A multipart body with the file (and the mapping when given). */
function multipart(file: Buffer, fileName = 'jugadores.csv', mapping?: unknown) {
  const boundary = `----importacion${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  if (mapping !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const csv = (lines: string[][], separator = ',') =>
  Buffer.from(lines.map((cells) => cells.join(separator)).join('\r\n'), 'utf8');

/** Our headers for the basic columns. */
const HEADERS = [
  H.name.header,
  H.lastname.header,
  H.document_type.header,
  H.document_number.header,
  H.birth_date.header,
  H.gender.header,
  H.category.header,
  H.guardian_name.header,
  H.guardian_phone.header,
];

let documentSeed = 1_000_000;
/** A valid adult player row (CC), unique document unless given. */
function adult(overrides: Partial<Record<'name' | 'doc' | 'birth' | 'category', string>> = {}) {
  documentSeed += 1;
  return [
    overrides.name ?? 'Andrés',
    'Gómez Peña',
    'CC',
    overrides.doc ?? String(documentSeed),
    overrides.birth ?? '1995-04-12',
    'Masculino',
    overrides.category ?? 'Sub-20',
    '',
    '',
  ];
}

async function setup(ctx: TestContext) {
  const owner = await registerUser(ctx);
  const clubId = (await createClub(ctx, owner.token, { name: 'Club Importador' })).id;
  for (const [name, from] of [
    ['Sub-20', THIS_YEAR - 40],
    ['Sub-14', THIS_YEAR - 14],
    ['Sub-12 Femenino', THIS_YEAR - 12],
  ] as const) {
    const response = await ctx.request({
      method: 'POST',
      url: `/api/pla_club_teams/${clubId}/categories`,
      token: owner.token,
      body: { name, gender: 'mixed', birth_year_from: from, birth_year_to: THIS_YEAR - 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return { owner, clubId };
}

const send = (
  ctx: TestContext,
  token: string,
  url: string,
  file: Buffer,
  mapping?: unknown,
  name?: string,
) => ctx.request({ method: 'POST', url, token, ...multipart(file, name, mapping) });

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

async function imported(ctx: TestContext, token: string, clubId: number, file: Buffer) {
  const response = await send(ctx, token, base(clubId), file);
  expect(response.statusCode, response.body).toBe(201);
  return playerImportResultResponseSchema.parse(response.json()).data;
}

const rowErrors = (data: PlayerImportPreview, row: number) =>
  data.rows.find((entry) => entry.row === row)?.errors ?? [];

async function playerCount(ctx: TestContext, clubId: number) {
  return (await ctx.db.select().from(players).where(eq(players.clubId, clubId))).length;
}

describeEachDatabase('Player imports API (/api/pla_club_teams/:id/player-imports)', (ctx) => {
  it('serves the template as CSV and Excel, and each previews as one new row', async () => {
    const { owner, clubId } = await setup(ctx);
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await ctx.request({
        method: 'GET',
        url: `${base(clubId)}/template?format=${format}`,
        token: owner.token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(`plantilla-jugadores.${format}`);
      const data = await preview(ctx, owner.token, clubId, response.rawPayload);
      expect(data.headers).toContain('Número de documento');
      expect(data.mapping).toMatchObject({
        name: 'Nombre',
        document_number: 'Número de documento',
      });
      expect(data.rows).toEqual([
        { row: 2, status: 'new', name: 'Sofía Ramírez Gómez', errors: [], note: null },
      ]);
    }
    const bad = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/template?format=pdf`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('recognises aliases ignoring case and accents, reads ; and DD/MM/AAAA, and takes a mapping', async () => {
    const { owner, clubId } = await setup(ctx);
    const file = csv(
      [
        [
          'NOMBRES',
          'apellidos',
          'Tipo Documento',
          'numero de documento',
          'Fecha nacimiento',
          'SEXO',
          'categoria',
          'Nombre jugador',
        ],
        ['', 'Ruiz', 'cédula de ciudadanía', '52.123.456', '07/09/1990', 'F', 'sub 20', 'Lucía'],
      ],
      ';',
    );
    const detected = await preview(ctx, owner.token, clubId, file);
    expect(detected.mapping).toEqual({
      name: 'NOMBRES',
      lastname: 'apellidos',
      document_type: 'Tipo Documento',
      document_number: 'numero de documento',
      birth_date: 'Fecha nacimiento',
      gender: 'SEXO',
      category: 'categoria',
    });
    expect(detected.rows[0]?.errors).toEqual([
      { field: 'name', message: 'El nombre es obligatorio' },
    ]);

    const mapped = await preview(ctx, owner.token, clubId, file, {
      ...detected.mapping,
      name: 'Nombre jugador',
    });
    expect(mapped.rows[0]).toMatchObject({ status: 'new', name: 'Lucía Ruiz', errors: [] });

    const unknown = await send(ctx, owner.token, `${base(clubId)}/preview`, file, {
      name: 'No existe',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'mapping.name', message: playerImportMessages.mappingUnknownHeader },
    ]);
  });

  it('marks every bad row with its field and a Spanish reason, and documents repeated in the file', async () => {
    const { owner, clubId } = await setup(ctx);
    const future = `${THIS_YEAR + 1}-01-01`;
    const minor = `${THIS_YEAR - 10}-05-05`;
    const rows = [
      HEADERS,
      adult(), // 2
      [
        'Ana',
        'López',
        'TI',
        '10ABC45678',
        minor,
        'Femenino',
        'Sub-12 Femenino',
        'Marta',
        '3001234567',
      ], // 3
      adult({ doc: '80111222' }), // 4
      adult({ category: 'Sub-99' }), // 5
      adult({ birth: future }), // 6
      ['Pedro', 'Díaz', 'TI', '1012345678', minor, 'Masculino', 'Sub-14', '', ''], // 7
      [...adult().slice(0, 5), 'Robot', 'Sub-20', '', ''], // 8
      adult({ doc: '80111222' }), // 9
      adult({ birth: '31/02/2001' }), // 10
    ];
    const data = await preview(ctx, owner.token, clubId, csv(rows));
    expect(data.counts).toEqual({ new: 1, update: 0, unchanged: 0, request: 0, error: 8 });
    const fields = (row: number) => rowErrors(data, row).map((error) => error.field);
    expect(rowErrors(data, 3)).toEqual([
      { field: 'document_number', message: 'La tarjeta de identidad debe tener 10 u 11 dígitos' },
    ]);
    const repeated = 'Documento repetido en el archivo (filas 4 y 9)';
    expect(rowErrors(data, 4)).toEqual([{ field: 'document_number', message: repeated }]);
    expect(rowErrors(data, 9)).toEqual([{ field: 'document_number', message: repeated }]);
    expect(rowErrors(data, 5)).toEqual([
      {
        field: 'category',
        message: 'La categoría «Sub-99» no existe o no está activa en este club',
      },
    ]);
    expect(rowErrors(data, 6)).toEqual([
      { field: 'birth_date', message: 'La fecha de nacimiento no puede ser futura' },
    ]);
    expect(fields(7)).toEqual(['guardian_name', 'guardian_phone']);
    expect(rowErrors(data, 8)).toEqual([
      { field: 'gender', message: 'El género debe ser Femenino, Masculino o Otro' },
    ]);
    expect(fields(10)).toEqual(['birth_date']);
    expect(data.rows.find((row) => row.row === 2)?.status).toBe('new');
  });

  it('reads an .xlsx by its content (dates as dates), whatever its name', async () => {
    const { owner, clubId } = await setup(ctx);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hoja 1');
    sheet.addRow([
      'Nombre',
      'Apellido',
      'Tipo de documento',
      'Documento',
      'Fecha de nacimiento',
      'Género',
      'Camiseta',
    ]);
    sheet.addRow([
      'Camilo',
      'Torres',
      'CC',
      1098765432,
      new Date(Date.UTC(1999, 11, 31)),
      'Masculino',
      10,
    ]);
    sheet.addRow([]);
    sheet.addRow(['Valentina', 'Mejía', 'CC', '43555666', '1988-01-02', 'femenino', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await send(
      ctx,
      owner.token,
      `${base(clubId)}/preview`,
      bytes,
      undefined,
      'jugadores.csv',
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = playerImportPreviewResponseSchema.parse(response.json()).data;
    expect(data.rows.map(({ row, status, errors }) => ({ row, status, errors }))).toEqual([
      { row: 2, status: 'new', errors: [] },
      { row: 4, status: 'new', errors: [] },
    ]);
    expect(await imported(ctx, owner.token, clubId, bytes)).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      requested: 0,
    });
    const [camilo] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.documentNumber, '1098765432'));
    expect(camilo).toMatchObject({ birthDate: '1999-12-31', gender: 'male', passwordHash: null });
  });

  it('imports, then finds the same file unchanged, a changed row an update, and asks a person from elsewhere (issue #33)', async () => {
    const { owner, clubId } = await setup(ctx);
    const other = await setup(ctx);
    const shared = adult({ name: 'Compartido' });
    await imported(ctx, other.owner.token, other.clubId, csv([HEADERS, shared]));

    const first = [adult({ name: 'Uno' }), adult({ name: 'Dos' })];
    expect(await imported(ctx, owner.token, clubId, csv([HEADERS, ...first]))).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      requested: 0,
    });
    const changed = [...first[1]!];
    changed[6] = 'Sub-14';
    // The file renames the shared person: never written, they belong to another club.
    const renamed = [...shared];
    renamed[0] = 'Renombrado';
    const again = await preview(
      ctx,
      owner.token,
      clubId,
      csv([HEADERS, first[0]!, changed, renamed]),
    );
    expect(again.rows.map((row) => row.status)).toEqual(['unchanged', 'update', 'request']);
    expect(again.rows[2]?.note).toBe(playerImportMessages.linkRequest);
    expect(again.counts).toMatchObject({ request: 1, new: 0 });
    expect(
      await imported(ctx, owner.token, clubId, csv([HEADERS, first[0]!, changed, renamed])),
    ).toEqual({
      created: 0,
      updated: 1,
      unchanged: 1,
      requested: 1,
    });
    const sharedPeople = await ctx.db
      .select()
      .from(users)
      .where(eq(users.documentNumber, shared[3]!));
    expect(sharedPeople).toHaveLength(1);
    expect(sharedPeople[0]!.name).toBe('Compartido');
    // No membership in this club: a pending request instead.
    expect(await playerCount(ctx, clubId)).toBe(2);
    expect(await playerCount(ctx, other.clubId)).toBe(1);
    const requests = await ctx.db
      .select({ status: linkRequests.status, kind: linkRequests.kind })
      .from(linkRequests)
      .where(and(eq(linkRequests.clubId, clubId), eq(linkRequests.personId, sharedPeople[0]!.id)));
    expect(requests).toEqual([{ status: 'pending', kind: 'player' }]);
    // Importing the same file again while it waits sends nothing more.
    expect(
      await imported(ctx, owner.token, clubId, csv([HEADERS, first[0]!, changed, renamed])),
    ).toMatchObject({ requested: 0 });
  });

  it('refuses a jersey number another player of the category wears, in the club or in the file', async () => {
    const { owner, clubId } = await setup(ctx);
    const header = [...HEADERS, H.jersey_number.header];
    const wearing = [...adult({ name: 'Titular' }), '10'];
    await imported(ctx, owner.token, clubId, csv([header, wearing]));
    const rows = [
      header,
      [...adult(), '10'], // 2: the titular's number
      [...adult(), '7'], // 3
      [...adult(), '7'], // 4
      [...adult({ category: 'Sub-14' }), '10'], // 5: another category
    ];
    const data = await preview(ctx, owner.token, clubId, csv(rows));
    expect(data.rows.map((row) => row.status)).toEqual(['error', 'error', 'error', 'new']);
    expect(rowErrors(data, 2)).toEqual([
      {
        field: 'jersey_number',
        message: 'Ese número de camiseta ya lo usa otro jugador de la categoría',
      },
    ]);
    expect(rowErrors(data, 3)).toEqual([
      { field: 'jersey_number', message: 'Camiseta repetida en la categoría (filas 3 y 4)' },
    ]);
    // The titular in the file with another number frees 10 for the new player.
    const swapped = await preview(
      ctx,
      owner.token,
      clubId,
      csv([header, [...wearing.slice(0, -1), '11'], rows[1]!]),
    );
    expect(swapped.rows.map((row) => row.status)).toEqual(['update', 'new']);
  });

  it('a request row whose jersey is taken stays a request, sent without the number, with a note (issue #33)', async () => {
    const { owner, clubId } = await setup(ctx);
    const other = await setup(ctx);
    const header = [...HEADERS, H.jersey_number.header];
    const sharedA = adult({ name: 'CompartidoA' });
    const sharedB = adult({ name: 'CompartidoB' });
    await imported(ctx, other.owner.token, other.clubId, csv([HEADERS, sharedA, sharedB]));
    await imported(ctx, owner.token, clubId, csv([header, [...adult({ name: 'Titular' }), '10']]));
    const rows = [
      header,
      [...sharedA, '10'], // 2: the titular's number
      [...sharedB, '7'], // 3: the same number as the new player of row 4
      [...adult({ name: 'Nuevo' }), '7'], // 4
    ];
    const data = await preview(ctx, owner.token, clubId, csv(rows));
    expect(data.rows.map((row) => row.status)).toEqual(['request', 'request', 'new']);
    expect(data.rows.map((row) => row.errors)).toEqual([[], [], []]);
    expect(data.rows[0]?.note).toBe(
      `${playerImportMessages.linkRequest}. ${playerImportMessages.requestWithoutJersey(10)}`,
    );
    expect(data.rows[1]?.note).toContain(playerImportMessages.requestWithoutJersey(7));
    expect(data.rows[2]?.note).toBeNull();

    expect(await imported(ctx, owner.token, clubId, csv(rows))).toMatchObject({
      created: 1,
      requested: 2,
    });
    const sent = await ctx.db
      .select({ fields: linkRequests.fields })
      .from(linkRequests)
      .where(eq(linkRequests.clubId, clubId));
    expect(sent).toHaveLength(2);
    for (const { fields } of sent) {
      expect(fields.kind).toBe('player');
      const columns = fields.kind === 'player' ? fields.columns : {};
      expect(columns).toHaveProperty('categoryId');
      expect(columns).not.toHaveProperty('jerseyNumber');
    }
  });

  it('re-imports its own export without changes, players of an inactive category included', async () => {
    const { owner, clubId } = await setup(ctx);
    const minor = `${THIS_YEAR - 12}-02-03`;
    const rows = [
      adult({ name: 'Exportado' }),
      [
        'Sara',
        'Núñez',
        'TI',
        '1034567890',
        minor,
        'Femenino',
        'Sub-12 Femenino',
        'Rosa Núñez',
        '3105556677',
      ],
    ];
    await imported(ctx, owner.token, clubId, csv([HEADERS, ...rows]));
    // What the players grid's 'Exportar' downloads: the server's CSV of the whole list.
    const exported = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}/players/export?format=csv`,
      token: owner.token,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = exported.rawPayload;
    expect((await preview(ctx, owner.token, clubId, file)).counts).toEqual({
      new: 0,
      update: 0,
      unchanged: 2,
      request: 0,
      error: 0,
    });

    const [sub12] = await ctx.db
      .select()
      .from(categories)
      .where(and(eq(categories.clubId, clubId), eq(categories.name, 'Sub-12 Femenino')));
    await ctx.db.update(categories).set({ status: 'inactive' }).where(eq(categories.id, sub12!.id));
    expect((await preview(ctx, owner.token, clubId, file)).counts).toEqual({
      new: 0,
      update: 0,
      unchanged: 2,
      request: 0,
      error: 0,
    });
    const newcomer = await preview(
      ctx,
      owner.token,
      clubId,
      csv([HEADERS, adult({ category: 'Sub-12 Femenino' })]),
    );
    expect(rowErrors(newcomer, 2)).toEqual([
      {
        field: 'category',
        message: 'La categoría «Sub-12 Femenino» no existe o no está activa en este club',
      },
    ]);
  });

  it('writes nothing when one row is bad (422 with the row and field of each error)', async () => {
    const { owner, clubId } = await setup(ctx);
    const rows = [HEADERS, adult(), adult(), adult({ category: 'Inexistente' })];
    const response = await send(ctx, owner.token, base(clubId), csv(rows));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: playerImportMessages.hasErrors,
      errors: [
        {
          path: 'rows.4.category',
          message: 'Fila 4: La categoría «Inexistente» no existe o no está activa en este club',
        },
      ],
    });
    expect(await playerCount(ctx, clubId)).toBe(0);
    const docs = rows.slice(1).map((row) => row[3]!);
    expect(await ctx.db.select().from(users).where(inArray(users.documentNumber, docs))).toEqual(
      [],
    );
  });

  it('refuses what is not a CSV or Excel file, an empty one, a header alone and too many rows', async () => {
    const { owner, clubId } = await setup(ctx);
    const url = `${base(clubId)}/preview`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const fakeZip = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(64)]);
    for (const [file, name] of [
      [png, 'jugadores.csv'],
      [fakeZip, 'jugadores.xlsx'],
    ] as const) {
      const response = await send(ctx, owner.token, url, file, undefined, name);
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('El archivo debe ser CSV o Excel (.xlsx)');
    }
    for (const file of [Buffer.alloc(0), csv([HEADERS]), csv([HEADERS, ['', '', ''], []])]) {
      const response = await send(ctx, owner.token, url, file);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(playerImportMessages.empty);
    }
    const many = csv([HEADERS, ...Array.from({ length: 5_001 }, () => adult())]);
    const tooMany = await send(ctx, owner.token, url, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(playerImportMessages.tooManyRows);
    const noFile = await ctx.request({ method: 'POST', url, token: owner.token, body: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(playerImportMessages.missingFile);
  });

  it('refuses a file over 5 MB with 413, and a 50 MB upload before reading it', async () => {
    const { owner, clubId } = await setup(ctx);
    const big = Buffer.concat([csv([HEADERS]), Buffer.alloc(5 * 1024 * 1024 + 10, 'a')]);
    const response = await send(ctx, owner.token, `${base(clubId)}/preview`, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('El archivo no puede pesar más de 5 MB');

    // Over a socket: 50 MB announced, a few bytes sent; the answer comes without the rest.
    const app = buildApp({
      db: ctx.handle,
      config: ctx.config,
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve) => {
        let received = '';
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${base(clubId)}/preview HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${owner.token}\r\n` +
              `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n--x\r\n`,
          );
        });
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        setTimeout(() => socket.destroy(), 3_000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('El archivo no puede pesar más de 5 MB');
    } finally {
      await app.close();
    }
  });

  it('refuses a trainer the club lets create players: a file names any category (403)', async () => {
    const { clubId } = await setup(ctx);
    await grantWholeModule(ctx, clubId, 'Entrenador', 'players');
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const file = csv([HEADERS, adult({ name: 'Ajeno' })]);
    const refused = await send(ctx, trainer.token, `${base(clubId)}/preview`, file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: playerImportMessages.wholeClubOnly });
  });

  it('needs players.create: a trainer (players.view only) gets 403 and writes nothing', async () => {
    const { owner, clubId } = await setup(ctx);
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const file = csv([HEADERS, adult()]);
    for (const url of [`${base(clubId)}/preview`, base(clubId)]) {
      expect((await send(ctx, trainer.token, url, file)).statusCode).toBe(403);
    }
    const outsider = await registerUser(ctx);
    expect((await send(ctx, outsider.token, base(clubId), file)).statusCode).toBe(404);
    expect(await playerCount(ctx, clubId)).toBe(0);
    expect((await send(ctx, owner.token, base(clubId), file)).statusCode).toBe(201);
  });

  it('posts the same import twice at once without duplicating anyone', async () => {
    const { owner, clubId } = await setup(ctx);
    const rows = Array.from({ length: 20 }, (_, index) => adult({ name: `Doble ${index}` }));
    const file = csv([HEADERS, ...rows]);
    const [a, b] = await Promise.all([
      send(ctx, owner.token, base(clubId), file),
      send(ctx, owner.token, base(clubId), file),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const results = [a, b].map(
      (response) => playerImportResultResponseSchema.parse(response.json()).data,
    );
    expect(results.map((result) => result.created).sort()).toEqual([0, 20]);
    expect(results.map((result) => result.unchanged).sort()).toEqual([0, 20]);
    const docs = rows.map((row) => row[3]!);
    expect(
      await ctx.db.select().from(users).where(inArray(users.documentNumber, docs)),
    ).toHaveLength(20);
    expect(
      await ctx.db
        .select()
        .from(players)
        .where(and(eq(players.clubId, clubId))),
    ).toHaveLength(20);
  });
});
