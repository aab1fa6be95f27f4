import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { playerImportColumns, playerImportFields } from '../../contract/player-imports.columns';
import { playerImportPreviewResponseSchema } from '../../contract/player-imports.schema';
import { playerListResponseSchema } from '../../contract/players.schema';
import { eq } from 'drizzle-orm';
import { categories } from '../../server/db/schema/categories';
import { discounts } from '../../server/db/schema/money';
import { users } from '../../server/db/schema/users';
import { EXPORT_BATCH } from '../../server/lib/list-export';
import { createClub, memberOf, superAdmin } from './support/clubs';
import { MARCH_10, addCharge, addPayment } from './support/payments';
import { parseCsv } from './support/report-csv';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #34 item 3: every grid exports its whole filtered, sorted list from the server, as
 * CSV for Excel in es-CO (BOM, ';') and as .xlsx with real numbers and dates; the players
 * export re-imports as '0 nuevos · N sin cambios'. The files are also read by Python's
 * csv module, a reader that is not ours.
 */

const THIS_YEAR = new Date().getUTCFullYear();
const PLAYERS = 30;
/** The imported players and the family's adult player. */
const LISTED = PLAYERS + 1;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A multipart body with the file, as the import's form sends it. */
function multipart(file: Buffer, fileName: string) {
  const boundary = `----exportacion${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A CSV field as a spreadsheet writes it (quoted when needed). */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Player n of the import file: every column the import reads, minors with a guardian. */
function playerLine(n: number): Record<(typeof playerImportFields)[number], string> {
  const minor = n > 25;
  const nn = String(n).padStart(2, '0');
  return {
    name: `Jugador ${nn}`,
    lastname: n === 7 ? 'Pérez; "el Siete"' : `Apellido ${nn}`,
    document_type: minor ? 'TI' : 'CC',
    document_number: minor ? `10${String(n).padStart(8, '0')}` : String(52_000_000 + n),
    birth_date: minor ? `${THIS_YEAR - 12}-03-0${n - 25}` : `1995-04-${10 + (n % 19)}`,
    gender: n % 2 ? 'Femenino' : 'Masculino',
    phone: n === 3 ? '+57 300 1234567' : `30012345${nn}`,
    email: minor ? '' : `jugador${nn}@example.com`,
    category: 'Sub-20',
    status: n === 30 ? 'Inactivo' : 'Activo',
    position: 'Delantero',
    dominant_foot: 'Izquierdo',
    jersey_number: String(n),
    enrollment_date: '2026-01-15',
    payment_modality: 'Mensual',
    eps: 'Sura',
    blood_type: 'O+',
    allergies: n === 5 ? 'Polen;\nmaní' : '',
    emergency_contact_name: 'Rosa Gómez',
    emergency_contact_phone: '3109876543',
    guardian_name: minor ? 'Marta Ruiz' : '',
    guardian_phone: minor ? '3105556677' : '',
    guardian_email: minor ? `acudiente${nn}@example.com` : '',
    guardian_relationship: minor ? 'Madre' : '',
  };
}

function importFile(): Buffer {
  const lines: string[][] = [playerImportFields.map((each) => playerImportColumns[each].header)];
  for (let n = 1; n <= PLAYERS; n++) {
    const line = playerLine(n);
    lines.push(playerImportFields.map((each) => line[each]));
  }
  return Buffer.from(lines.map((cells) => cells.map(field).join(',')).join('\r\n'));
}

/** The rows of an export as Python's csv module reads them (';', 'utf-8-sig'). */
function pythonRows(file: Buffer): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gd-export-'));
  try {
    const name = path.join(dir, 'export.csv');
    writeFileSync(name, file);
    const script =
      "import csv, json, sys\nwith open(sys.argv[1], encoding='utf-8-sig', newline='') as f:\n    print(json.dumps(list(csv.reader(f, delimiter=';'))))";
    return JSON.parse(
      execFileSync('python3', ['-c', script, name], { encoding: 'utf8' }),
    ) as string[][];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** LibreOffice, when installed (.ci/run installs it): a spreadsheet that is not ours. */
const soffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * `file` opened by LibreOffice Calc and saved as CSV (';', UTF-8), read back with Python:
 * what a spreadsheet shows in each cell. A CSV is opened as ';'-separated UTF-8.
 */
function libreOfficeRows(file: Buffer, type: 'csv' | 'xlsx'): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'gd-soffice-'));
  try {
    const input = path.join(dir, `export.${type}`);
    writeFileSync(input, file);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        ...(type === 'csv' ? ['--infilter=CSV:59,34,76,1'] : []),
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):59,34,76,1',
        '--outdir',
        path.join(dir, 'out'),
        input,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    return pythonRows(readFileSync(path.join(dir, 'out', 'export.csv')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An export's bytes; the file name is checked against `fileName`. */
async function download(ctx: TestContext, token: string, url: string, fileName?: RegExp) {
  const response = await ctx.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  if (fileName) expect(response.headers['content-disposition']).toMatch(fileName);
  return response.rawPayload;
}

/** A CSV export's rows (header first), read by our parser after checking the BOM. */
async function csvRows(ctx: TestContext, token: string, url: string) {
  const file = await download(ctx, token, url);
  expect(file.subarray(0, 3).equals(BOM)).toBe(true);
  return parseCsv(file.subarray(3).toString('utf8'));
}

async function workbookOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describeEachDatabase('grid exports', (ctx) => {
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let family: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let clubId: number;
  const club = () => `/api/pla_club_teams/${clubId}`;

  beforeAll(async () => {
    ctx.clock.set(MARCH_10);
    owner = await registerUser(ctx);
    admin = await superAdmin(ctx);
    clubId = (await createClub(ctx, owner.token, { name: 'Club Exportador' })).id;
    const sub20 = await ctx.request({
      method: 'POST',
      url: `${club()}/categories`,
      token: owner.token,
      body: { name: 'Sub-20', gender: 'mixed', birth_year_from: THIS_YEAR - 40 },
    });
    expect(sub20.statusCode, sub20.body).toBe(201);
    await ctx.db.insert(categories).values(
      Array.from({ length: 29 }, (_, i) => ({
        clubId,
        name: `Categoría ${String(i + 1).padStart(2, '0')}`,
        gender: 'mixed' as const,
        birthYearFrom: 2000 + (i % 20),
      })),
    );
    const imported = await ctx.request({
      method: 'POST',
      url: `${club()}/player-imports`,
      token: owner.token,
      ...multipart(importFile(), 'jugadores.csv'),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const listed = playerListResponseSchema.parse(
      (
        await ctx.request({
          method: 'GET',
          url: `${club()}/players?pageSize=100`,
          token: owner.token,
        })
      ).json(),
    );
    expect(listed.total).toBe(PLAYERS);
    const charge = await addCharge(ctx, clubId, 'Mensualidad', 120_000);
    for (let i = 1; i < 30; i++) await addCharge(ctx, clubId, `Cobro ${i}`, 1_000 * i);
    for (const [index, player] of listed.data.entries()) {
      await addPayment(ctx, clubId, {
        userId: player.id,
        chargeId: charge,
        period: '2026-03',
        due: '2026-03-05',
        base: 120_000 + index,
        status: index % 3 ? 'pending' : 'paid',
        ...(index % 3 ? {} : { paid: 120_000 + index }),
      });
    }
    // An adult player with an account: a family that sees only its own payments.
    family = await memberOf(ctx, clubId, 'Jugador');
    await ctx.db
      .update(users)
      .set({
        documentType: 'CC',
        documentNumber: '79111222',
        birthDate: '1990-06-01',
        gender: 'male',
      })
      .where(eq(users.id, family.id));
    await addPayment(ctx, clubId, {
      userId: family.id,
      chargeId: charge,
      period: '2026-03',
      due: '2026-03-05',
      base: 99_000,
      status: 'pending',
    });
    await ctx.db.insert(discounts).values(
      Array.from({ length: 30 }, (_, i) => ({
        clubId,
        name: `Descuento ${String(i + 1).padStart(2, '0')}`,
        kind: i % 2 ? ('percentage' as const) : ('fixed' as const),
        value: i % 2 ? 10 : 5_000,
      })),
    );
  });

  it('exports every player, not the page, as CSV for Excel in es-CO that Python reads too', async () => {
    const file = await download(
      ctx,
      owner.token,
      `${club()}/players/export?format=csv`,
      /^attachment; filename="jugadores-2026-03-10\.csv"$/,
    );
    expect(file.subarray(0, 3).equals(BOM)).toBe(true);
    const rows = pythonRows(file);
    expect(rows[0]).toEqual(playerImportFields.map((each) => playerImportColumns[each].header));
    expect(rows).toHaveLength(LISTED + 1);
    expect(parseCsv(file.subarray(3).toString('utf8'))).toEqual(rows);
    const seven = rows.find((row) => row[0] === 'Jugador 07')!;
    expect(seven[1]).toBe('Pérez; "el Siete"');
    expect(seven[4]).toBe('17/04/1995');
    expect(seven[13]).toBe('15/01/2026');
    expect(rows.find((row) => row[0] === 'Jugador 05')![17]).toBe('Polen;\nmaní');
    // A text a spreadsheet would run as a formula starts with an apostrophe.
    expect(rows.find((row) => row[0] === 'Jugador 03')![6]).toBe("'+57 300 1234567");
    const minor = rows.find((row) => row[0] === 'Jugador 27')!;
    expect(minor.slice(20)).toEqual([
      'Marta Ruiz',
      '3105556677',
      'acudiente27@example.com',
      'Madre',
    ]);
  });

  it('honours the list filters and sort', async () => {
    const female = await csvRows(
      ctx,
      owner.token,
      `${club()}/players/export?format=csv&gender=female&sort=-name`,
    );
    // The players sort by last name, then name.
    const names = female.slice(1).map((row) => `${row[1]} ${row[0]}`);
    expect(names).toHaveLength(15);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'es')));
    const searched = await csvRows(ctx, owner.token, `${club()}/players/export?q=jugador%2012`);
    expect(searched.slice(1).map((row) => row[0])).toEqual(['Jugador 12']);
    const bad = await ctx.request({
      method: 'GET',
      url: `${club()}/players/export?format=pdf`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("El formato debe ser 'csv' o 'xlsx'");
  });

  it('re-imports its players export unchanged: 0 new, N unchanged (CSV and XLSX)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await download(ctx, owner.token, `${club()}/players/export?format=${format}`);
      const response = await ctx.request({
        method: 'POST',
        url: `${club()}/player-imports/preview`,
        token: owner.token,
        ...multipart(file, `jugadores.${format}`),
      });
      expect(response.statusCode, response.body).toBe(200);
      const preview = playerImportPreviewResponseSchema.parse(response.json()).data;
      expect(
        preview.rows.flatMap((row) => row.errors),
        format,
      ).toEqual([]);
      expect(preview.counts, format).toEqual({
        new: 0,
        update: 0,
        unchanged: LISTED,
        request: 0,
        error: 0,
      });
    }
  });

  it('writes money as numbers and days as real dates in the XLSX', async () => {
    const file = await download(
      ctx,
      owner.token,
      `${club()}/payments/export?format=xlsx&sort=-amount_due`,
      /pagos-2026-03-10\.xlsx/,
    );
    const sheet = await workbookOf(file);
    expect(sheet.getRow(1).getCell(1).value).toBe('Jugador');
    expect(sheet.actualRowCount).toBe(PLAYERS + 2);
    const top = sheet.getRow(2);
    expect(top.getCell(12).value).toBe(120_029);
    expect(top.getCell(12).numFmt).toContain('#,##0');
    expect(top.getCell(9).value).toEqual(new Date(Date.UTC(2026, 2, 5)));
    expect(top.getCell(9).numFmt).toBe('dd/mm/yyyy');
    const csv = await csvRows(ctx, owner.token, `${club()}/payments/export?sort=-amount_due`);
    expect(csv[1]![11]).toBe('120029');
    expect(csv[1]![8]).toBe('05/03/2026');
  });

  // On PGlite only: three cold LibreOffice starts take seconds each and read files whose
  // cells the XLSX and CSV tests above check on both engines.
  it.skipIf(!soffice || ctx.driver === 'postgres')(
    'opens in LibreOffice Calc with numbers and dd/mm/aaaa dates',
    async () => {
      const url = `${club()}/payments/export?sort=-amount_due&format=`;
      const fromXlsx = libreOfficeRows(await download(ctx, owner.token, `${url}xlsx`), 'xlsx');
      expect(fromXlsx).toHaveLength(PLAYERS + 2);
      expect(fromXlsx[1]![8]).toBe('05/03/2026');
      // A number in a money format ('$ 120,029' in LibreOffice's default English locale).
      expect(fromXlsx[1]![11]).toMatch(/^\$ ?120[.,]029$/);
      const fromCsv = libreOfficeRows(await download(ctx, owner.token, `${url}csv`), 'csv');
      expect(fromCsv).toHaveLength(PLAYERS + 2);
      expect(fromCsv[0]![0]).toBe('Jugador');
      expect(fromCsv[1]![11]).toBe('120029');
      const players = libreOfficeRows(
        await download(ctx, owner.token, `${club()}/players/export?q=jugador%2007`),
        'csv',
      );
      expect(players[1]!.slice(0, 2)).toEqual(['Jugador 07', 'Pérez; "el Siete"']);
    },
  );

  it('lets a family export only its own payments', async () => {
    const own = await csvRows(ctx, family.token, `${club()}/payments/export`);
    expect(own.slice(1).map((row) => row[11])).toEqual(['99000']);
    const outsider = await registerUser(ctx);
    const refused = await ctx.request({
      method: 'GET',
      url: `${club()}/payments/export`,
      token: outsider.token,
    });
    expect(refused.statusCode).toBe(404);
    const player = await ctx.request({
      method: 'GET',
      url: `${club()}/members/export`,
      token: family.token,
    });
    expect(player.statusCode).toBe(403);
  });

  it('reads past one batch of the list without losing or repeating a row', async () => {
    await ctx.db.insert(users).values(
      Array.from({ length: EXPORT_BATCH }, (_, i) => ({
        name: `Masivo ${i}`,
        lastname: 'Lote',
        email: `masivo${i}@example.com`,
      })),
    );
    const answer = await ctx.request({
      method: 'GET',
      url: '/api/admin/users?pageSize=10',
      token: admin.token,
    });
    const { total } = answer.json() as { total: number };
    expect(total).toBeGreaterThan(EXPORT_BATCH);
    const rows = pythonRows(await download(ctx, admin.token, '/api/admin/users/export?sort=email'));
    const ids = rows.slice(1).map((row) => Number(row[0]));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const emails = rows
      .slice(1)
      .map((row) => row[3]!)
      .filter((email) => email.startsWith('masivo'));
    expect(emails).toEqual([...emails].sort());
  });

  it('exports every row of every grid, as many as the list counts', async () => {
    const lists: [string, string, number][] = [
      [`${club()}/players`, owner.token, LISTED],
      [`${club()}/payments`, owner.token, PLAYERS + 1],
      [`${club()}/charges`, owner.token, 30],
      [`${club()}/categories`, owner.token, 30],
      [`${club()}/discounts`, owner.token, 30],
      [`${club()}/members`, owner.token, PLAYERS + 2],
      [`${club()}/trainers`, owner.token, 0],
      ['/api/admin/users', admin.token, PLAYERS + 3],
      ['/api/admin/clubs', admin.token, 1],
      ['/api/admin/audit-log', admin.token, 0],
      ['/api/admin/communications', admin.token, 0],
      ['/api/admin/blog-posts', admin.token, 0],
    ];
    for (const [list, token, atLeast] of lists) {
      const answer = await ctx.request({ method: 'GET', url: `${list}?pageSize=10`, token });
      expect(answer.statusCode, answer.body).toBe(200);
      const { total } = answer.json() as { total: number };
      expect(total, list).toBeGreaterThanOrEqual(atLeast);
      for (const format of ['csv', 'xlsx'] as const) {
        const response = await ctx.request({
          method: 'GET',
          url: `${list}/export?format=${format}`,
          token,
        });
        expect(response.statusCode, `${list} ${response.body.slice(0, 200)}`).toBe(200);
        expect(response.headers['x-total-rows'], list).toBe(String(total));
        const rows =
          format === 'csv'
            ? pythonRows(response.rawPayload).length - 1
            : (await workbookOf(response.rawPayload)).actualRowCount - 1;
        expect(rows, `${list} ${format}`).toBe(total);
      }
    }
  });
});
