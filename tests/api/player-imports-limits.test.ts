import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { deflateRawSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  PLAYER_IMPORT_MAX_ENTRIES,
  playerImportMessages,
  playerImportPreviewResponseSchema,
} from '../../contract/player-imports.schema';
import { playerImportColumns } from '../../contract/player-imports.columns';
import { buildApp } from '../../server/app';
import { mappingFor } from '../../server/features/player-imports/player-imports.check';
import { parseSheet } from '../../server/features/player-imports/player-imports.parse';
import { planImport } from '../../server/features/player-imports/player-imports.plan';
import { createClub } from './support/clubs';
import {
  FakeClock,
  MemoryMailer,
  type TestContext,
  describeEachDatabase,
  registerUser,
} from './support/test-app';

/*
 * Issue #33 item 4: an import cannot take the server down. A zip bomb, an .xlsx of too many
 * parts and a too-large CSV are refused cleanly; a legal 5,000-row file is read off the
 * event loop, with the same answer as before.
 */

const H = playerImportColumns;
const HEADERS = [
  H.name.header,
  H.lastname.header,
  H.document_type.header,
  H.document_number.header,
  H.birth_date.header,
  H.gender.header,
  H.category.header,
];
const base = (clubId: number) => `/api/pla_club_teams/${clubId}/player-imports`;

function multipart(file: Buffer, fileName = 'jugadores.csv') {
  const boundary = `----limites${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A CSV of `count` adults; every third one in a category the club lacks, a few repeated. */
function bigCsv(count: number): Buffer {
  const lines = [HEADERS.join(',')];
  for (let index = 0; index < count; index++) {
    const document = index % 500 === 7 ? '70000007' : String(70_000_000 + index);
    const category = index % 3 === 0 ? 'Inexistente' : 'Sub-20';
    const born = index % 11 === 0 ? '1995-13-40' : '1995-04-12';
    lines.push(
      [`Jugador ${index}`, 'Límite', 'CC', document, born, 'Masculino', category].join(','),
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

/** A real workbook (one header row), as exceljs writes it, opened for surgery. */
async function workbookZip(): Promise<JSZip> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Jugadores').addRow(HEADERS);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return JSZip.loadAsync(bytes);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (let at = 0; at < bytes.length; at++)
    crc = CRC_TABLE[(crc ^ bytes[at]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP of `files` (deflated with node:zlib: a bomb of tens of MB packs in a moment). */
function zipOf(files: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    header.copy(entry, 16, 14, 26);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The workbook whose sheet XML carries `megabytes` of blanks: packs to a few KB per MB. */
async function zipBomb(megabytes: number): Promise<Buffer> {
  const zip = await workbookZip();
  const files: [string, Buffer][] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    let data = await entry.async('nodebuffer');
    if (entry.name === 'xl/worksheets/sheet1.xml') {
      const [head, tail] = data.toString('utf8').split('<sheetData>');
      data = Buffer.concat([
        Buffer.from(`${head}<sheetData>`),
        Buffer.alloc(megabytes * 1024 * 1024, ' '),
        Buffer.from(tail!),
      ]);
    }
    files.push([entry.name, data]);
  }
  return zipOf(files);
}

/** What a raw socket got back, and whether the connection was reset before the answer. */
interface RawAnswer {
  text: string;
  reset: boolean;
}

/** Sends `head` then `body` (in 64 KB writes) on a raw socket, reads until the server closes. */
function rawRequest(
  port: number,
  head: string,
  body: Buffer,
  chunked: boolean,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let text = '';
    let reset = false;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      for (let at = 0; at < body.length; at += 64 * 1024) {
        const piece = body.subarray(at, at + 64 * 1024);
        if (chunked) socket.write(`${piece.length.toString(16)}\r\n`);
        socket.write(piece);
        if (chunked) socket.write('\r\n');
      }
      if (chunked) socket.write('0\r\n\r\n');
    });
    const timer = setTimeout(() => socket.destroy(), 20_000);
    socket.on('data', (data) => (text += data.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, reset });
    });
  });
}

const jsonOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;

describeEachDatabase('player imports: limits (issue #33 item 4)', (ctx: TestContext) => {
  let app: FastifyInstance;
  let port: number;
  let token: string;
  let clubId: number;

  beforeAll(async () => {
    app = buildApp({
      db: ctx.handle,
      config: ctx.config,
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const owner = await registerUser(ctx);
    token = owner.token;
    clubId = (await createClub(ctx, token, { name: 'Club de Límites' })).id;
    const year = new Date().getUTCFullYear();
    const category = await ctx.request({
      method: 'POST',
      url: `/api/pla_club_teams/${clubId}/categories`,
      token,
      body: {
        name: 'Sub-20',
        gender: 'mixed',
        birth_year_from: year - 40,
        birth_year_to: year - 5,
      },
    });
    expect(category.statusCode, category.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (file: Buffer, url = `${base(clubId)}/preview`) => {
    const body = multipart(file, 'jugadores.xlsx');
    return ctx.request({
      method: 'POST',
      url,
      token,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('refuses a zip bomb by its central directory (413 on file), never 415', async () => {
    const bomb = await zipBomb(60);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const url of [`${base(clubId)}/preview`, base(clubId)]) {
      const response = await send(bomb, url);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toEqual({
        message: playerImportMessages.tooBigUnpacked,
        errors: [{ path: 'file', message: playerImportMessages.tooBigUnpacked }],
      });
    }
  }, 60_000);

  it('refuses a part packed far past what a spreadsheet packs (422 on file)', async () => {
    const response = await send(await zipBomb(20));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      message: playerImportMessages.suspiciousRatio,
      errors: [{ path: 'file', message: playerImportMessages.suspiciousRatio }],
    });
  });

  it('refuses an .xlsx of too many parts (422 on file)', async () => {
    const zip = await workbookZip();
    for (let index = 0; index < PLAYER_IMPORT_MAX_ENTRIES; index++)
      zip.file(`xl/media/parte${index}.txt`, 'x');
    const response = await send(await zip.generateAsync({ type: 'nodebuffer' }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      message: playerImportMessages.tooManyEntries,
      errors: [{ path: 'file', message: playerImportMessages.tooManyEntries }],
    });
  });

  it('still refuses a broken .xlsx as not a spreadsheet (415)', async () => {
    const zip = await zipBomb(0);
    const response = await send(zip.subarray(0, zip.length - 30));
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().message).toBe(playerImportMessages.wrongType);
  });

  for (const chunked of [false, true]) {
    it(`answers a 6.8 MB CSV with a clean 413 over a socket (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const filler = Buffer.alloc(
        6.8 * 1024 * 1024,
        'Relleno,Largo,CC,1,1995-04-12,Masculino,Sub-20\n',
      );
      const body = multipart(Buffer.concat([Buffer.from(`${HEADERS.join(',')}\n`), filler]));
      const head =
        `POST ${base(clubId)}/preview HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${body.contentType}\r\n` +
        (chunked
          ? 'Transfer-Encoding: chunked\r\n\r\n'
          : `Content-Length: ${body.payload.length}\r\n\r\n`);
      const answer = await rawRequest(port, head, body.payload, chunked);
      expect(answer.reset).toBe(false);
      expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(jsonOf(answer.text)).toEqual({
        message: playerImportMessages.tooLarge,
        errors: [{ path: 'file', message: playerImportMessages.tooLarge }],
      });
    });
  }

  it('previews a legal 5,000-row file as before (the same plan as read on the spot)', async () => {
    const file = bigCsv(5_000);
    const response = await send(file);
    expect(response.statusCode, response.body).toBe(200);
    const data = playerImportPreviewResponseSchema.parse(response.json()).data;

    // The same file read, checked and planned in this thread, without the worker.
    const sheet = await parseSheet(file);
    const mapping = mappingFor(sheet, undefined);
    const plan = await planImport(ctx.db, clubId, sheet, mapping);
    expect(data).toEqual({
      headers: sheet.headers,
      mapping,
      rows: plan.rows.map(({ row, status, name, errors, note }) => ({
        row,
        status,
        name,
        errors,
        note,
      })),
      counts: plan.counts,
    });
    expect(data.rows).toHaveLength(5_000);
    expect(data.counts.error).toBeGreaterThan(1_000);
    expect(data.counts.new).toBeGreaterThan(1_000);
  }, 120_000);

  it('answers /api/health sent during a 5,000-row preview before the preview', async () => {
    const body = multipart(bigCsv(5_000));
    const head =
      `POST ${base(clubId)}/preview HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${body.contentType}\r\nContent-Length: ${body.payload.length}\r\nConnection: close\r\n\r\n`;
    const order: string[] = [];
    const preview = net.connect(port, '127.0.0.1');
    const health = net.connect(port, '127.0.0.1');
    await Promise.all(
      [preview, health].map((socket) => new Promise((resolve) => socket.once('connect', resolve))),
    );
    const answered = (socket: net.Socket, name: string) =>
      new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (data) => {
          text += data.toString('utf8');
          if (!order.includes(name) && text.includes('\r\n\r\n')) order.push(name);
        });
        socket.on('close', () => resolve(text));
      });
    const previewAnswer = answered(preview, 'preview');
    const healthAnswer = answered(health, 'health');
    // All but the last bytes of the preview; then its end and the health request together.
    preview.write(head);
    preview.write(body.payload.subarray(0, -8));
    await new Promise((resolve) => setTimeout(resolve, 200));
    preview.write(body.payload.subarray(-8));
    health.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const [previewText, healthText] = await Promise.all([previewAnswer, healthAnswer]);
    expect(previewText).toMatch(/^HTTP\/1\.1 200 /);
    expect(healthText).toMatch(/^HTTP\/1\.1 200 /);
    expect(order).toEqual(['health', 'preview']);
  }, 120_000);
});
