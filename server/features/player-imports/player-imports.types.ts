import type { PlayerImportRow } from '../../../contract/player-imports.schema';
import type { PlayerCreate } from '../../../contract/players.schema';
import type { ClubValues } from './player-imports.club';

/** The identity fields an import may change on a player here who never signed in. */
export type IdentityField = 'name' | 'lastname' | 'birth_date' | 'gender' | 'phone' | 'email';

/** Identity changes, one entry per field that differs. */
export type IdentityPatch = Partial<Record<IdentityField, string | null>>;

/** A checked row as the import will write it (player-imports.classify.ts plans it). */
export interface PlannedRow extends PlayerImportRow {
  /** The person who exists (linked from elsewhere, or already a player here). */
  userId: number | null;
  /** A person to create ('new'); for 'request', what the club typed (never written). */
  person: PlayerCreate | null;
  /** Identity changes of a player here who never signed in. */
  identity: IdentityPatch | null;
  /** The player row as it will be. */
  club: ClubValues | null;
}
