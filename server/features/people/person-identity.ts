import { eq, isNotNull } from 'drizzle-orm';
import { peopleMessages } from '../../../contract/people.schema';
import { profileMessages } from '../../../contract/profile.schema';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';
import {
  type Tx,
  lockDocument,
  lockEmail,
  personByDocument,
  personByEmail,
} from './people.service';
import { mayManagePerson } from './person-ties';

/*
 * Writing a person's identity (names, document, birth date, gender, e-mail, phone, photo):
 * a club only while it manages the person (person-ties.ts, issue #33), an authorised
 * guardian for a minor child (parents/child-identity.ts); both through `writeIdentity`,
 * under the advisory locks every writer of a document or an e-mail takes.
 */

/** Identity fields a club may edit while the person has never signed in. */
const identityKeys = [
  'name',
  'lastname',
  'document_type',
  'document_number',
  'birth_date',
  'gender',
  'phone',
  'email',
  'photo_url',
] as const;
export type IdentityPatch = Partial<
  Record<(typeof identityKeys)[number], string | null | undefined>
>;

/**
 * Writes the identity fields present in `patch` on a person the club manages. A person
 * who has an account or belongs to another club (person-ties.ts) edits their own profile,
 * or their guardian does: 422 when any identity field is sent. A new document or e-mail
 * must not belong to someone else (409 on the field).
 */
export async function updatePerson(tx: Tx, clubId: number, userId: number, patch: IdentityPatch) {
  const sent = identityKeys.filter((key) => patch[key] !== undefined);
  if (sent.length === 0) return;
  const [person] = await tx
    .select({
      hasAccount: isNotNull(users.passwordHash),
      documentType: users.documentType,
      documentNumber: users.documentNumber,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!person) throw new AppError(404, 'Persona no encontrada');
  if (person.hasAccount || !(await mayManagePerson(tx, clubId, userId))) {
    throw new AppError(422, peopleMessages.ownProfileOnly);
  }
  await writeIdentity(tx, userId, patch, person);
}

/**
 * Writes the identity fields of `patch` (the checks of who may are the caller's): a new
 * document or e-mail must not belong to someone else (409 on the field), under the same
 * advisory locks as every other writer.
 */
export async function writeIdentity(
  tx: Tx,
  userId: number,
  patch: IdentityPatch,
  person: { documentType: string | null; documentNumber: string | null },
) {
  const type = patch.document_type ?? person.documentType;
  const number = patch.document_number ?? person.documentNumber;
  if ((patch.document_type || patch.document_number) && type && number) {
    await lockDocument(tx, type, number);
    const owner = await personByDocument(tx, type, number);
    if (owner && owner.id !== userId) {
      throw conflictOn('document_number', profileMessages.documentTaken);
    }
  }
  if (patch.email) {
    await lockEmail(tx, patch.email);
    const owner = await personByEmail(tx, patch.email);
    if (owner && owner.id !== userId) throw conflictOn('email', peopleMessages.emailTaken);
  }
  await tx
    .update(users)
    .set({
      name: patch.name ?? undefined,
      lastname: patch.lastname ?? undefined,
      documentType: patch.document_type,
      documentNumber: patch.document_number,
      birthDate: patch.birth_date,
      gender: patch.gender,
      phone: patch.phone,
      email: patch.email,
      photoUrl: patch.photo_url,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}
