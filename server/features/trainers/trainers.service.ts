import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PersonStatus } from '../../../contract/people.schema';
import {
  type Trainer,
  type TrainerCreate,
  type TrainerListQuery,
  type TrainerListResponse,
  type TrainerUpdate,
  trainerMessages,
} from '../../../contract/trainers.schema';
import type { CurrentUser } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { trainers } from '../../db/schema/trainers';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';
import { type Tx, findOrCreatePerson, grantRole, revokeRole } from '../people/people.service';
import { updatePerson } from '../people/person-identity';
import type { ClubLinkRequest } from '../../../contract/link-requests.schema';
import {
  type CreatedLinkRequest,
  createLinkRequest,
  typedBy,
} from '../link-requests/link-request.create';
import type { OutgoingMail } from '../../mail/mailer';
import { mayManagePerson } from '../people/person-ties';
import {
  assignCategoryTrainers,
  checkClubCategories,
  removeFromClubCategories,
  setTrainerCategories,
} from './category-trainers';
import {
  type TrainerInvitationDeps,
  inviteTrainer,
  revokeTrainerInvitations,
} from './trainer-invitations';
import { getTrainer, isTrainer, listTrainers } from './trainers.queries';

export interface TrainersService {
  list(clubId: number, query: TrainerListQuery): Promise<TrainerListResponse>;
  /** `requested`: the person belongs elsewhere and was sent a link request (202, issue #33). */
  create(
    clubId: number,
    caller: CurrentUser,
    input: TrainerCreate,
  ): Promise<{ data: Trainer; message?: string } | { requested: ClubLinkRequest }>;
  update(
    clubId: number,
    caller: CurrentUser,
    trainerId: number,
    input: TrainerUpdate,
  ): Promise<{ data: Trainer; message?: string }>;
  setStatus(clubId: number, trainerId: number, status: PersonStatus): Promise<Trainer>;
  remove(clubId: number, trainerId: number): Promise<void>;
  assignToCategory: (
    clubId: number,
    categoryId: number,
    input: Parameters<typeof assignCategoryTrainers>[3],
  ) => ReturnType<typeof assignCategoryTrainers>;
}

/**
 * A club's trainers (DOMAIN.md "Trainer"). The club guard has checked the caller's
 * trainers.* (or categories.update) permission in the club of the URL; every query here is
 * scoped to that club, so another club's trainer is a 404.
 */
export function createTrainersService(deps: TrainerInvitationDeps & { db: Db }): TrainersService {
  const { db, clock, outbox } = deps;

  /** 404 unless the person holds the Entrenador role in the club. */
  async function mustBeTrainer(tx: Tx, clubId: number, userId: number) {
    if (!(await isTrainer(tx, clubId, userId))) throw new AppError(404, trainerMessages.notFound);
  }

  /** Writes the club's trainer row; `status` overwrites, without it an existing row stays. */
  async function upsertTrainerRow(tx: Tx, clubId: number, userId: number, status?: PersonStatus) {
    const now = clock.now();
    const insert = tx.insert(trainers).values({
      clubId,
      userId,
      status: status ?? 'active',
      createdAt: now,
      updatedAt: now,
    });
    await (status
      ? insert.onConflictDoUpdate({
          target: [trainers.clubId, trainers.userId],
          set: { status, updatedAt: now },
        })
      : insert.onConflictDoNothing());
  }

  return {
    list: (clubId, query) => listTrainers(db, clubId, query),

    /**
     * Adds a trainer in one transaction: the person (new, or linked with link_existing),
     * the Entrenador role (409 when they hold it already), the club's trainer row, their
     * categories, and — when they have an e-mail and no password — the invitation that
     * lets them sign in, whose e-mail leaves after commit.
     */
    async create(clubId, caller, input) {
      type Outcome =
        | { requested: CreatedLinkRequest }
        | { data: Trainer; mail: { email: string; mail: OutgoingMail } | undefined };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const { id: userId, existed } = await findOrCreatePerson(tx, input);
        if (await isTrainer(tx, clubId, userId)) {
          throw conflictOn(
            input.document_number ? 'document_number' : 'email',
            trainerMessages.alreadyTrainer,
          );
        }
        if (existed && !(await mayManagePerson(tx, clubId, userId))) {
          // Issue #33: someone else's person is asked, never linked; nothing about them leaks.
          const categoryIds = await checkClubCategories(tx, clubId, input.category_ids);
          return {
            requested: await createLinkRequest(tx, deps, {
              clubId,
              personId: userId,
              kind: 'trainer',
              fields: { kind: 'trainer', categoryIds },
              typed: typedBy(input),
              requestedBy: caller.id,
            }),
          };
        }
        if (!(await grantRole(tx, userId, clubId, 'Entrenador'))) {
          throw conflictOn(
            input.document_number ? 'document_number' : 'email',
            trainerMessages.alreadyTrainer,
          );
        }
        await upsertTrainerRow(tx, clubId, userId, 'active');
        await setTrainerCategories(tx, clubId, userId, input.category_ids);

        const [invitee] = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.passwordHash)));
        const invited = invitee?.email
          ? {
              email: invitee.email,
              mail: await inviteTrainer(deps, tx, {
                clubId,
                email: invitee.email,
                inviterId: caller.id,
                categoryIds: input.category_ids,
              }),
            }
          : undefined;
        return { data: await getTrainer(tx, clubId, userId), mail: invited };
      });
      if ('requested' in outcome) {
        outcome.requested.mails.forEach((mail) => outbox.dispatch(mail));
        return { requested: outcome.requested.request };
      }
      const { data, mail } = outcome;
      if (!mail) return { data };
      outbox.dispatch(mail.mail);
      return { data, message: trainerMessages.invitationSent(mail.email) };
    },

    /**
     * Identity fields (only while the person has no account) and categories, in one
     * transaction. A trainer still without an account whose e-mail changes gets the
     * invitation at the new address (the pending one to the old address is revoked).
     */
    async update(clubId, caller, trainerId, input) {
      const { category_ids: categoryIds, ...identity } = input;
      const { data, mail } = await db.transaction(async (tx) => {
        await mustBeTrainer(tx, clubId, trainerId);
        const [before] = await tx
          .select({ email: users.email, hasAccount: isNotNull(users.passwordHash) })
          .from(users)
          .where(eq(users.id, trainerId));
        await updatePerson(tx, clubId, trainerId, identity);
        if (categoryIds !== undefined) {
          await setTrainerCategories(tx, clubId, trainerId, categoryIds);
        }
        await upsertTrainerRow(tx, clubId, trainerId);
        const trainer = await getTrainer(tx, clubId, trainerId);
        const newEmail = trainer.email;
        if (!before || before.hasAccount || !newEmail || newEmail === before.email) {
          return { data: trainer, mail: undefined };
        }
        if (before.email) await revokeTrainerInvitations(tx, clubId, before.email, clock.now());
        const invitation = await inviteTrainer(deps, tx, {
          clubId,
          email: newEmail,
          inviterId: caller.id,
          categoryIds: trainer.categories.map((category) => category.id),
        });
        return { data: trainer, mail: { email: newEmail, mail: invitation } };
      });
      if (!mail) return { data };
      outbox.dispatch(mail.mail);
      return { data, message: trainerMessages.invitationSent(mail.email) };
    },

    async setStatus(clubId, trainerId, status) {
      return db.transaction(async (tx) => {
        await mustBeTrainer(tx, clubId, trainerId);
        await upsertTrainerRow(tx, clubId, trainerId, status);
        return getTrainer(tx, clubId, trainerId);
      });
    },

    /**
     * The person leaves the club as trainer: the Entrenador role, their categories of this
     * club and their pending trainer invitations go; the trainer row (history) and the
     * person stay.
     */
    async remove(clubId, trainerId) {
      await db.transaction(async (tx) => {
        await mustBeTrainer(tx, clubId, trainerId);
        await revokeRole(tx, trainerId, clubId, 'Entrenador');
        await removeFromClubCategories(tx, clubId, trainerId);
        const [person] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, trainerId));
        if (person?.email) await revokeTrainerInvitations(tx, clubId, person.email, clock.now());
      });
    },

    assignToCategory: (clubId, categoryId, input) =>
      assignCategoryTrainers(db, clubId, categoryId, input),
  };
}
