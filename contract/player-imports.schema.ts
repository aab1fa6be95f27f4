import { z } from 'zod';
import { textSchema } from './common.schema';
import { personStatusLabels } from './people.schema';
import type { Player } from './players.schema';
import { personGenderLabels } from './profile.schema';

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
/** The multipart field names. */
export const PLAYER_IMPORT_FILE_FIELD = 'file';
export const PLAYER_IMPORT_MAPPING_FIELD = 'mapping';

export const playerImportMessages = {
  wholeClubOnly:
    'La importación es para quien gestiona todo el club: agrega a los jugadores de tus categorías uno por uno',
  wrongType: 'El archivo debe ser CSV o Excel (.xlsx)',
  tooLarge: 'El archivo no puede pesar más de 5 MB',
  missingFile: 'Adjunta un archivo CSV o Excel (.xlsx)',
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
    'Tiene cuenta: sus datos personales los cambia ella desde su perfil (solo se actualizan los del club)',
} as const;

/** One column of the import: the header we write and the headers we also recognise. */
export interface PlayerImportColumn {
  header: string;
  aliases: readonly string[];
  required: boolean;
}

/**
 * Every field a file may carry, in the template's order. The headers are the ones the
 * template and the players grid's CSV export write; each is recognised ignoring case,
 * accents, spaces and punctuation, as are its aliases.
 */
export const playerImportColumns = {
  name: { header: 'Nombre', aliases: ['Nombres', 'Primer nombre'], required: true },
  lastname: { header: 'Apellido', aliases: ['Apellidos'], required: true },
  document_type: {
    header: 'Tipo de documento',
    aliases: ['Tipo documento', 'Tipo doc', 'Tipo de identificación'],
    required: true,
  },
  document_number: {
    header: 'Número de documento',
    aliases: ['Documento', 'Número documento', 'No. documento', 'Identificación', 'Cédula'],
    required: true,
  },
  birth_date: {
    header: 'Fecha de nacimiento',
    aliases: ['Nacimiento', 'Fecha nacimiento', 'F. nacimiento'],
    required: true,
  },
  gender: { header: 'Género', aliases: ['Sexo'], required: true },
  phone: { header: 'Teléfono', aliases: ['Celular', 'Móvil'], required: false },
  email: { header: 'Correo electrónico', aliases: ['Correo', 'Email', 'E-mail'], required: false },
  category: { header: 'Categoría', aliases: [], required: false },
  status: { header: 'Estado', aliases: [], required: false },
  position: { header: 'Posición', aliases: [], required: false },
  dominant_foot: { header: 'Pie dominante', aliases: ['Pie'], required: false },
  jersey_number: {
    header: 'Camiseta',
    aliases: ['Número de camiseta', 'Dorsal'],
    required: false,
  },
  enrollment_date: {
    header: 'Fecha de inscripción',
    aliases: ['Inscripción', 'Fecha inscripción'],
    required: false,
  },
  payment_modality: { header: 'Modalidad de pago', aliases: ['Modalidad'], required: false },
  eps: { header: 'EPS', aliases: [], required: false },
  blood_type: { header: 'Tipo de sangre', aliases: ['RH', 'Grupo sanguíneo'], required: false },
  allergies: { header: 'Alergias', aliases: [], required: false },
  emergency_contact_name: {
    header: 'Contacto de emergencia',
    aliases: ['Nombre contacto de emergencia'],
    required: false,
  },
  emergency_contact_phone: {
    header: 'Teléfono de emergencia',
    aliases: ['Teléfono contacto de emergencia'],
    required: false,
  },
  guardian_name: { header: 'Acudiente', aliases: ['Nombre del acudiente'], required: false },
  guardian_phone: { header: 'Teléfono del acudiente', aliases: [], required: false },
  guardian_email: { header: 'Correo del acudiente', aliases: [], required: false },
  guardian_relationship: {
    header: 'Parentesco',
    aliases: ['Parentesco del acudiente'],
    required: false,
  },
} as const satisfies Record<string, PlayerImportColumn>;

export type PlayerImportField = keyof typeof playerImportColumns;
export const playerImportFields = Object.keys(playerImportColumns) as [
  PlayerImportField,
  ...PlayerImportField[],
];

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

export const playerImportRowStatuses = ['new', 'update', 'unchanged', 'error'] as const;
export type PlayerImportRowStatus = (typeof playerImportRowStatuses)[number];
export const playerImportRowStatusLabels: Record<PlayerImportRowStatus, string> = {
  new: 'Nuevo',
  update: 'Actualiza',
  unchanged: 'Sin cambios',
  error: 'Error',
};

/** One refusal of a row: the field (a key of `playerImportColumns`, or 'row') and why. */
export const playerImportRowErrorSchema = z.object({ field: z.string(), message: z.string() });
export type PlayerImportRowError = z.infer<typeof playerImportRowErrorSchema>;

export const playerImportRowSchema = z.object({
  /** The 1-based line of the file (the headers are line 1). */
  row: z.number().int(),
  status: z.enum(playerImportRowStatuses),
  /** 'Ana Pérez', or what the row has of it. */
  name: z.string(),
  errors: z.array(playerImportRowErrorSchema),
  /** Something to know about a valid row (a person linked from elsewhere). */
  note: z.string().nullable(),
});
export type PlayerImportRow = z.infer<typeof playerImportRowSchema>;

export const playerImportCountsSchema = z.object({
  new: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type PlayerImportCounts = z.infer<typeof playerImportCountsSchema>;

export const playerImportPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: z.partialRecord(z.enum(playerImportFields), z.string().nullable()),
  rows: z.array(playerImportRowSchema),
  counts: playerImportCountsSchema,
});
export type PlayerImportPreview = z.infer<typeof playerImportPreviewSchema>;
export const playerImportPreviewResponseSchema = z.object({ data: playerImportPreviewSchema });

export const playerImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
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

/** What a row of the players list holds that the import reads back. */
export type PlayerExportSource = Pick<
  Player,
  | 'name'
  | 'lastname'
  | 'document_type'
  | 'document_number'
  | 'birth_date'
  | 'gender'
  | 'phone'
  | 'email'
  | 'category'
  | 'status'
  | 'position'
  | 'jersey_number'
  | 'enrollment_date'
  | 'guardian_name'
  | 'guardian_phone'
>;

/** The import columns a players list row fills, in the order the export writes them. */
export const playerExportFields = [
  'name',
  'lastname',
  'document_type',
  'document_number',
  'birth_date',
  'gender',
  'phone',
  'email',
  'category',
  'status',
  'position',
  'jersey_number',
  'enrollment_date',
  'guardian_name',
  'guardian_phone',
] as const satisfies readonly PlayerImportField[];
export type PlayerExportField = (typeof playerExportFields)[number];

/**
 * A player as the import columns write it (headers: `playerImportColumns[field].header`):
 * the players grid's CSV export writes these, so the file re-imports without changes
 * (the columns it leaves out keep what is stored).
 */
export function playerExportCells(player: PlayerExportSource): Record<PlayerExportField, string> {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    name: player.name,
    lastname: player.lastname,
    document_type: text(player.document_type),
    document_number: text(player.document_number),
    birth_date: text(player.birth_date),
    gender: player.gender ? personGenderLabels[player.gender] : '',
    phone: text(player.phone),
    email: text(player.email),
    category: player.category?.name ?? '',
    status: personStatusLabels[player.status],
    position: text(player.position),
    jersey_number: text(player.jersey_number),
    enrollment_date: text(player.enrollment_date),
    guardian_name: text(player.guardian_name),
    guardian_phone: text(player.guardian_phone),
  };
}
