import { and, eq } from 'drizzle-orm';
import { isoToday, type PersonStatus } from '../../../contract/people.schema';
import {
  type PlayerCreate,
  type PlayerDetail,
  type PlayerListQuery,
  type PlayerListResponse,
  type PlayerUpdate,
  playerMessages,
} from '../../../contract/players.schema';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { conflictOn } from '../../lib/app-error';
import type { ClubLinkRequest } from '../../../contract/link-requests.schema';
import type { CreatedLinkRequest, LinkRequestDeps } from '../link-requests/link-request.create';
import { askPlayer } from './player-link-request';
import { mayManagePerson } from '../people/person-ties';
import {
  type Tx,
  findOrCreatePerson,
  grantRole,
  holdersOf,
  lockDocument,
  personByDocument,
  revokeRole,
} from '../people/people.service';
import { updatePerson } from '../people/person-identity';
import {
  checkActiveCategory,
  checkEnrollmentDate,
  checkGuardian,
  checkJersey,
  clubColumns,
  upsertPlayerRow,
} from './player-rules';
import { assertRoomForOne, lockPlayerRoom, refuseWhenFull } from '../plans/plan-limit';
import { type CategoryAssignmentInput, assignCategoryPlayers } from './category-players';
import type { CategoryScope } from './player-scope';
import { type PlayerPageRow, listPlayers } from './players-list';
import { assertPlayer, getPlayer } from './players.queries';

export interface PlayersService {
  /** `read`: the rows of the list's ClubRead (`playersListRead`) for a whole-club scope. */
  list(
    clubId: number,
    query: PlayerListQuery,
    scope: CategoryScope,
    read?: PlayerPageRow[],
  ): Promise<PlayerListResponse>;
  get(clubId: number, playerId: number, scope: CategoryScope): Promise<PlayerDetail>;
  /**
   * `linked`: the player (201); `requested`: the person belongs elsewhere and was sent a
   * link request instead (202, nothing about them in the answer).
   */
  create(
    clubId: number,
    callerId: number,
    input: PlayerCreate,
    scope: CategoryScope,
  ): Promise<{ linked: PlayerDetail } | { requested: ClubLinkRequest }>;
  update(
    clubId: number,
    playerId: number,
    input: PlayerUpdate,
    scope: CategoryScope,
  ): Promise<PlayerDetail>;
  setStatus(
    clubId: number,
    playerId: number,
    status: PersonStatus,
    scope: CategoryScope,
  ): Promise<PlayerDetail>;
  /** The person leaves the club as a player: the role goes, the club's row stays inactive. */
  remove(clubId: number, playerId: number, scope: CategoryScope): Promise<void>;
  /** `PATCH …/categories/{categoryId}/players` (see category-players.ts). */
  assignToCategory(
    clubId: number,
    categoryId: number,
    input: CategoryAssignmentInput,
  ): Promise<{ added: number[]; removed: number[] }>;
}

type Outcome = { requested: CreatedLinkRequest } | { linked: number };

const alreadyPlayer = () => conflictOn('document_number', playerMessages.alreadyPlayer);

/**
 * A club's players (DOMAIN.md "Player"). The club guard has checked the caller's players.*
 * permission in the club of the URL; `scope` narrows a trainer to their categories. Every
 * write is one transaction, so a refusal leaves nothing half-saved. The list reads through
 * `reads`, the read-only handle (`DbHandle.preparedByText`).
 */
export function createPlayersService(
  deps: LinkRequestDeps & { db: Db; reads: Db },
): PlayersService {
  const { db, reads, clock } = deps;
  const today = () => isoToday(clock.now());

  async function isPlayer(tx: Tx, clubId: number, userId: number) {
    return (await holdersOf(tx, clubId, 'Jugador', [userId])).length > 0;
  }

  async function storedPlayer(tx: Tx, clubId: number, userId: number) {
    const [row] = await tx
      .select({
        birthDate: users.birthDate,
        categoryId: players.categoryId,
        jerseyNumber: players.jerseyNumber,
        guardianName: players.guardianName,
        guardianPhone: players.guardianPhone,
      })
      .from(users)
      .leftJoin(players, and(eq(players.clubId, clubId), eq(players.userId, users.id)))
      .where(eq(users.id, userId));
    return row!;
  }

  async function statusOf(tx: Tx, clubId: number, userId: number) {
    const [row] = await tx
      .select({ status: players.status })
      .from(players)
      .where(and(eq(players.clubId, clubId), eq(players.userId, userId)));
    return row?.status ?? null;
  }

  return {
    list: (clubId, query, scope, read) => listPlayers(reads, clubId, query, scope, read),

    get: (clubId, playerId, scope) => getPlayer(db, clubId, playerId, scope),

    /**
     * Finds or creates the person, refuses one already a player here (409), checks the
     * guardian rule against the person's stored birth date (a linked person keeps theirs)
     * and the category, grants Jugador and writes the club's row (a former player's row
     * comes back active with the new fields).
     */
    async create(clubId, callerId, input, scope) {
      checkEnrollmentDate(input.enrollment_date);
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        // First lock of the transaction (see plan-limit.ts): the plan's player limit.
        await assertRoomForOne(tx, clubId);
        const { document_type: type, document_number: number } = input;
        if (type && number) {
          await lockDocument(tx, type, number);
          const existing = await personByDocument(tx, type, number);
          if (existing && (await isPlayer(tx, clubId, existing.id))) throw alreadyPlayer();
        }
        const { id, existed } = await findOrCreatePerson(tx, input);
        if (await isPlayer(tx, clubId, id)) throw alreadyPlayer();
        if (existed && !(await mayManagePerson(tx, clubId, id))) {
          // Issue #33: someone else's person is asked, never linked; nothing about them leaks.
          return { requested: await askPlayer(tx, deps, { clubId, callerId, id, input, scope }) };
        }
        const stored = await storedPlayer(tx, clubId, id);
        checkGuardian(today(), stored.birthDate, {
          name: input.guardian_name,
          phone: input.guardian_phone,
        });
        if (input.category_id != null) {
          await checkActiveCategory(tx, clubId, input.category_id, scope);
        }
        await checkJersey(tx, clubId, id, input.category_id, input.jersey_number);
        await grantRole(tx, id, clubId, 'Jugador');
        await upsertPlayerRow(
          tx,
          clubId,
          id,
          { ...clubColumns(input), status: 'active' },
          clock.now(),
        );
        return { linked: id };
      });
      if ('requested' in outcome) {
        outcome.requested.mails.forEach((mail) => deps.outbox.dispatch(mail));
        return { requested: outcome.requested.request };
      }
      return { linked: await getPlayer(db, clubId, outcome.linked) };
    },

    /**
     * Identity fields through `updatePerson` (only while the person has no account), the
     * club's fields upserted. The guardian rule is checked when the birth date or the
     * guardian's name or phone is sent, against what the row will hold.
     */
    async update(clubId, playerId, input, scope) {
      checkEnrollmentDate(input.enrollment_date);
      await db.transaction(async (tx) => {
        await assertPlayer(tx, clubId, playerId, scope);
        const { name, lastname, document_type, document_number, birth_date, gender } = input;
        const { phone, email, photo_url } = input;
        await updatePerson(tx, clubId, playerId, {
          name,
          lastname,
          document_type,
          document_number,
          birth_date,
          gender,
          phone,
          email,
          photo_url,
        });
        const stored = await storedPlayer(tx, clubId, playerId);
        const sent = (key: keyof PlayerUpdate) => input[key] !== undefined;
        if (sent('birth_date') || sent('guardian_name') || sent('guardian_phone')) {
          checkGuardian(today(), stored.birthDate, {
            name: sent('guardian_name') ? input.guardian_name : stored.guardianName,
            phone: sent('guardian_phone') ? input.guardian_phone : stored.guardianPhone,
          });
        }
        if (input.category_id != null && input.category_id !== stored.categoryId) {
          await checkActiveCategory(tx, clubId, input.category_id, scope);
        }
        if (sent('category_id') || sent('jersey_number')) {
          await checkJersey(
            tx,
            clubId,
            playerId,
            sent('category_id') ? input.category_id : stored.categoryId,
            sent('jersey_number') ? input.jersey_number : stored.jerseyNumber,
          );
        }
        await upsertPlayerRow(tx, clubId, playerId, clubColumns(input), clock.now());
      });
      return getPlayer(db, clubId, playerId);
    },

    async setStatus(clubId, playerId, status, scope) {
      await db.transaction(async (tx) => {
        // Making an inactive player active counts against the plan's limit (lock first).
        const room = status === 'active' ? await lockPlayerRoom(tx, clubId) : null;
        await assertPlayer(tx, clubId, playerId, scope);
        if (room && (await statusOf(tx, clubId, playerId)) !== 'active') refuseWhenFull(room);
        await upsertPlayerRow(tx, clubId, playerId, { status }, clock.now());
      });
      return getPlayer(db, clubId, playerId);
    },

    async remove(clubId, playerId, scope) {
      await db.transaction(async (tx) => {
        await assertPlayer(tx, clubId, playerId, scope);
        await revokeRole(tx, playerId, clubId, 'Jugador');
        await upsertPlayerRow(tx, clubId, playerId, { status: 'inactive' }, clock.now());
      });
    },

    assignToCategory: (clubId, categoryId, input) =>
      assignCategoryPlayers(db, clock.now(), clubId, categoryId, input),
  };
}
