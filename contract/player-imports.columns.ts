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
  name: {
    header: 'Nombre',
    aliases: [
      'Nombres',
      'Primer nombre',
      'Nombre del jugador',
      'Nombres del jugador',
      'Nombre del deportista',
      'Nombres del deportista',
      'Nombre(s)',
    ],
    required: true,
  },
  lastname: {
    header: 'Apellido',
    aliases: [
      'Apellidos',
      'Apellidos del jugador',
      'Apellido del jugador',
      'Apellidos del deportista',
      'Primer apellido',
    ],
    required: true,
  },
  document_type: {
    header: 'Tipo de documento',
    aliases: [
      'Tipo documento',
      'Tipo doc',
      'Tipo de identificación',
      'Tipo identificación',
      'Tipo de documento de identidad',
      'Tipo ID',
      'Tipo de ID',
      'T. doc.',
    ],
    required: true,
  },
  document_number: {
    header: 'Número de documento',
    aliases: [
      'Documento',
      'Número documento',
      'No. documento',
      'Identificación',
      'Cédula',
      'No. de documento',
      'Nro. documento',
      'Nro. de documento',
      'N° documento',
      'N° de documento',
      'Número de identificación',
      'No. identificación',
      'Documento de identidad',
      'Número de cédula',
      'Cédula o T.I.',
      'T.I.',
      'Tarjeta de identidad',
      'Doc.',
    ],
    required: true,
  },
  birth_date: {
    header: 'Fecha de nacimiento',
    aliases: [
      'Nacimiento',
      'Fecha nacimiento',
      'F. nacimiento',
      'F. de nacimiento',
      'Fecha de nac.',
      'Fecha nac.',
      'Fec. nacimiento',
      'F. nac.',
      'Fecha de nacimiento (dd/mm/aaaa)',
    ],
    required: true,
  },
  gender: { header: 'Género', aliases: ['Sexo', 'Género (M/F)', 'Sexo (M/F)'], required: true },
  phone: {
    header: 'Teléfono',
    aliases: [
      'Celular',
      'Móvil',
      'Teléfono del jugador',
      'Celular del jugador',
      'Teléfono celular',
      'Número de celular',
      'Tel.',
      'Cel.',
      'WhatsApp',
    ],
    required: false,
  },
  email: {
    header: 'Correo electrónico',
    aliases: [
      'Correo',
      'Email',
      'E-mail',
      'Mail',
      'Correo del jugador',
      'Email del jugador',
      'E-mail del jugador',
      'Correo electrónico del jugador',
    ],
    required: false,
  },
  category: {
    header: 'Categoría',
    aliases: ['Cat.', 'Categoría del jugador', 'Equipo'],
    required: false,
  },
  status: { header: 'Estado', aliases: ['Estado del jugador'], required: false },
  position: {
    header: 'Posición',
    aliases: ['Posición de juego', 'Posición en el campo', 'Posición en la cancha'],
    required: false,
  },
  dominant_foot: {
    header: 'Pie dominante',
    aliases: ['Pie', 'Pie hábil', 'Pierna hábil', 'Pierna dominante', 'Perfil'],
    required: false,
  },
  jersey_number: {
    header: 'Camiseta',
    aliases: [
      'Número de camiseta',
      'Dorsal',
      'Número camiseta',
      'No. camiseta',
      'Nro. camiseta',
      'N° camiseta',
      'Número de dorsal',
    ],
    required: false,
  },
  enrollment_date: {
    header: 'Fecha de inscripción',
    aliases: [
      'Inscripción',
      'Fecha inscripción',
      'Fecha de ingreso',
      'Ingreso',
      'Fecha de matrícula',
      'Fecha de afiliación',
    ],
    required: false,
  },
  payment_modality: {
    header: 'Modalidad de pago',
    aliases: ['Modalidad', 'Modalidad pago', 'Forma de pago', 'Plan de pago'],
    required: false,
  },
  eps: {
    header: 'EPS',
    aliases: ['Entidad de salud', 'Aseguradora', 'Seguro médico', 'EPS o seguro'],
    required: false,
  },
  blood_type: {
    header: 'Tipo de sangre',
    aliases: [
      'RH',
      'Grupo sanguíneo',
      'Grupo sanguíneo y RH',
      'Tipo de sangre y RH',
      'G.S.',
      'G.S. y RH',
      'Grupo y RH',
    ],
    required: false,
  },
  allergies: { header: 'Alergias', aliases: ['Alergia', 'Alérgico a'], required: false },
  emergency_contact_name: {
    header: 'Contacto de emergencia',
    aliases: [
      'Nombre contacto de emergencia',
      'Nombre de contacto de emergencia',
      'Nombre del contacto de emergencia',
      'Contacto emergencia',
      'Contacto en caso de emergencia',
      'En caso de emergencia',
    ],
    required: false,
  },
  emergency_contact_phone: {
    header: 'Teléfono de emergencia',
    aliases: [
      'Teléfono contacto de emergencia',
      'Teléfono del contacto de emergencia',
      'Teléfono emergencia',
      'Teléfono en caso de emergencia',
      'Celular de emergencia',
      'Celular contacto de emergencia',
    ],
    required: false,
  },
  guardian_name: {
    header: 'Acudiente',
    aliases: [
      'Nombre del acudiente',
      'Nombre acudiente',
      'Acudientes',
      'Nombre del responsable',
      'Responsable',
      'Padre/Madre',
      'Padre o madre',
      'Padre, madre o acudiente',
      'Nombre del padre o madre',
      'Nombre del padre/madre',
      'Padre',
      'Madre',
      'Nombre del padre',
      'Nombre de la madre',
      'Tutor',
      'Tutor legal',
      'Nombre del tutor',
      'Representante',
      'Representante legal',
    ],
    required: false,
  },
  guardian_phone: {
    header: 'Teléfono del acudiente',
    aliases: [
      'Teléfono acudiente',
      'Celular acudiente',
      'Celular del acudiente',
      'WhatsApp acudiente',
      'WhatsApp del acudiente',
      'Tel. acudiente',
      'Cel. acudiente',
      'Teléfono del responsable',
      'Celular del responsable',
      'Teléfono padre/madre',
      'Celular padre/madre',
      'Teléfono del padre o madre',
      'Celular del padre o madre',
      'Teléfono del padre',
      'Celular del padre',
      'Teléfono de la madre',
      'Celular de la madre',
      'Teléfono del tutor',
      'Celular del tutor',
      'Teléfono del representante',
    ],
    required: false,
  },
  guardian_email: {
    header: 'Correo del acudiente',
    aliases: [
      'Correo acudiente',
      'Email acudiente',
      'E-mail acudiente',
      'Email del acudiente',
      'E-mail del acudiente',
      'Correo electrónico del acudiente',
      'Correo del responsable',
      'Email del responsable',
      'Correo padre/madre',
      'Correo del padre o madre',
      'Correo del padre',
      'Email del padre',
      'E-mail del padre',
      'Correo de la madre',
      'Email de la madre',
      'E-mail de la madre',
      'Correo del tutor',
      'Email del tutor',
    ],
    required: false,
  },
  guardian_relationship: {
    header: 'Parentesco',
    aliases: [
      'Parentesco del acudiente',
      'Parentesco acudiente',
      'Parentesco con el jugador',
      'Relación con el jugador',
      'Relación',
      'Vínculo',
    ],
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
