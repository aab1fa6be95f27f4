import { type SQL, and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ClubLinkRequest,
  IncomingLinkRequest,
  LinkRequestKind,
  LinkRequestStatus,
} from '../../../contract/link-requests.schema';
import { linkRequestMessages } from '../../../contract/link-requests.schema';
import { DATA_POLICY_VERSION, dataPolicyText } from '../../../contract/parents.schema';
import type { PersonDocumentType } from '../../../contract/profile.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { linkRequests } from '../../db/schema/link-requests';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../people/people.service';
import { answerableSql } from './link-request.recipients';

/*
 * The read side of link requests. The club sees only what it typed (never the stored
 * person); the recipient sees the club and the person they answer for. A pending request
 * past `expires_at` reads as 'expired' (stored so when someone touches it).
 */

const requester = alias(users, 'link_requester');

const toIso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

const shownStatus = (status: LinkRequestStatus, expiresAt: Date, now: Date): LinkRequestStatus =>
  status === 'pending' && expiresAt.getTime() <= now.getTime() ? 'expired' : status;

const clubColumns = {
  id: linkRequests.id,
  kind: linkRequests.kind,
  status: linkRequests.status,
  typedName: linkRequests.typedName,
  typedDocumentType: linkRequests.typedDocumentType,
  typedDocumentNumber: linkRequests.typedDocumentNumber,
  typedEmail: linkRequests.typedEmail,
  requesterName: sql<string | null>`${requester.name} || ' ' || ${requester.lastname}`,
  requestedAt: linkRequests.requestedAt,
  expiresAt: linkRequests.expiresAt,
  decidedAt: linkRequests.decidedAt,
};

type ClubRow = {
  id: number;
  kind: LinkRequestKind;
  status: LinkRequestStatus;
  typedName: string;
  typedDocumentType: string | null;
  typedDocumentNumber: string | null;
  typedEmail: string | null;
  requesterName: string | null;
  requestedAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
};

const toClubRequest = (row: ClubRow, now: Date): ClubLinkRequest => ({
  id: row.id,
  kind: row.kind,
  status: shownStatus(row.status, new Date(row.expiresAt), now),
  typed_name: row.typedName,
  typed_document_type: row.typedDocumentType as PersonDocumentType | null,
  typed_document_number: row.typedDocumentNumber,
  typed_email: row.typedEmail,
  requested_by_name: row.requesterName,
  requested_at: toIso(row.requestedAt)!,
  expires_at: toIso(row.expiresAt)!,
  decided_at: toIso(row.decidedAt),
});

function clubRequests(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(clubColumns)
    .from(linkRequests)
    .leftJoin(requester, eq(requester.id, linkRequests.requestedBy))
    .where(where)
    .orderBy(desc(linkRequests.requestedAt), desc(linkRequests.id));
}

/** One request of the club as the club sees it; 404 when it is not the club's. */
export async function clubRequestById(
  db: Db | Tx,
  clubId: number,
  requestId: number,
  now: Date,
): Promise<ClubLinkRequest> {
  const [row] = await clubRequests(
    db,
    and(eq(linkRequests.clubId, clubId), eq(linkRequests.id, requestId)),
  );
  if (!row) throw new AppError(404, linkRequestMessages.notFound);
  return toClubRequest(row as ClubRow, now);
}

/** The club's requests of `kinds`, newest first. */
export async function listClubRequests(
  db: Db,
  clubId: number,
  kinds: LinkRequestKind[],
  now: Date,
): Promise<ClubLinkRequest[]> {
  if (kinds.length === 0) return [];
  const rows = await clubRequests(
    db,
    and(eq(linkRequests.clubId, clubId), inArray(linkRequests.kind, kinds)),
  );
  return rows.map((row) => toClubRequest(row as ClubRow, now));
}

const person = alias(users, 'link_person');

/**
 * The pending (not expired) requests about people `userId` may answer for (null: any,
 * for a token already resolved to its request), newest first.
 */
export async function incomingRows(
  db: Db | Tx,
  userId: number | null,
  now: Date,
  requestId?: number,
) {
  return db
    .select({
      id: linkRequests.id,
      kind: linkRequests.kind,
      status: linkRequests.status,
      clubId: clubs.id,
      clubName: clubs.name,
      personId: person.id,
      personName: person.name,
      personLastname: person.lastname,
      requesterName: sql<string | null>`${requester.name} || ' ' || ${requester.lastname}`,
      requestedAt: linkRequests.requestedAt,
      expiresAt: linkRequests.expiresAt,
    })
    .from(linkRequests)
    .innerJoin(clubs, eq(clubs.id, linkRequests.clubId))
    .innerJoin(person, eq(person.id, linkRequests.personId))
    .leftJoin(requester, eq(requester.id, linkRequests.requestedBy))
    .where(
      and(
        eq(linkRequests.status, 'pending'),
        sql`${linkRequests.expiresAt} > ${now.toISOString()}::timestamptz`,
        // A suspended club's requests wait unseen (issue #33 item 6: its doors are closed).
        isNull(clubs.suspendedAt),
        userId === null ? undefined : sql`${linkRequests.personId} in ${answerableSql(userId)}`,
        requestId === undefined ? undefined : eq(linkRequests.id, requestId),
      ),
    )
    .orderBy(desc(linkRequests.requestedAt), desc(linkRequests.id));
}

export type IncomingRow = Awaited<ReturnType<typeof incomingRows>>[number];

/**
 * A request as `userId` answers it; `setPasswordFor` is the login e-mail of an adult without
 * an account answering from the e-mail (see `set_password_for`).
 */
export const toIncoming = (
  row: IncomingRow,
  userId: number,
  setPasswordFor: string | null = null,
): IncomingLinkRequest => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  club: { id: row.clubId, name: row.clubName },
  person: { id: row.personId, name: row.personName, lastname: row.personLastname },
  as_guardian: row.personId !== userId,
  requested_by_name: row.requesterName,
  requested_at: toIso(row.requestedAt)!,
  expires_at: toIso(row.expiresAt)!,
  data_policy: { version: DATA_POLICY_VERSION, text: dataPolicyText(row.clubName) },
  set_password_for: setPasswordFor,
});
