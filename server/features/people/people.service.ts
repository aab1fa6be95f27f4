import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { peopleMessages, type Person } from '../../../contract/people.schema';
import type { PersonDocumentType, PersonGender } from '../../../contract/profile.schema';
import type { RoleName } from '../../../contract/roles.schema';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { clubMemberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';

/*
 * The one place a club adds a person (a trainer, a player) or links one who exists
 * (DOMAIN.md "Documents": never a duplicate, never a silent overwrite). A document is
 * unique across the platform, as the profile's document step keeps it: both take the
 * same advisory lock per document, so two requests at once cannot both create it. Who
 * may change a person's identity: person-identity.ts.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The identity a club sends for a new person. */
export interface PersonInput {
  name: string;
  lastname: string;
  document_type?: PersonDocumentType | null;
  document_number?: string | null;
  birth_date?: string | null;
  gender?: PersonGender | null;
  phone?: string | null;
  email?: string | null;
  photo_url?: string | null;
  link_existing: boolean;
}

/** The person columns every answer about a trainer or player selects. */
export const personColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  phone: users.phone,
  document_type: users.documentType,
  document_number: users.documentNumber,
  birth_date: users.birthDate,
  gender: users.gender,
  photo_url: users.photoUrl,
  has_account: isNotNull(users.passwordHash),
};

type PersonRow = { [K in keyof typeof personColumns]: unknown } & { id: number };

/** A selected person row as the contract's `Person` (the enums are checked by the DB's writers). */
export const asPerson = (row: PersonRow): Person => row as unknown as Person;

/** Serialises every write about one document (the profile service takes the same lock). */
export const lockDocument = (tx: Tx, type: string, number: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`person-document:${type}:${number}`}))`);

/** Serialises every write about one e-mail. */
export const lockEmail = (tx: Tx, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`person-email:${email}`}))`);

export async function personByDocument(db: Db | Tx, type: string, number: string) {
  const [found] = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(users)
    .where(and(eq(users.documentType, type), eq(users.documentNumber, number)))
    .limit(1);
  return found;
}

export async function personByEmail(db: Db | Tx, email: string) {
  const [found] = await db
    .select({ id: users.id, documentNumber: users.documentNumber })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return found;
}

/** The id of a role by name (the six roles are seeded on every start). */
export async function roleId(db: Db | Tx, name: RoleName): Promise<number> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!role) throw new AppError(500, `El rol ${name} no existe`);
  return role.id;
}

/** The role names a person holds in a club. */
export async function rolesInClub(db: Db | Tx, clubId: number, userId: number) {
  const rows = await db
    .select({ name: roles.name })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)));
  return rows.map((row) => row.name);
}

/**
 * The person a new trainer or player is: the one with that document or e-mail when the
 * caller asked to link them (`link_existing`; `existed`: the caller must then ask
 * `mayManagePerson` before linking, issue #33), else a new person without a password.
 * Refuses (409, on the field) a person who exists when no link was asked, and an e-mail
 * that belongs to a person with another document. Runs inside the caller's transaction.
 */
export async function findOrCreatePerson(
  tx: Tx,
  input: PersonInput,
): Promise<{ id: number; existed: boolean }> {
  const { document_type: type, document_number: number, email } = input;
  if (type && number) await lockDocument(tx, type, number);
  if (email) await lockEmail(tx, email);

  const byDocument = type && number ? await personByDocument(tx, type, number) : undefined;
  const byEmail = email ? await personByEmail(tx, email) : undefined;
  if (byDocument && byEmail && byDocument.id !== byEmail.id) {
    throw conflictOn('email', peopleMessages.emailOfOtherPerson);
  }
  if (byEmail && !byDocument && number && byEmail.documentNumber) {
    throw conflictOn('email', peopleMessages.emailOfOtherPerson);
  }
  const existing = byDocument ?? byEmail;
  if (existing) {
    if (!input.link_existing) {
      throw byDocument
        ? conflictOn('document_number', peopleMessages.existsElsewhere)
        : conflictOn('email', peopleMessages.emailTaken);
    }
    return { id: existing.id, existed: true };
  }

  const [created] = await tx
    .insert(users)
    .values({
      name: input.name,
      lastname: input.lastname,
      email: email ?? null,
      passwordHash: null,
      documentType: type ?? null,
      documentNumber: number ?? null,
      birthDate: input.birth_date ?? null,
      gender: input.gender ?? null,
      phone: input.phone ?? null,
      photoUrl: input.photo_url ?? null,
    })
    .returning({ id: users.id });
  return { id: created!.id, existed: false };
}

/** Gives `userId` the role in the club; false when they held it already. */
export async function grantRole(tx: Tx, userId: number, clubId: number, role: RoleName) {
  const granted = await tx
    .insert(clubMemberships)
    .values({ userId, clubId, roleId: await roleId(tx, role) })
    .onConflictDoNothing()
    .returning({ id: clubMemberships.id });
  return granted.length > 0;
}

/** Takes the role away in the club (the person leaves it as that). */
export async function revokeRole(tx: Tx, userId: number, clubId: number, role: RoleName) {
  await tx
    .delete(clubMemberships)
    .where(
      and(
        eq(clubMemberships.userId, userId),
        eq(clubMemberships.clubId, clubId),
        eq(clubMemberships.roleId, await roleId(tx, role)),
      ),
    );
}

/** The members among `userIds` who hold `role` in the club. */
export async function holdersOf(db: Db | Tx, clubId: number, role: RoleName, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: clubMemberships.userId })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(
      and(
        eq(clubMemberships.clubId, clubId),
        eq(roles.name, role),
        // One array parameter: an import asks for hundreds of ids at once.
        sql`${clubMemberships.userId} = any(${sql.param(userIds)}::int[])`,
      ),
    );
  return rows.map((row) => row.userId);
}
