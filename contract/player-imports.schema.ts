import { z } from 'zod';
import { textSchema } from './common.schema';
import {
  type PlayerImportField,
  playerImportColumns,
  playerImportFields,
} from './player-imports.columns';

/*
 * Importing a club's players from a spreadsheet (issue #11 item 4): the columns a file may
 * carry (our template's and our export's Spanish headers, plus the usual aliases), the
 * preview the server answers, and the refusals. Endpoints under
 * /api/pla_club_teams/{id}/player-imports (players.create):
 *   GET  …/player-imports/template?format=csv|xlsx  the template (headers + one example row)
 *   POST …/player-imports/preview                   multipart `file` (+ `mapping` JSON) → preview
 *   POST …/player-imports                           the same body → the whole file in one transaction
 */

export const PLAYER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PLAYER_IMPORT_MAX_ROWS = 5_000;
/** An .xlsx is a ZIP: what its central directory may announce before anything is unpacked. */
export const PLAYER_IMPORT_MAX_UNPACKED_MB = 50;
export const PLAYER_IMPORT_MAX_ENTRIES = 500;
/** Unpacked / packed, for the parts bigger than 1 MB unpacked (a spreadsheet packs 5–30 to 1). */
export const PLAYER_IMPORT_MAX_RATIO = 100;
/** The multipart field names. */
export const PLAYER_IMPORT_FILE_FIELD = 'file';
export const PLAYER_IMPORT_MAPPING_FIELD = 'mapping';

export const playerImportMessages = {
  wholeClubOnly:
    'La importación es para quien gestiona todo el club: agrega a los jugadores de tus categorías uno por uno',
  wrongType: 'El archivo debe ser CSV o Excel (.xlsx)',
  tooLarge: 'El archivo no puede pesar más de 5 MB',
  missingFile: 'Adjunta un archivo CSV o Excel (.xlsx)',
  tooBigUnpacked: `El archivo se descomprime en más de ${PLAYER_IMPORT_MAX_UNPACKED_MB} MB: divídelo o guárdalo de nuevo como CSV`,
  tooManyEntries: `El archivo de Excel tiene más de ${PLAYER_IMPORT_MAX_ENTRIES} partes internas: guárdalo de nuevo como CSV`,
  suspiciousRatio: `El archivo de Excel se comprime más de ${PLAYER_IMPORT_MAX_RATIO} a 1, algo que una hoja de cálculo no hace: guárdalo de nuevo como CSV`,
  tooComplex:
    'El archivo es demasiado pesado de leer: divídelo en archivos más pequeños o guárdalo como CSV',
  busy: 'Hay muchas importaciones en curso: intenta de nuevo en unos minutos',
  empty: 'El archivo no tiene filas de jugadores',
  tooManyRows: `El archivo no puede tener más de ${PLAYER_IMPORT_MAX_ROWS.toLocaleString('es-CO')} filas`,
  noHeaders: 'La primera fila del archivo debe tener los nombres de las columnas',
  badMapping: 'La asignación de columnas no es válida',
  mappingUnknownHeader: 'Esa columna no está en el archivo',
  requiredUnmapped: 'Asigna una columna a este campo obligatorio',
  hasErrors:
    'El archivo tiene filas con errores: corrígelas y vuelve a subirlo. No se importó nada.',
  duplicateInFile: (rows: number[]) =>
    `Documento repetido en el archivo (filas ${rows.slice(0, -1).join(', ')} y ${rows.at(-1)})`,
  duplicateEmailInFile: (rows: number[]) =>
    `Correo repetido en el archivo (filas ${rows.slice(0, -1).join(', ')} y ${rows.at(-1)})`,
  unknownCategory: (name: string) =>
    `La categoría «${name}» no existe o no está activa en este club`,
  linkedElsewhere:
    'Ya existe una persona con este documento: se vinculará al club sin cambiar sus datos personales',
  ownProfile:
    'Tiene cuenta o está en otro club: sus datos personales los cambia ella (o su acudiente) desde su cuenta (solo se actualizan los del club)',
  /** A row whose person has an account or belongs to another club (issue #33). */
  linkRequest:
    'Esta persona ya está registrada: no se vinculará ni se cambiarán sus datos; le enviaremos una solicitud para unirse al club',
  /** A request row whose jersey another player of the file or the club wears (issue #33). */
  /** A row without category got the only active one its birth year and gender fit. */
  categoryAssigned: (name: string) => `Categoría asignada por año de nacimiento: ${name}`,
  /** A row without category that no active category fits ('2014 · Masculino'). */
  noCategoryFits: (year: string, gender: string) =>
    `Ninguna categoría corresponde a ${year} · ${gender}. Queda sin categoría`,
  /** A row without category that several active categories fit. */
  severalCategoriesFit: (names: string[]) =>
    `Varias categorías corresponden: ${names.join(', ')}. Queda sin categoría: escribe cuál en la columna Categoría`,
  requestWithoutJersey: (jersey: number) =>
    `El número de camiseta ${jersey} ya está ocupado en la categoría: la solicitud se envía sin número`,
} as const;

/** `mapping` (multipart field, JSON): the file's header for each field; null/absent = not imported. */
export const playerImportMappingSchema = z.strictObject(
  Object.fromEntries(
    playerImportFields.map((field) => [
      field,
      textSchema(`La columna de ${playerImportColumns[field].header}`)
        .max(200, 'El nombre de la columna es demasiado largo')
        .nullish(),
    ]),
  ) as Record<PlayerImportField, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  { error: 'Ese campo no existe en la importación' },
);
export type PlayerImportMapping = Partial<Record<PlayerImportField, string | null>>;

/**
 * `request`: the row names a person who has an account or belongs to another club; the
 * import does not link them (nor write their identity) but sends them a link request
 * (issue #33).
 */
export const playerImportRowStatuses = ['new', 'update', 'unchanged', 'request', 'error'] as const;
export type PlayerImportRowStatus = (typeof playerImportRowStatuses)[number];
export const playerImportRowStatusLabels: Record<PlayerImportRowStatus, string> = {
  new: 'Nuevo',
  update: 'Actualiza',
  unchanged: 'Sin cambios',
  request: 'Solicitud',
  error: 'Error',
};

/** One refusal of a row: the field (a key of `playerImportColumns`, or 'row') and why. */
export const playerImportRowErrorSchema = z.object({ field: z.string(), message: z.string() });
export type PlayerImportRowError = z.infer<typeof playerImportRowErrorSchema>;

/** One field an 'Actualiza' row changes: the column's header and the values as shown. */
export const playerImportChangeSchema = z.object({
  /** A key of `playerImportColumns`. */
  field: z.string(),
  /** The column's header ('Teléfono'). */
  label: z.string(),
  /** The stored value as the file would write it; null = empty. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type PlayerImportChange = z.infer<typeof playerImportChangeSchema>;

export const playerImportRowSchema = z.object({
  /** The 1-based line of the file (the headers are line 1). */
  row: z.number().int(),
  status: z.enum(playerImportRowStatuses),
  /** 'Ana Pérez', or what the row has of it. */
  name: z.string(),
  errors: z.array(playerImportRowErrorSchema),
  /** Something to know about a valid row (a person linked from elsewhere). */
  note: z.string().nullable(),
  /** For an 'update' row, what changes (the fields the import writes). */
  changes: z.array(playerImportChangeSchema).optional(),
});
export type PlayerImportRow = z.infer<typeof playerImportRowSchema>;

export const playerImportCountsSchema = z.object({
  new: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  request: z.number().int(),
  error: z.number().int(),
});
export type PlayerImportCounts = z.infer<typeof playerImportCountsSchema>;

export const playerImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: z.partialRecord(z.enum(playerImportFields), z.string().nullable()),
  /** The fields whose column is the one the club chose in an earlier import (absent: none). */
  remembered: z.array(z.enum(playerImportFields)).optional(),
  rows: z.array(playerImportRowSchema),
  counts: playerImportCountsSchema,
});
export type PlayerImportPreview = z.infer<typeof playerImportPreviewSchema>;
export const playerImportPreviewResponseSchema = z.object({ data: playerImportPreviewSchema });

export const playerImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Link requests sent (rows with status `request`). */
  requested: z.number().int(),
});
export type PlayerImportResult = z.infer<typeof playerImportResultSchema>;
export const playerImportResultResponseSchema = z.object({ data: playerImportResultSchema });

export const playerImportFormats = ['csv', 'xlsx'] as const;
export type PlayerImportFormat = (typeof playerImportFormats)[number];
export const playerImportTemplateQuerySchema = z.strictObject(
  {
    format: z
      .enum(playerImportFormats, { error: "El formato debe ser 'csv' o 'xlsx'" })
      .default('csv'),
  },
  { error: 'Este parámetro no existe en esta consulta' },
);

/** The path of a 422 row error: `rows.<row>.<field>`. */
export const playerImportErrorPath = (row: number, field: string) => `rows.${row}.${field}`;
