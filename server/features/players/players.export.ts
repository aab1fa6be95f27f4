import { and, eq, sql } from 'drizzle-orm';
import { personStatusLabels } from '../../../contract/people.schema';
import {
  type PlayerImportField,
  playerImportColumns,
  playerImportFields,
} from '../../../contract/player-imports.columns';
import {
  type Player,
  dominantFootLabels,
  guardianRelationshipLabels,
  paymentModalityLabels,
} from '../../../contract/players.schema';
import { personGenderLabels } from '../../../contract/profile.schema';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import type { ExportColumn } from '../../lib/list-export';
import type { Cell, ColumnKind } from '../../lib/table-writers';

/*
 * The players export (issue #34 item 3): exactly the import's columns, under the import's
 * headers, in the words and forms the import reads (contract/player-imports.columns.ts),
 * so the file goes back in through 'Importar' unchanged: 0 new, N unchanged.
 */

type PlayerRow = typeof players.$inferSelect;

/** A row of the players list with the club's fields the list does not carry. */
export type ExportedPlayer = Player & { club: PlayerRow | undefined };

/** The list's rows of a batch with their players rows (one query per batch). */
export async function withClubFields(
  db: Db,
  clubId: number,
  rows: Player[],
): Promise<ExportedPlayer[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select()
    .from(players)
    .where(
      and(
        eq(players.clubId, clubId),
        sql`${players.userId} = any(${sql.param(rows.map((row) => row.id))}::int[])`,
      ),
    );
  const byUser = new Map(found.map((row) => [row.userId, row]));
  return rows.map((row) => ({ ...row, club: byUser.get(row.id) }));
}

const label = <K extends string>(labels: Record<K, string>, value: string | null | undefined) =>
  value ? (labels[value as K] ?? value) : null;

/** Each import field's cell and kind. */
const cells: Record<PlayerImportField, [ColumnKind, (row: ExportedPlayer) => Cell]> = {
  name: ['text', (row) => row.name],
  lastname: ['text', (row) => row.lastname],
  document_type: ['text', (row) => row.document_type],
  document_number: ['text', (row) => row.document_number],
  birth_date: ['date', (row) => row.birth_date],
  gender: ['text', (row) => (row.gender ? personGenderLabels[row.gender] : null)],
  phone: ['text', (row) => row.phone],
  email: ['text', (row) => row.email],
  category: ['text', (row) => row.category?.name ?? null],
  status: ['text', (row) => personStatusLabels[row.status]],
  position: ['text', (row) => row.position],
  dominant_foot: ['text', (row) => label(dominantFootLabels, row.club?.dominantFoot)],
  jersey_number: ['number', (row) => row.jersey_number],
  enrollment_date: ['date', (row) => row.enrollment_date],
  payment_modality: ['text', (row) => label(paymentModalityLabels, row.club?.paymentModality)],
  eps: ['text', (row) => row.club?.eps],
  blood_type: ['text', (row) => row.club?.bloodType],
  allergies: ['text', (row) => row.club?.allergies],
  emergency_contact_name: ['text', (row) => row.club?.emergencyContactName],
  emergency_contact_phone: ['text', (row) => row.club?.emergencyContactPhone],
  guardian_name: ['text', (row) => row.guardian_name],
  guardian_phone: ['text', (row) => row.guardian_phone],
  guardian_email: ['text', (row) => row.club?.guardianEmail],
  guardian_relationship: [
    'text',
    (row) => label(guardianRelationshipLabels, row.club?.guardianRelationship),
  ],
};

export const playerExportColumns: ExportColumn<ExportedPlayer>[] = playerImportFields.map(
  (field) => ({
    header: playerImportColumns[field].header,
    kind: cells[field][0],
    cell: cells[field][1],
  }),
);
