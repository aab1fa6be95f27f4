import { eq, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { formatDateTime } from '../../contract/dates.format';
import { platformMessages } from '../../contract/platform.schema';
import { reportColumns } from '../../contract/reports.schema';
import { clubs } from '../../server/db/schema/clubs';
import { users } from '../../server/db/schema/users';
import { createClub, superAdmin } from './support/clubs';
import { moneyClub } from './support/payments';
import { parseCsv } from './support/report-csv';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const download = (ctx: TestContext, token: string, path: string) =>
  ctx.request({ method: 'GET', url: `/api/admin/reports/${path}`, token });

describeEachDatabase('System reports API', (ctx) => {
  let admin: { token: string; id: number };
  let money: Awaited<ReturnType<typeof moneyClub>>;
  let quoted: { id: number };
  let archived: { id: number };

  beforeAll(async () => {
    ctx.clock.set(new Date('2026-03-10T15:00:00Z'));
    admin = await superAdmin(ctx);
    money = await moneyClub(ctx);
    const owner = await registerUser(ctx, { name: 'Olga', lastname: 'Dueña' });
    quoted = await createClub(ctx, owner.token, { name: 'Club "Halcones"; Norte' });
    const other = await registerUser(ctx, { name: 'Raúl', lastname: 'Ríos' });
    archived = await createClub(ctx, other.token, { name: 'Archivado FC' });
    await ctx.db.update(clubs).set({ status: 'archived' }).where(eq(clubs.id, archived.id));
    await ctx.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, other.id));
  });

  it('streams the clubs as CSV: BOM, header, one row per club, quoted, with its total', async () => {
    const response = await download(ctx, admin.token, 'clubs.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="reporte-clubes-2026-03-10.csv"',
    );
    expect(response.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([...reportColumns.clubs]);
    expect(response.headers['x-total-rows']).toBe('3');
    const created = new Map(
      (await ctx.db.select({ id: clubs.id, at: clubs.createdAt }).from(clubs)).map((c) => [
        c.id,
        // Instants as the wall clock of Bogotá, as Colombia writes them (never UTC).
        formatDateTime(c.at, 'America/Bogota'),
      ]),
    );
    // Owner 'María José Núñez Ríos' (registerUser's default name) of the money club: 4
    // active players (Ana, Beto, Carla, and Juan, whose payments gave him a players row:
    // migration 0023) and 5 members (owner, the 4 players).
    expect(rows.slice(1)).toEqual([
      [
        String(money.clubId),
        'Club de Pagos',
        'Activo',
        'Gratis',
        'María José Núñez Ríos',
        '4',
        '5',
        created.get(money.clubId),
      ],
      [
        String(quoted.id),
        'Club "Halcones"; Norte',
        'Activo',
        'Gratis',
        'Olga Dueña',
        '0',
        '1',
        created.get(quoted.id),
      ],
      [
        String(archived.id),
        'Archivado FC',
        'Archivado',
        'Gratis',
        'Raúl Ríos',
        '0',
        '1',
        created.get(archived.id),
      ],
    ]);
    expect(response.rawPayload.toString('utf8')).toContain('"Club ""Halcones""; Norte"');
  });

  it('filters the clubs by status', async () => {
    const response = await download(ctx, admin.token, 'clubs.csv?status=archived');
    const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    expect(response.headers['x-total-rows']).toBe('1');
    expect(rows.slice(1).map((row) => row[1])).toEqual(['Archivado FC']);
  });

  it('lists the users without any password hash, with locks and their clubs', async () => {
    const response = await download(ctx, admin.token, 'users.csv');
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload.toString('utf8');
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...reportColumns.users]);
    const all = await ctx.db.select().from(users);
    expect(rows.length - 1).toBe(all.length);
    expect(response.headers['x-total-rows']).toBe(String(all.length));
    const hashes = await ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(isNotNull(users.passwordHash));
    expect(hashes.length).toBeGreaterThan(0);
    for (const { hash } of hashes) expect(text).not.toContain(hash!);
    expect(text).not.toMatch(/\$argon2|\$2[aby]\$|scrypt/i);
    const byName = (name: string) => rows.find((row) => row[1] === name)!;
    expect(byName('Raúl Ríos').slice(3, 7)).toEqual(['Activo', 'Sí', 'No', '1']);
    expect(byName('Olga Dueña').slice(3, 7)).toEqual(['Activo', 'No', 'No', '1']);
    const adminRow = rows.find((row) => row[0] === String(admin.id))!;
    expect(adminRow.slice(4, 7)).toEqual(['No', 'Sí', '0']);

    const locked = await download(ctx, admin.token, 'users.csv?status=locked');
    const lockedRows = parseCsv(locked.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(lockedRows.map((row) => row[1])).toEqual(['Raúl Ríos']);
  });

  it('sums the payments by club and month as money-figures defines them', async () => {
    const response = await download(ctx, admin.token, 'payments.csv');
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([...reportColumns.payments]);
    expect(response.headers['x-total-rows']).toBe('2');
    const id = String(money.clubId);
    // February: billed 3 × 100.000; owed the rejected and the pending; collected the
    // record approved 28 Feb 23:30 in Bogotá. March: billed all but the cancelled
    // uniform (100 + 85 + 100 + 100 + 80 + 80 + 80 thousand); owed 100 + 45 + 100 + 80
    // + 80; collected 100.000 (1 March 00:30 Bogotá) + 40.000.
    expect(rows.slice(1)).toEqual([
      [
        id,
        'Club de Pagos',
        '2026-02',
        '300000',
        '100000',
        '200000',
        '1',
        '0',
        '0',
        '1',
        '1',
        '0',
        '0',
      ],
      [
        id,
        'Club de Pagos',
        '2026-03',
        '625000',
        '140000',
        '405000',
        '2',
        '1',
        '1',
        '1',
        '1',
        '1',
        '1',
      ],
    ]);

    const march = await download(ctx, admin.token, 'payments.csv?from=2026-03&to=2026-03');
    const marchRows = parseCsv(march.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(march.headers['x-total-rows']).toBe('1');
    expect(marchRows.map((row) => row[2])).toEqual(['2026-03']);
  });

  it('writes the same rows as XLSX, which exceljs reads back', async () => {
    const response = await download(ctx, admin.token, 'payments.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/reporte-pagos-2026-03-10\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      [...reportColumns.payments],
      [money.clubId, 'Club de Pagos', '2026-02', 300000, 100000, 200000, 1, 0, 0, 1, 1, 0, 0],
      [money.clubId, 'Club de Pagos', '2026-03', 625000, 140000, 405000, 2, 1, 1, 1, 1, 1, 1],
    ]);

    const clubsXlsx = await download(ctx, admin.token, 'clubs.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(clubsXlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1 + Number(clubsXlsx.headers['x-total-rows']));
    expect(book.worksheets[0]!.getRow(3).getCell(2).value).toBe('Club "Halcones"; Norte');
    // 'Creado' is a real date: Bogotá's wall clock, shown dd/mm/yyyy hh:mm.
    const createdCell = book.worksheets[0]!.getRow(3).getCell(8);
    expect(createdCell.value).toEqual(new Date('2026-03-10T10:00:00Z'));
    expect(createdCell.numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('reads past one batch of 500 rows without losing or repeating any', async () => {
    await ctx.db.insert(users).values(
      Array.from({ length: 520 }, (_, i) => ({
        name: `Lote${i}`,
        lastname: 'Prueba',
        email: `lote.${i}@reportes.test`,
      })),
    );
    const response = await download(ctx, admin.token, 'users.csv');
    const ids = parseCsv(response.rawPayload.toString('utf8').slice(1))
      .slice(1)
      .map((row) => Number(row[0]));
    const all = await ctx.db.select({ id: users.id }).from(users);
    expect(ids.length).toBeGreaterThan(500);
    expect(ids).toEqual(all.map((user) => user.id).sort((a, b) => a - b));
    expect(response.headers['x-total-rows']).toBe(String(all.length));
  });

  it('refuses anyone but the super admin, and bad filters by name', async () => {
    const owner = await registerUser(ctx);
    const refused = await download(ctx, owner.token, 'clubs.csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: platformMessages.superAdminOnly });
    expect(
      (await ctx.request({ method: 'GET', url: '/api/admin/reports/clubs.csv' })).statusCode,
    ).toBe(401);

    const unknown = await download(ctx, admin.token, 'players.csv');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].path).toBe('report');
    const pdf = await download(ctx, admin.token, 'clubs.pdf');
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().errors[0].path).toBe('format');
    const badStatus = await download(ctx, admin.token, 'users.csv?status=archived');
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors[0].path).toBe('status');
    const badMonth = await download(ctx, admin.token, 'payments.csv?from=2026-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().errors[0].path).toBe('from');
    const reversed = await download(ctx, admin.token, 'payments.csv?from=2026-04&to=2026-03');
    expect(reversed.statusCode).toBe(400);
    const extra = await download(ctx, admin.token, 'clubs.csv?limit=5');
    expect(extra.statusCode).toBe(400);
  });
});
