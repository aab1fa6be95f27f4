import { personStatusLabels } from './people.schema';
import type { Player } from './players.schema';
import { personGenderLabels } from './profile.schema';

/*
 * The columns of a players spreadsheet (issue #11 item 4), named once: the header our
 * template and our export write for each field, the headers also recognised, and how a
 * row of the players list is written as those columns (the grid's 'Exportar CSV'), so the
 * export re-imports without changes. The import's requests and answers are in
 * player-imports.schema.ts.
 */

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
