import { isRealIsoDate } from '../../../contract/common.schema';
import { personStatuses, type PersonStatus } from '../../../contract/people.schema';
import { type PlayerImportRowError } from '../../../contract/player-imports.schema';
import { type PlayerImportField } from '../../../contract/player-imports.columns';
import { normalizeHeader } from './player-imports.headers';
import {
  bloodTypes,
  dominantFeet,
  dominantFootLabels,
  guardianRelationshipLabels,
  guardianRelationships,
  paymentModalities,
  paymentModalityLabels,
  type PlayerCreateInput,
} from '../../../contract/players.schema';
import {
  documentTypeLabels,
  personDocumentTypes,
  personGenderLabels,
  personGenders,
} from '../../../contract/profile.schema';

/*
 * A row's cells as the players contract's input: the words a spreadsheet carries
 * ('Masculino', 'Tarjeta de identidad', '15/03/2014', 'Derecho') become the contract's
 * values ('male', 'TI', '2014-03-15', 'right'); what cannot be read is an error on its
 * field, in Spanish, naming what is accepted.
 */

export type RowCells = Partial<Record<PlayerImportField, string>>;

/** What a row becomes: the contract's input, the category's name, the status, and errors. */
export interface RowValues {
  input: Partial<PlayerCreateInput>;
  categoryName: string | null;
  status: PersonStatus | null;
  errors: PlayerImportRowError[];
}

/** A lookup from the normalised spellings of each value (code, label, extra words) to the value. */
function lookup<T extends string>(
  values: readonly T[],
  labels: Partial<Record<T, string>>,
  extra: Record<string, T> = {},
): (text: string) => T | undefined {
  const table = new Map<string, T>();
  for (const value of values) {
    table.set(normalizeHeader(value), value);
    const label = labels[value];
    if (label) table.set(normalizeHeader(label), value);
  }
  for (const [word, value] of Object.entries(extra)) table.set(normalizeHeader(word), value);
  return (text) => table.get(normalizeHeader(text));
}

const genderOf = lookup(personGenders, personGenderLabels, {
  m: 'male',
  h: 'male',
  hombre: 'male',
  f: 'female',
  mujer: 'female',
  o: 'other',
});
const documentTypeOf = lookup(personDocumentTypes, documentTypeLabels, {
  cedula: 'CC',
  'cedula de ciudadania': 'CC',
  tarjeta: 'TI',
  registro: 'RC',
  'cedula de extranjeria': 'CE',
  pasaporte: 'PAS',
});
const footOf = lookup(dominantFeet, dominantFootLabels, { derecha: 'right', izquierda: 'left' });
const modalityOf = lookup(paymentModalities, paymentModalityLabels);
const relationshipOf = lookup(guardianRelationships, guardianRelationshipLabels, {
  mama: 'mother',
  papa: 'father',
  abuelo: 'grandparent',
  abuela: 'grandparent',
  hermano: 'sibling',
  hermana: 'sibling',
  tio: 'uncle_aunt',
  tia: 'uncle_aunt',
});
const statusOf = lookup(
  personStatuses,
  { active: 'Activo', inactive: 'Inactivo' },
  {
    activa: 'active',
    inactiva: 'inactive',
  },
);

const bloodTypeOf = (text: string) =>
  bloodTypes.find((type) => type === text.replace(/\s/g, '').toUpperCase().replace('0', 'O'));

/** 'AAAA-MM-DD' as it is; 'DD/MM/AAAA' (or with '-' or '.') turned; anything else undefined. */
export function isoDateOf(text: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isRealIsoDate(text) ? text : undefined;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isRealIsoDate(iso) ? iso : undefined;
}

const optionList = (labels: Record<string, string>) => {
  const words = Object.values(labels);
  return `${words.slice(0, -1).join(', ')} o ${words.at(-1)}`;
};

/** The refusals of the words a cell may carry. */
const wordErrors = {
  gender: `El género debe ser ${optionList(personGenderLabels)}`,
  document_type: `El tipo de documento debe ser ${personDocumentTypes.join(', ')} o su nombre (p. ej. Tarjeta de identidad)`,
  dominant_foot: `El pie dominante debe ser ${optionList(dominantFootLabels)}`,
  payment_modality: `La modalidad de pago debe ser ${optionList(paymentModalityLabels)}`,
  guardian_relationship: `El parentesco debe ser ${optionList(guardianRelationshipLabels)}`,
  blood_type: `El tipo de sangre debe ser ${bloodTypes.join(', ')}`,
  status: 'El estado debe ser Activo o Inactivo',
  birth_date:
    'La fecha de nacimiento debe tener el formato AAAA-MM-DD o DD/MM/AAAA y ser una fecha real',
  enrollment_date:
    'La fecha de inscripción debe tener el formato AAAA-MM-DD o DD/MM/AAAA y ser una fecha real',
} as const;

const wordFields = {
  gender: genderOf,
  document_type: documentTypeOf,
  dominant_foot: footOf,
  payment_modality: modalityOf,
  guardian_relationship: relationshipOf,
  blood_type: bloodTypeOf,
} as const;

/** 'TI 1023456789' in the document column with no type column (the grid's 'Documento'). */
const TYPE_AND_NUMBER = new RegExp(`^(${personDocumentTypes.join('|')})\\.?\\s+(\\S.*)$`, 'i');

/**
 * The contract's input of a row. Only the mapped fields are present; an empty cell is
 * null (it clears an optional field, and the contract refuses a missing required one).
 */
export function rowValues(cells: RowCells): RowValues {
  const input: Record<string, unknown> = {};
  const errors: PlayerImportRowError[] = [];
  let categoryName: string | null = null;
  let status: PersonStatus | null = null;
  for (const [field, raw] of Object.entries(cells) as [PlayerImportField, string][]) {
    // Our exports defuse a text a spreadsheet would run as a formula with a leading
    // apostrophe ('+57 300…'); the import takes the text back.
    const text = raw.trim().replace(/^'(?=[=+\-@])/, '');
    if (field === 'category') {
      categoryName = text || null;
      continue;
    }
    if (text === '') {
      input[field] = null;
      continue;
    }
    if (field === 'status') {
      status = statusOf(text) ?? null;
      if (!status) errors.push({ field, message: wordErrors.status });
    } else if (field === 'birth_date' || field === 'enrollment_date') {
      const iso = isoDateOf(text);
      if (iso) input[field] = iso;
      else errors.push({ field, message: wordErrors[field] });
    } else if (field in wordFields) {
      const value = wordFields[field as keyof typeof wordFields](text);
      if (value) input[field] = value;
      else errors.push({ field, message: wordErrors[field as keyof typeof wordFields] });
    } else if (field === 'jersey_number') {
      // A spreadsheet may hold 10 as '10.0'; the contract refuses anything but digits.
      input[field] = /^\d+\.0+$/.test(text) ? text.replace(/\.0+$/, '') : text;
    } else {
      input[field] = text;
    }
  }
  const combined =
    typeof input.document_number === 'string' && TYPE_AND_NUMBER.exec(input.document_number);
  if (combined && input.document_type == null) {
    input.document_type = combined[1]!.toUpperCase();
    input.document_number = combined[2];
  }
  return { input: input as Partial<PlayerCreateInput>, categoryName, status, errors };
}
