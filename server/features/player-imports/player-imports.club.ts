import type { PlayerImportField } from '../../../contract/player-imports.columns';
import type { PlayerCreate } from '../../../contract/players.schema';
import type { PersonStatus } from '../../../contract/people.schema';
import type { PlayerRow } from './player-imports.lookup';
import type { RowCells } from './player-imports.values';

/** What a valid row says about the club's fields. */
export interface ClubSource {
  data: PlayerCreate | null;
  categoryName: string | null;
  cells: RowCells;
  categoryId: number | null;
  status: PersonStatus | null;
}

/** The club's fields of a player row, as an import reads and writes them. */

export const clubKeys = [
  'categoryId',
  'status',
  'position',
  'dominantFoot',
  'jerseyNumber',
  'enrollmentDate',
  'paymentModality',
  'eps',
  'bloodType',
  'allergies',
  'emergencyContactName',
  'emergencyContactPhone',
  'guardianName',
  'guardianPhone',
  'guardianEmail',
  'guardianRelationship',
] as const;
/** The columns of a player row an import writes (the club's fields for the player). */
export type ClubValues = Pick<PlayerRow, (typeof clubKeys)[number]>;

export const emptyClub: ClubValues = {
  categoryId: null,
  status: 'active',
  position: null,
  dominantFoot: null,
  jerseyNumber: null,
  enrollmentDate: null,
  paymentModality: null,
  eps: null,
  bloodType: null,
  allergies: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  guardianName: null,
  guardianPhone: null,
  guardianEmail: null,
  guardianRelationship: null,
};

/** Column of the player row ← the import field that fills it. */
export const clubColumns: [keyof ClubValues, keyof PlayerCreate & PlayerImportField][] = [
  ['position', 'position'],
  ['dominantFoot', 'dominant_foot'],
  ['jerseyNumber', 'jersey_number'],
  ['enrollmentDate', 'enrollment_date'],
  ['paymentModality', 'payment_modality'],
  ['eps', 'eps'],
  ['bloodType', 'blood_type'],
  ['allergies', 'allergies'],
  ['emergencyContactName', 'emergency_contact_name'],
  ['emergencyContactPhone', 'emergency_contact_phone'],
  ['guardianName', 'guardian_name'],
  ['guardianPhone', 'guardian_phone'],
  ['guardianEmail', 'guardian_email'],
  ['guardianRelationship', 'guardian_relationship'],
];

/** The club's fields of a stored player row. */
export const stripKeys = (row: PlayerRow): ClubValues =>
  Object.fromEntries(clubKeys.map((key) => [key, row[key]])) as ClubValues;

export const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** The player row a valid row asks for: the file's values, the stored ones where a column is not mapped. */
export function clubValuesOf(row: ClubSource, base: ClubValues): ClubValues {
  const data = row.data!;
  const club: ClubValues = { ...base };
  for (const [column, field] of clubColumns) {
    if (field in row.cells) (club as Record<string, unknown>)[column] = data[field] ?? null;
  }
  // A blank category cell keeps the stored one (a new row may get one by its birth year).
  if (row.categoryName) club.categoryId = row.categoryId;
  if (row.status) club.status = row.status;
  return club;
}
