/*
 * The columns of a players spreadsheet (issue #11 item 4), named once: the header our
 * template and the players export (server/features/players/players.export.ts) write for
 * each field and the headers also recognised, so an export re-imports without changes.
 * The import's requests and answers are in player-imports.schema.ts.
 */

/** One column of the import: the header we write and the headers we also recognise. */
export interface PlayerImportColumn {
  header: string;
  aliases: readonly string[];
  required: boolean;
}

/**
 * Every field a file may carry, in the template's order. The headers are the ones the
 * template and the players export write; each is recognised ignoring case,
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
