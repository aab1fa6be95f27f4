import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { apiErrorSchema } from '../../../contract/api-error.schema';
import { clubIdParamsSchema } from '../../../contract/common.schema';
import {
  PLAYER_IMPORT_FILE_FIELD,
  PLAYER_IMPORT_MAPPING_FIELD,
  PLAYER_IMPORT_MAX_BYTES,
  playerImportMessages,
  playerImportPreviewResponseSchema,
  playerImportResultResponseSchema,
  playerImportTemplateQuerySchema,
} from '../../../contract/player-imports.schema';
import type { ClubRoute } from '../../auth/require-club-permission';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { categoryScopeOf } from '../players/player-scope';
import type { ImportUpload, PlayerImportsService } from './player-imports.service';

const security = [{ bearerAuth: [] }];
const tags = ['players'];
const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  503: apiErrorSchema,
};

/** The multipart envelope around the file: boundaries, part headers and the mapping. */
const ENVELOPE_BYTES = 128 * 1024;

const fileError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new AppError(status, message, { errors: [{ path: PLAYER_IMPORT_FILE_FIELD, message }], headers });

// The client is told the connection ends with this answer.
const tooLarge = () => fileError(413, playerImportMessages.tooLarge, { connection: 'close' });

/** What is read and thrown away of a too-large body so that its 413 reaches the client. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * Reads the rest of the request and throws it away (at most DRAIN_MAX_BYTES, for at most
 * DRAIN_MAX_MS). Closing a connection whose body is still arriving makes the kernel answer
 * with a reset, and a client still sending loses the 413 with it (browsers and fetch show
 * "connection reset"); once the body has ended, the close is clean.
 */
function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

/**
 * A body announced larger than the file limit is refused before it is parsed (after the
 * club guard, so an anonymous caller still gets 401): read and thrown away when it is a
 * few MB, so that the answer arrives; answered at once when it is absurdly large.
 */
async function refuseLargeBody(request: FastifyRequest) {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > PLAYER_IMPORT_MAX_BYTES + ENVELOPE_BYTES) {
    if (length <= DRAIN_MAX_BYTES) await drainBody(request);
    throw tooLarge();
  }
}

/** The `file` part (at most PLAYER_IMPORT_MAX_BYTES, streamed) and the optional `mapping` field. */
async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw fileError(400, playerImportMessages.missingFile);
  let bytes: Buffer | undefined;
  let mapping: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === PLAYER_IMPORT_FILE_FIELD && bytes === undefined)
          bytes = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === PLAYER_IMPORT_MAPPING_FIELD && typeof part.value === 'string') {
        mapping = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      await drainBody(request);
      throw tooLarge();
    }
    // A second file, too many parts or a broken body: the file, when it came, still counts.
    if (!bytes) throw fileError(400, playerImportMessages.missingFile);
  }
  if (!bytes) throw fileError(400, playerImportMessages.missingFile);
  return { bytes, mapping };
}

/** Importing players from CSV or Excel (issue #11 item 4), behind players.create in the club. */
export const playerImportsRoutes: FastifyPluginAsyncZod<{
  playerImports: PlayerImportsService;
  db: Db;
  clubRoute: ClubRoute;
}> = async (app, { playerImports, db, clubRoute }) => {
  /**
   * A file names any category of the club: someone who adds players only as a trainer
   * (a club that gave trainers players.create) adds them one by one, in their categories.
   */
  const wholeClubOnly: preHandlerAsyncHookHandler = async (request) => {
    if (await categoryScopeOf(db, request, 'players.create')) {
      throw new AppError(403, playerImportMessages.wholeClubOnly);
    }
  };
  // Multipart bodies only in this plugin: one file of at most 5 MB and the mapping.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PLAYER_IMPORT_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 64 * 1024,
      parts: 10,
    },
  });

  const uploadRoute = () => {
    const guarded = clubRoute('players.create');
    return {
      ...guarded,
      onRequest: [...guarded.onRequest, refuseLargeBody],
      preHandler: wholeClubOnly,
      bodyLimit: PLAYER_IMPORT_MAX_BYTES + ENVELOPE_BYTES,
    };
  };

  app.get(
    '/pla_club_teams/:id/player-imports/template',
    {
      ...clubRoute('players.create'),
      schema: {
        tags,
        summary: 'La plantilla de importación de jugadores (CSV o Excel) con una fila de ejemplo',
        security,
        params: clubIdParamsSchema,
        querystring: playerImportTemplateQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await playerImports.template(request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.bytes);
    },
  );

  app.post(
    '/pla_club_teams/:id/player-imports/preview',
    {
      ...uploadRoute(),
      schema: {
        tags,
        summary:
          'Revisa un archivo CSV o Excel de jugadores (multipart: file, mapping opcional) sin guardar nada',
        security,
        consumes: ['multipart/form-data'],
        params: clubIdParamsSchema,
        response: { 200: playerImportPreviewResponseSchema, ...refusals },
      },
    },
    // Already JSON (encoded in the import worker, with the schema's fields): sent as it is,
    // which Fastify does with a string of a JSON type. The cast is for the type provider,
    // which types send() after the schema's object.
    async (request, reply) => {
      const json = await playerImports.preview(request.params.id, await readUpload(request));
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '/pla_club_teams/:id/player-imports',
    {
      ...uploadRoute(),
      schema: {
        tags,
        summary:
          'Importa un archivo CSV o Excel de jugadores en una sola transacción (todo o nada; 422 si alguna fila tiene errores)',
        security,
        consumes: ['multipart/form-data'],
        params: clubIdParamsSchema,
        // 409 plan_limit: the file would take the club past its plan's active players.
        response: {
          201: playerImportResultResponseSchema,
          409: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await playerImports.importFile(
          request.params.id,
          await readUpload(request),
          currentUserOf(request).id,
        ),
      }),
  );
};
