import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type MedicalData,
  type medicalDataSchema,
  medicalMessages,
} from '../../../contract/medical-data.schema';
import { memberRoles } from '../../auth/club-permissions';
import { resolveWorkingClub } from '../../auth/working-club';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

const columns = {
  eps: players.eps,
  blood_type: players.bloodType,
  allergies: players.allergies,
  emergency_contact_name: players.emergencyContactName,
  emergency_contact_phone: players.emergencyContactPhone,
};
const nothingOnFile: MedicalData = {
  eps: null,
  blood_type: null,
  allergies: null,
  emergency_contact_name: null,
  emergency_contact_phone: null,
};

/**
 * An adult player's own health and emergency data (issue #15, the Jugador onboarding's
 * "medical data" step): the fields of their player row in their working club, which the
 * club's staff also edit on the player's form. An invited player holds the Jugador role
 * before the club fills in their row: they read nothing on file, and saving creates the
 * row. Someone who is not a player of that club gets 404: nothing there is theirs.
 */
export function createMedicalData({ db, clock }: { db: Db; clock: Clock }) {
  /** The working club where the caller holds the Jugador role, or 404. */
  async function playerClub(userId: number, requested: number | undefined): Promise<number> {
    const clubId = await resolveWorkingClub(db, userId, requested);
    const held = clubId === null ? [] : await memberRoles(db, userId, clubId);
    if (clubId === null || !held.some((role) => role.name === 'Jugador')) {
      throw new AppError(404, medicalMessages.notAPlayer);
    }
    return clubId;
  }
  const own = (clubId: number, userId: number) =>
    and(eq(players.clubId, clubId), eq(players.userId, userId));

  return {
    async read(userId: number, requested: number | undefined): Promise<MedicalData> {
      const clubId = await playerClub(userId, requested);
      const [row] = await db.select(columns).from(players).where(own(clubId, userId));
      return (row as MedicalData | undefined) ?? nothingOnFile;
    },

    async update(
      userId: number,
      requested: number | undefined,
      input: z.output<typeof medicalDataSchema>,
    ): Promise<MedicalData> {
      const clubId = await playerClub(userId, requested);
      const now = clock.now();
      const fields = {
        eps: input.eps,
        bloodType: input.blood_type,
        allergies: input.allergies,
        emergencyContactName: input.emergency_contact_name,
        emergencyContactPhone: input.emergency_contact_phone,
      };
      // One statement: a concurrent save by the club updates the same row, never a second.
      const [row] = await db
        .insert(players)
        .values({ clubId, userId, ...fields, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [players.clubId, players.userId],
          set: { ...fields, updatedAt: now },
        })
        .returning(columns);
      return row as MedicalData;
    },
  };
}
export type MedicalDataService = ReturnType<typeof createMedicalData>;
