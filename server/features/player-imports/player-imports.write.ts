import { eq, sql } from 'drizzle-orm';
import {
  type PlayerImportMapping,
  type PlayerImportResult,
  playerImportErrorPath,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import type { Db } from '../../db/client';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { roleId, type Tx } from '../people/people.service';
import { assertImportFits, lockPlayerRoom } from '../plans/plan-limit';
import { chunks, documentKey } from './player-imports.lookup';
import type { ParsedSheet } from './player-imports.parse';
import type { PlannedRow } from './player-imports.types';
import { planImport } from './player-imports.plan';
import { type ImportLinkRequests, sendLinkRequests } from './player-imports.requests';

/*
 * The import itself: the whole file in ONE transaction (all or nothing). It takes the
 * club's import lock and the same per-document and per-e-mail locks as people.service
 * (so neither a second import nor a player form can create the same person meanwhile),
 * plans the file again on what is committed now, refuses it with 422 if any row has an
 * error, and then writes in batches: new persons, identity changes, Jugador memberships,
 * and the player rows (insert or update). A person who belongs elsewhere is never linked
 * nor written: their row becomes a link request (issue #33).
 */

/** Advisory locks on many keys in one statement. */
async function lockKeys(tx: Tx, keys: string[]) {
  for (const batch of chunks([...new Set(keys)].sort())) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(k)) from (values ${sql.join(
        batch.map((key) => sql`(${key})`),
        sql`, `,
      )}) as locks(k)`,
    );
  }
}

function refuseErrors(rows: PlannedRow[]): never {
  const errors = rows.flatMap((row) =>
    row.errors.map((error) => ({
      path: playerImportErrorPath(row.row, error.field),
      message: `Fila ${row.row}: ${error.message}`,
    })),
  );
  throw new AppError(422, playerImportMessages.hasErrors, { errors });
}

/** Inserts the new persons (no password), returning their ids in the rows' order. */
async function createPersons(tx: Tx, rows: PlannedRow[]): Promise<void> {
  for (const batch of chunks(rows.filter((row) => row.person && row.userId === null))) {
    const created = await tx
      .insert(users)
      .values(
        batch.map(({ person }) => ({
          name: person!.name,
          lastname: person!.lastname,
          email: person!.email ?? null,
          passwordHash: null,
          documentType: person!.document_type,
          documentNumber: person!.document_number,
          birthDate: person!.birth_date,
          gender: person!.gender,
          phone: person!.phone ?? null,
          photoUrl: person!.photo_url ?? null,
        })),
      )
      .returning({ id: users.id, type: users.documentType, number: users.documentNumber });
    const idByDocument = new Map(
      created.map((row) => [documentKey(row.type!, row.number!), row.id]),
    );
    for (const row of batch) {
      row.userId = idByDocument.get(
        documentKey(row.person!.document_type, row.person!.document_number),
      )!;
    }
  }
}

async function updateIdentities(tx: Tx, rows: PlannedRow[], now: Date) {
  for (const row of rows) {
    if (!row.identity || row.userId === null) continue;
    const { name, lastname, birth_date, gender, phone, email } = row.identity;
    await tx
      .update(users)
      .set({
        name: name ?? undefined,
        lastname: lastname ?? undefined,
        birthDate: birth_date,
        gender,
        phone,
        email,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId));
  }
}

async function grantJugador(tx: Tx, clubId: number, rows: PlannedRow[]) {
  const jugador = await roleId(tx, 'Jugador');
  for (const batch of chunks(rows)) {
    await tx
      .insert(clubMemberships)
      .values(batch.map((row) => ({ userId: row.userId!, clubId, roleId: jugador })))
      .onConflictDoNothing();
  }
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

async function upsertPlayers(tx: Tx, clubId: number, rows: PlannedRow[], now: Date) {
  // ~20 parameters a row: 1,000 rows stay far below PostgreSQL's 65,535.
  for (const batch of chunks(rows, 1_000)) {
    await tx
      .insert(players)
      .values(batch.map((row) => ({ ...row.club!, clubId, userId: row.userId!, updatedAt: now })))
      .onConflictDoUpdate({
        target: [players.clubId, players.userId],
        set: {
          categoryId: excluded('category_id'),
          status: excluded('status'),
          position: excluded('position'),
          dominantFoot: excluded('dominant_foot'),
          jerseyNumber: excluded('jersey_number'),
          enrollmentDate: excluded('enrollment_date'),
          paymentModality: excluded('payment_modality'),
          eps: excluded('eps'),
          bloodType: excluded('blood_type'),
          allergies: excluded('allergies'),
          emergencyContactName: excluded('emergency_contact_name'),
          emergencyContactPhone: excluded('emergency_contact_phone'),
          guardianName: excluded('guardian_name'),
          guardianPhone: excluded('guardian_phone'),
          guardianEmail: excluded('guardian_email'),
          guardianRelationship: excluded('guardian_relationship'),
          updatedAt: excluded('updated_at'),
        },
      });
  }
}

/**
 * Imports `sheet` into the club in one transaction; 422 with every row's errors when any.
 * Rows of people who belong elsewhere are not linked: with `links`, each becomes a link
 * request (its e-mails leave after commit).
 */
export async function writeImport(
  db: Db,
  clubId: number,
  sheet: ParsedSheet,
  mapping: PlayerImportMapping,
  now: Date,
  links?: ImportLinkRequests,
  /** Written in the import's transaction: the club's column choices (remembered.ts). */
  alsoWrite?: (tx: Tx) => Promise<void>,
): Promise<PlayerImportResult> {
  const { result, mails } = await db.transaction(async (tx) => {
    // The plan's player limit: its lock comes first (plan-limit.ts), its check after the writes.
    const room = await lockPlayerRoom(tx, clubId);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`player-import:${clubId}`}))`);
    // The club's categories stay while their players are written (a delete waits).
    await tx.execute(
      sql`select id from categories where club_id = ${clubId} and status = 'active' for share`,
    );
    const first = await planImport(tx, clubId, sheet, mapping);
    if (first.counts.error > 0) refuseErrors(first.rows.filter((row) => row.status === 'error'));
    const valid = first.rows.filter((row) => row.status !== 'unchanged');
    await lockKeys(tx, [
      ...valid.flatMap((row) =>
        row.person
          ? [`person-document:${row.person.document_type}:${row.person.document_number}`]
          : [],
      ),
      ...valid.flatMap((row) =>
        [row.person?.email, row.identity?.email].flatMap((email) =>
          email ? [`person-email:${email}`] : [],
        ),
      ),
    ]);
    // Planned again under the locks: what a concurrent writer committed meanwhile counts.
    const plan = await planImport(tx, clubId, sheet, mapping);
    if (plan.counts.error > 0) refuseErrors(plan.rows.filter((row) => row.status === 'error'));
    const writes = plan.rows.filter((row) => row.status === 'new' || row.status === 'update');
    await createPersons(tx, writes);
    await updateIdentities(tx, writes, now);
    await grantJugador(tx, clubId, writes);
    await upsertPlayers(tx, clubId, writes, now);
    await assertImportFits(tx, clubId, room);
    const requests = await sendLinkRequests(tx, clubId, plan.rows, links);
    await alsoWrite?.(tx);
    return {
      result: {
        created: plan.counts.new,
        updated: plan.counts.update,
        unchanged: plan.counts.unchanged,
        requested: requests.sent,
      },
      mails: requests.mails,
    };
  });
  if (links) mails.forEach((mail) => links.deps.outbox.dispatch(mail));
  return result;
}
